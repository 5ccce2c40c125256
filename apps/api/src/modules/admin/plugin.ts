import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { SmsSender } from '../account/sms.ts';
import catalogueRoutes from './catalogue-routes.ts';
import consoleRoutes from './console-routes.ts';
import curationRoutes from './curation-routes.ts';
import dashboardRoutes from './dashboard-routes.ts';
import moneyRoutes from './money-routes.ts';
import registrationRoutes from './registration-routes.ts';
import reviewRoutes from './review-routes.ts';
import roleRoutes from './role-routes.ts';
import rosterRoutes from './roster-routes.ts';
import schoolRoutes from './school-routes.ts';
import userRoutes from './user-routes.ts';

/**
 * The administration console's api (/api/admin): every route names its permission; the work is done by the
 * modules that own the data, and every change is written to the audit log (audited.ts).
 */
export default async function adminRoutes(app: FastifyInstance, opts: { config: Config; sms: SmsSender }) {
  await app.register(consoleRoutes, opts);
  await app.register(dashboardRoutes, opts);
  await app.register(reviewRoutes, opts);
  await app.register(userRoutes, opts);
  await app.register(rosterRoutes, opts);
  await app.register(schoolRoutes, opts);
  await app.register(roleRoutes, opts);
  await app.register(registrationRoutes, opts);
  await app.register(moneyRoutes, opts);
  await app.register(curationRoutes, opts);
  await app.register(catalogueRoutes, opts);
}
