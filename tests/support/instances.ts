import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';

/** Another api instance on an existing database (restarts, several instances behind one load balancer). */
export const startInstance = async (databaseUrl: string, env: Record<string, string> = {}) => {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SERVE_WEB: 'false', ...env });
  const app = await buildApp({ config, databaseUrl, webDir: null });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url, close: () => app.close() };
};
