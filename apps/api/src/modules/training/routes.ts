import { routes } from '@zyk/shared';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/contract.ts';
import { createTrainingService } from './service.ts';

/** The training centre (研修中心): a member's projects, their courses and progress. */
export default async function trainingRoutes(app: FastifyInstance) {
  const training = createTrainingService(app.prisma);
  registerRoute(app, routes.getProjectPage, ({ user, query }) => training.projects(user.id, query));
  registerRoute(app, routes.getProjectDetail, ({ user, query }) => training.detail(user.id, query.id));
}
