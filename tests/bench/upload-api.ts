// The api alone in its own process, so the uploads benchmark can measure its memory: `node --import tsx upload-api.ts`.
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', SERVE_WEB: 'false', RATE_LIMITS: 'false' });
const app = await buildApp({ config, databaseUrl: process.env.DATABASE_URL!, webDir: null });
const url = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`listening ${url}`);
process.once('SIGTERM', async () => {
  await app.close();
  process.exit(0);
});
