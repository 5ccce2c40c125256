import { routes } from '@zyk/shared';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/contract.ts';
import { createProfileService } from './profile.ts';
import { createCenterService } from './service.ts';

export default async function centerRoutes(app: FastifyInstance) {
  const center = createCenterService(app.prisma);
  registerRoute(app, routes.getRoleList, ({ user }) => center.roleList(user.id));
  registerRoute(app, routes.getCenterInfo, ({ user, query }) => center.info(user.id, query));
  const profile = createProfileService(app);
  registerRoute(app, routes.getProfile, ({ user }) => profile.get(user.id));
  registerRoute(app, routes.profileSave, ({ user, body }) => profile.save(user.id, body));
  registerRoute(app, routes.getSubjectOption, ({ query }) => center.subjectOptions(query.stageId));
  registerRoute(app, routes.getAreaDict, ({ query }) => center.areas(query.parentCode));
}
