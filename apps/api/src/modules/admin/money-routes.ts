import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';

/** The console's money api. */
export default async function moneyRoutes(_app: FastifyInstance, _opts: { config: Config }) {}
