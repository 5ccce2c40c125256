import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Writes a feature defers and batches (e.g. hot-word counts); each returns once what it holds is stored. */
    backgroundWrites: Set<() => Promise<void>>;
  }
}

/** Stores everything the features are holding back, e.g. before comparing database contents in a test. */
export const flushBackgroundWrites = async (app: FastifyInstance) => {
  await Promise.all([...app.backgroundWrites].map((flush) => flush()));
};
