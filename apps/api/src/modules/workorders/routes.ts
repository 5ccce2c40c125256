import { routes } from '@zyk/shared';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/contract.ts';
import { createWorkOrderService } from './service.ts';

export default async function workOrderRoutes(app: FastifyInstance) {
  const orders = createWorkOrderService(app.prisma);
  registerRoute(app, routes.workOrderInsert, ({ user, body }) => orders.insert(user.id, body));
  registerRoute(app, routes.workOrderInfo, ({ user, query }) => orders.mine(user.id, query));
}
