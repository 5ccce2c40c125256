// `npm start`: install, build what is stale, then run the api serving the web, with embedded defaults.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { build, install, ROOT } from './lib.mjs';

install();
build();
const server = spawn(process.execPath, ['--enable-source-maps', path.join(ROOT, 'apps/api/dist/server.mjs')], {
  cwd: ROOT,
  stdio: 'inherit',
  // The README's demo: production runtime, but the demo data and accounts (the production default seeds minimal),
  // and the built-in sandboxes chosen on purpose for payments, WeChat and text messages (production requires a choice).
  env: {
    NODE_ENV: 'production',
    SEED_ON_START: 'demo',
    PAYMENT_PROVIDER: 'sandbox',
    WECHAT_PROVIDER: 'sandbox',
    SMS_PROVIDER: 'outbox',
    ...process.env,
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
