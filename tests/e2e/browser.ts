import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContextOptions, chromium } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { loginAs } from '../support/auth.ts';
import { DEMO_HOOK_TIMEOUT } from '../support/demo.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');
/** The built web; E2E_WEB_DIR points elsewhere (e.g. a build of one's own while someone else rebuilds dist). */
export const WEB_DIR = process.env.E2E_WEB_DIR ?? path.join(ROOT, 'apps/web/dist');
export const ARTIFACTS = path.join(ROOT, 'tests/artifacts/e2e');
const CHROMIUM = '/usr/bin/chromium';

/** Checks the web build and Chromium are there, then launches Debian's Chromium headless. */
export const launchBrowser = async (): Promise<Browser> => {
  if (!existsSync(path.join(WEB_DIR, 'index.html'))) {
    throw new Error(
      `The web build is missing (${WEB_DIR}): run \`pnpm --filter @zyk/web build\` before the e2e tests.`,
    );
  }
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium fonts-wqy-microhei`);
  }
  mkdirSync(ARTIFACTS, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
};

/** Starts an app serving the web build and Chromium before a file's tests, and closes both after them. */
const forFile = (keep: (app: TestApp, browser: Browser) => void, options: Parameters<typeof startTestApp>[0]) => {
  let app: TestApp | undefined;
  let browser: Browser | undefined;
  beforeAll(
    async () => {
      browser = await launchBrowser();
      app = await startTestApp({ webDir: WEB_DIR, ...options });
      keep(app, browser);
    },
    options?.demo ? DEMO_HOOK_TIMEOUT : undefined,
  );
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });
};

/**
 * The app serving the web build, and Chromium, for the tests of one file: started before them (the file's own
 * beforeAll hooks, which add its data, run after this one), closed after them. `keep` stores them for the tests.
 */
export const appAndBrowserForFile = (keep: (app: TestApp, browser: Browser) => void, env?: Record<string, string>) =>
  forFile(keep, env && { env });

/**
 * The same on a copy of the demo district as `npm start` seeds it (no rate limits, no background worker: the demo's
 * media backlog stays queued; a file makes the media of what it shows with makeMediaFor).
 */
export const demoAppAndBrowserForFile = (keep: (app: TestApp, browser: Browser) => void) =>
  forFile(keep, { demo: true });

/**
 * A fresh browser session (its own cookies and sessionStorage) with one tab; page errors are collected. It asks for
 * reduced motion, as many teachers' machines do: dialogs and drawers appear at once, so a click lands where the page
 * shows its target. Tests of the motion itself pass `reducedMotion: 'no-preference'`.
 */
export const openSession = async (browser: Browser, options: BrowserContextOptions = {}) => {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    reducedMotion: 'reduce',
    ...options,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
};

export const artifact = (name: string) => path.join(ARTIFACTS, name);

/**
 * A session that has been on the site before (no first-visit stage/subject picker); with `login`, it also holds the
 * session cookie of a real login as that user, as the browser would keep it.
 */
export const returningSession = async (
  browser: Browser,
  login?: { app: TestApp; userName: string; password?: string },
) => {
  const session = await openSession(browser);
  await session.context.addInitScript(() => window.sessionStorage?.setItem('hasVisited', '1'));
  if (login) {
    const { jar } = await loginAs(login.app, login.userName, login.password);
    await session.context.addCookies([...jar].map(([name, value]) => ({ name, value, url: login.app.url })));
  }
  return session;
};
