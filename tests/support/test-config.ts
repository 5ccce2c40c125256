import { loadConfig } from '../../apps/api/src/config.ts';

/** The config every test app starts from: test mode, no logs, no web, its own data folder; `env` on top. */
export const testConfig = (dataDir: string, env: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SERVE_WEB: 'false', DATA_DIR: dataDir, ...env });
