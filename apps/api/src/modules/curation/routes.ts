import { routes } from '@zyk/shared';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/contract.ts';
import { activeHomeBanners } from './service.ts';

/** The home page's banners for everybody (the console's editing lives in admin/curation-routes.ts). */
export default async function curationRoutes(app: FastifyInstance) {
  registerRoute(app, routes.homeBanners, () => activeHomeBanners(app.prisma, app.clock.now()), {
    trustedResponse: true,
  });
}
