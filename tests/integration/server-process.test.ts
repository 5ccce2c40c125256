import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../apps/api/src/lib/paths.ts';
import { checkLedger, userBalances } from '../../apps/api/src/modules/commerce/ledger.ts';
import { createPrisma } from '../../apps/api/src/plugins/prisma.ts';
import { createTestDatabase } from '../support/db.ts';
import { fakeMp4, sha256 } from '../support/files.ts';
import { freePort } from '../support/net.ts';
import { initVideo, loginOverHttp, uploadVideo } from '../support/uploads.ts';

/**
 * The built server as `npm start` runs it (apps/api/dist/server.mjs, a bundle): it must boot, migrate, answer,
 * serve the web, and shut down cleanly on SIGTERM. Catches what source-level tests cannot (bundling, paths).
 */
const SERVER = path.join(ROOT_DIR, 'apps/api/dist/server.mjs');
const WEB_INDEX = path.join(ROOT_DIR, 'apps/web/dist/index.html');

let child: ChildProcess;
let base: string;
let drop: () => Promise<void>;
let databaseUrl: string;
let output = '';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zyk-server-'));

beforeAll(async () => {
  if (!existsSync(SERVER) || !existsSync(WEB_INDEX)) throw new Error('先构建：pnpm build（npm test 会自动构建）');
  const db = await createTestDatabase();
  drop = db.drop;
  databaseUrl = db.url;
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  // Seeding the demo district comes first: 40 s and more on a loaded 2-core machine.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start: ${output}`);
}, 200_000);

afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await drop?.();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('built server process', () => {
  it('is ready with its first-start demo data, answers the api and serves the web app', async () => {
    expect(await (await fetch(`${base}/readyz`)).json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', storage: 'ok' },
    });
    const dict = await (await fetch(`${base}/api/open/dict/list?dictId=0&dictLevel=1`)).json();
    expect(dict.data[0]).toEqual({ id: null, dictName: '全部' });
    const config = await (await fetch(`${base}/api/open/client/config`)).json();
    expect(config.code).toBe(0);
    const totals = await (await fetch(`${base}/es/resource/lib/getTotalResourceCount`)).json();
    expect(totals.data.total).toBeGreaterThan(300);
    const page = await fetch(`${base}/home/index`);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('<div id="root">');
  });

  it("answers the home page's paths with its prerendered frame, every other page with the empty shell", async () => {
    for (const entry of ['/', '/home', '/home/index', '/home/index?x=1']) {
      const html = await (await fetch(`${base}${entry}`)).text();
      expect(html, entry).toContain('汇聚区域优质教学资源');
      expect(html, entry).toContain('主导航');
    }
    for (const other of ['/home/search?searchKeyWord=数学', '/personSpace/index', '/no/such/page']) {
      const html = await (await fetch(`${base}${other}`)).text();
      expect(html, other).toContain('<div id="root"></div>');
      expect(html, other).not.toContain('汇聚区域优质教学资源');
    }
  });

  it('takes a chunked video upload, hashing it on its worker thread (dist/hash-worker.mjs)', async () => {
    const prisma = createPrisma(databaseUrl);
    try {
      const cookie = await loginOverHttp(base, prisma, 'zhangxm');
      const data = fakeMp4(2 * 1024 * 1024 + 123);
      const info = (await initVideo(base, cookie, '打包后上传.mp4', data.length)).json.data;
      const done = await uploadVideo(base, cookie, info, '打包后上传.mp4', data);
      expect(done.data).toMatchObject({ result: 1 });
      const file = await prisma.storedFile.findUniqueOrThrow({ where: { id: done.data!.fileId! } });
      expect(file.sha256).toBe(sha256(data));
      expect(output).not.toContain('hash worker');
    } finally {
      await prisma.$disconnect();
    }
  });

  it('has demo money on first start: balances, coupons and sales booked through a consistent ledger', async () => {
    const prisma = createPrisma(databaseUrl);
    try {
      const lijg = await prisma.user.findUniqueOrThrow({ where: { userName: 'lijg' } });
      const balances = await userBalances(prisma, lijg.id);
      expect(balances.availableIncome).toBeGreaterThan(0);
      expect(balances.pendingIncome).toBeGreaterThan(0);
      expect(await prisma.coupon.count({ where: { userId: lijg.id } })).toBe(3);
      // The demo's sales: several, some settled (available) and some still in their settlement period (pending).
      expect(await prisma.order.count({ where: { sellerId: lijg.id, status: 'PAID' } })).toBeGreaterThanOrEqual(3);
      expect(await checkLedger(prisma)).toEqual([]);
      // The sandbox payment gateway answers with its cashier for a signed request only.
      const cashier = await fetch(`${base}/sandbox/alipay/gateway.do?method=alipay.trade.page.pay&app_id=1`);
      expect(cashier.status).toBe(400);
      expect(await cashier.text()).toContain('验签失败');
    } finally {
      await prisma.$disconnect();
    }
  });

  it('shuts down cleanly on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
