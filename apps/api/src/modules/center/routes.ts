import { routes } from '@zyk/shared';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/contract.ts';
import { createCenterService } from './service.ts';

export default async function centerRoutes(app: FastifyInstance) {
  const center = createCenterService(app.prisma);
  registerRoute(app, routes.getRoleList, ({ user }) => center.roleList(user.id));
  registerRoute(app, routes.getCenterInfo, ({ user, query }) => center.info(user.id, query));
  registerRoute(app, routes.getStudioList, ({ user, query }) =>
    center.studios(user.id, query.roleId, query.roleTypeId),
  );
  registerRoute(app, routes.getProjectPage, ({ user, query }) => center.projects(user.id, query.current, query.size));
  registerRoute(app, routes.getSubjectOption, ({ query }) => center.subjectOptions(query.stageId));
  registerRoute(app, routes.getAreaDict, ({ query }) => center.areas(query.parentCode));
}
