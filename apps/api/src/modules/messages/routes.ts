import { routes } from '@zyk/shared';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/contract.ts';
import { createMessageService } from './service.ts';

export default async function messageRoutes(app: FastifyInstance) {
  const messages = createMessageService(app.prisma);
  registerRoute(app, routes.messageList, ({ user, query }) => messages.list(user.id, query));
  registerRoute(app, routes.messageDetail, ({ user, query }) => messages.detail(user.id, query.id));
  registerRoute(app, routes.messageRead, ({ user, query }) => messages.read(user.id, query.id));
  registerRoute(app, routes.messageReadAll, ({ user }) => messages.readAll(user.id));
  registerRoute(app, routes.unreadMessageCount, ({ user }) => messages.unread(user.id));
}
