import { routes } from '@zyk/shared';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/contract.ts';
import { listDict } from './service.ts';

export default async function dictRoutes(app: FastifyInstance) {
  registerRoute(app, routes.dictList, ({ query }) => listDict(app.prisma, query.dictId, query.dictLevel as 1 | 2));
}
