import type { FastifyInstance } from 'fastify';
import type { Config, SeedMode } from '../config.ts';
import { type Log, seedMinimal } from '../db/seed-minimal.ts';
import { seedIfEmpty } from './accounts.ts';
import { seedDemoActivity } from './activity.ts';
import { seedDemoClassroom } from './classroom.ts';
import { seedDemoCommerce } from './commerce.ts';
import { seedDemoLibrary } from './library.ts';
import { seedDemoRegistrations } from './registrations.ts';
import { seedDemoStudios } from './studios.ts';
import { seedDemoTraining } from './training.ts';
import { seedDemoVideos } from './videos.ts';

/**
 * The demo (`npm start`): reference data and demo accounts, then the demo library (on its chapters), sales, pending
 * registrations, studios and training; each part fills in only what is missing.
 */
export const seedDemo = async (app: FastifyInstance, config: Config, log: Log = () => {}) => {
  await seedIfEmpty(app.prisma, log);
  await seedDemoLibrary(app, config, log);
  await seedDemoVideos(app, config, log);
  await seedDemoClassroom(app, config, log);
  // Sales before activity: the history then downloads a paid resource only by its buyers.
  await seedDemoCommerce(app, config, log);
  await seedDemoActivity(app.prisma, config, log);
  await seedDemoRegistrations(app.prisma, log);
  await seedDemoStudios(app.prisma, log);
  await seedDemoTraining(app.prisma, log);
};

/**
 * Seeds in the given mode, holding a session advisory lock so several instances starting on one empty database
 * (compose replicas) seed it once: the others wait, then find everything there.
 */
export const seedInMode = async (app: FastifyInstance, config: Config, mode: SeedMode, log: Log = () => {}) => {
  if (mode === 'none') return;
  const client = await app.pg.connect();
  try {
    await client.query("SELECT pg_advisory_lock(hashtext('ziyuanku:seed'))");
    try {
      if (mode === 'demo') await seedDemo(app, config, log);
      else await seedMinimal(app.prisma, config, log);
    } finally {
      await client.query("SELECT pg_advisory_unlock(hashtext('ziyuanku:seed'))");
    }
  } finally {
    client.release();
  }
};
