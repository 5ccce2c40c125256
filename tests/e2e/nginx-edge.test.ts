import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { createApiClient, encryptPassword, routes } from '@zyk/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app.ts';
import { DEMO_PASSWORD, solveCaptcha, TRANSPORT_KEY } from '../support/auth.ts';
import { freePort } from '../support/net.ts';
import { NGINX, startShippedNginx } from '../support/nginx.ts';
import { appAndBrowserForFile, artifact, openSession } from './browser.ts';
import { settle, watchPage } from './gate-checks.ts';
import { dismissPicker, dragSlider, isPuzzle, loginDialog } from './helpers.ts';

/**
 * The shipped deploy/nginx.conf itself (only Docker's resolver and the `api` service name replaced) in front of the
 * product on a port other than 80, as `HTTP_PORT` publishes it: a teacher logs in through it in Chromium (every
 * form the browser sends carries an Origin with that port, which the api compares with Host); the client address
 * the api records is nginx's peer unless a proxy in front is named as trusted; each request gets its own upstream
 * connection. Needs nginx (`.ci/run` installs Debian's package).
 */

let t: TestApp;
let browser: Browser;
appAndBrowserForFile(
  (app, launched) => {
    t = app;
    browser = launched;
  },
  { TRUST_PROXY: 'true' },
);

let edge: Awaited<ReturnType<typeof startShippedNginx>>;
let behindProxy: Awaited<ReturnType<typeof startShippedNginx>>;

beforeAll(async () => {
  if (!NGINX) return;
  const instance = new URL(t.url).host;
  edge = await startShippedNginx({ port: await freePort(), instances: [instance] });
  behindProxy = await startShippedNginx({ port: await freePort(), instances: [instance], trustedProxy: '127.0.0.1' });
});
afterAll(async () => {
  await edge?.stop();
  await behindProxy?.stop();
});

/** Logs lijg in through the header's dialog at `base`: the puzzle solved with the mouse, then the form sent. */
const loginThrough = async (page: Page, base: string) => {
  await page.goto(`${base}/home/index`);
  await settle(page);
  await dismissPicker(page);
  const puzzle = page.waitForResponse(isPuzzle);
  await page.getByRole('banner').getByRole('button', { name: '登录', exact: true }).click();
  const serial = ((await (await puzzle).json()) as { data: { captchaSerialNumber: string } }).data.captchaSerialNumber;
  const { x } = await t.prisma.captchaChallenge.findUniqueOrThrow({ where: { serial } });
  await loginDialog(page).getByLabel('账号').fill('lijg');
  await loginDialog(page).getByLabel('密码').fill(DEMO_PASSWORD);
  const verdict = await dragSlider(page, x);
  expect(((await verdict.json()) as { data: number }).data).toBe(1);
  const login = page.waitForResponse((r) => r.url().endsWith('/api/newLogin'));
  await loginDialog(page).getByRole('button', { name: '登录', exact: true }).click();
  return (await (await login).json()) as { code: number; msg: string };
};

const newestSession = () =>
  t.prisma.session.findFirstOrThrow({ where: { user: { userName: 'lijg' } }, orderBy: { createdAt: 'desc' } });

describe.skipIf(!NGINX)('the shipped nginx config on a port other than 80', () => {
  it('logs a teacher in through it in Chromium; a client’s own X-Forwarded-For is not believed', async () => {
    expect(new URL(edge.url).port).not.toBe('80');
    const { context, page } = await openSession(browser, { extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.23' } });
    const watcher = await watchPage(context, page);
    try {
      const answer = await loginThrough(page, edge.url);
      expect(answer.code, answer.msg).toBe(0);
      await page.getByRole('banner').getByTestId('user-menu').first().waitFor();
      await page.screenshot({ path: artifact('nginx-edge-logged-in.png') });
      expect(watcher.take()).toEqual([]);
      expect((await newestSession()).ip).toBe('127.0.0.1');
    } finally {
      await context.close();
    }
  });

  it('takes the client address from a proxy in front once that proxy is named as trusted', async () => {
    const { context, page } = await openSession(browser, { extraHTTPHeaders: { 'X-Forwarded-For': '203.0.113.7' } });
    try {
      const answer = await loginThrough(page, behindProxy.url);
      expect(answer.code, answer.msg).toBe(0);
      expect((await newestSession()).ip).toBe('203.0.113.7');
    } finally {
      await context.close();
    }
  });

  it('opens a fresh connection to the instance for every request (no pool an instance could close under a POST)', async () => {
    // Each probe's request is tagged, so requests of other tests still draining do not count.
    const sockets = new Map<string, Socket>();
    const note = (request: IncomingMessage) => {
      const probe = /[?&]probe=(\d+)/.exec(request.url ?? '')?.[1];
      if (probe) sockets.set(probe, request.socket);
    };
    t.app.server.on('request', note);
    try {
      for (let i = 0; i < 5; i++) {
        const answer = await fetch(`${edge.url}/api/open/already/login?probe=${i}`);
        expect(answer.status).toBe(200);
      }
      expect(sockets.size).toBe(5);
      expect(new Set(sockets.values()).size).toBe(5);
    } finally {
      t.app.server.off('request', note);
    }
    // A state-changing call from a page on the edge's own address (Origin with its port) is not refused.
    const fromPage = createApiClient({ baseUrl: edge.url, headers: () => ({ origin: edge.url }) });
    const verifyImageResult = await solveCaptcha(t, fromPage);
    const login = await fromPage(routes.newLogin, {
      body: { username: 'lijg', password: encryptPassword(DEMO_PASSWORD, TRANSPORT_KEY), verifyImageResult },
    });
    expect(login.code, login.msg).toBe(0);
  });
});
