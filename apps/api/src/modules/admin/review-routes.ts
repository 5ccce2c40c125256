import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';

/** The console's review api. */
export default async function reviewRoutes(_app: FastifyInstance, _opts: { config: Config }) {}
