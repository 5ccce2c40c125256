import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';

/** The console's curation api. */
export default async function curationRoutes(_app: FastifyInstance, _opts: { config: Config }) {}
