import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';

/** The console's dashboard api. */
export default async function dashboardRoutes(_app: FastifyInstance, _opts: { config: Config }) {}
