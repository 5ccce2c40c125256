import { routes } from '@zyk/shared';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/contract.ts';
import { createStudioService } from './service.ts';

export default async function studioRoutes(app: FastifyInstance) {
  const studios = createStudioService(app);
  registerRoute(app, routes.getStudioList, ({ user, query }) => studios.list(user.id, query.roleId, query.roleTypeId));
  registerRoute(app, routes.studioHome, ({ user, query }) => studios.home(query.code, user));
  registerRoute(app, routes.studioMembers, ({ query }) => studios.members(query.code, query));
  registerRoute(app, routes.studioResources, ({ query }) => studios.resources(query.code, query));
  registerRoute(app, routes.studioAnnouncements, ({ query }) => studios.announcements(query.code, query));
  registerRoute(app, routes.studioShareable, ({ user, query }) => studios.shareable(user, query.code, query));
  registerRoute(app, routes.studioMemberAdd, ({ user, body }) => studios.addMember(user, body.code, body.account));
  registerRoute(app, routes.studioMemberRemove, async ({ user, body }) => {
    await studios.removeMember(user, body.code, body.memberId);
    return null;
  });
  registerRoute(app, routes.studioLeave, async ({ user, body }) => {
    await studios.leave(user, body.code);
    return null;
  });
  registerRoute(app, routes.studioIntroSave, ({ user, body }) => studios.saveIntro(user, body.code, body));
  registerRoute(app, routes.studioAnnouncementSave, ({ user, body }) =>
    studios.postAnnouncement(user, body.code, body),
  );
  registerRoute(app, routes.studioAnnouncementDelete, async ({ user, body }) => {
    await studios.deleteAnnouncement(user, body.code, body.id);
    return null;
  });
  registerRoute(app, routes.studioShare, async ({ user, body }) => {
    await studios.share(user, body.code, body.resourceId);
    return null;
  });
  registerRoute(app, routes.studioUnshare, async ({ user, body }) => {
    await studios.unshare(user, body.code, body.resourceId);
    return null;
  });
}
