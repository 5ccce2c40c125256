import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';

/** The console's people api. */
export default async function peopleRoutes(_app: FastifyInstance, _opts: { config: Config }) {}
