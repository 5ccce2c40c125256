import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { seedDemoResources } from './resources.ts';

/**
 * The demo library's documents and achievements (demo-resources.ts): a few hundred, about real catalogue lessons,
 * each with its own generated Office files, published over the last half year, plus a few awaiting review or sent
 * back. Only while the library has no document or achievement at all, so a second start changes nothing and a
 * district's own uploads are never added to.
 */
export const seedDemoLibrary = async (app: FastifyInstance, config: Config, log: (msg: string) => void = () => {}) => {
  const { prisma } = app;
  if ((await prisma.resource.count({ where: { type: { in: ['DOCUMENT', 'ACHIEVEMENT'] } } })) > 0) return 0;
  const started = performance.now();
  const made = await seedDemoResources(app, config);
  log(
    `seeded ${made} demo documents and achievements with their files in ${Math.round(performance.now() - started)} ms`,
  );
  return made;
};
