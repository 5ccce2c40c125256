import type { BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';

/** Page helpers the e2e files share: waiting, antd's toasts and labels, the picker, the login dialog's slider. */

/** Waits for what the page does after a request (expect.poll gives up after 1 s by default). */
export const eventually = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });

/** antd writes a bordered button's two-character Chinese label with a space between (删 除): match either. */
export const cn = (label: string) => new RegExp(`^${[...label].join('\\s?')}$`);

export const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true });

/**
 * One browser session for the tests of a describe block: `open` runs before them and `keep` stores what the tests
 * read (page, errors…); the session's context is closed after them.
 */
export const sessionForBlock = <S extends { context: BrowserContext }>(
  open: () => Promise<S>,
  keep: (session: S) => void,
) => {
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    const session = await open();
    context = session.context;
    keep(session);
  });
  afterAll(async () => {
    await context?.close();
  });
};

export const picker = (page: Page) => page.getByRole('dialog', { name: '选择学段与学科' });

/** Closes the stage/subject picker that opens on the first visit of a session. */
export const dismissPicker = async (page: Page) => {
  await picker(page).waitFor({ state: 'visible' });
  await page.keyboard.press('Escape');
  await picker(page).waitFor({ state: 'hidden' });
};

export const loginDialog = (page: Page) => page.getByRole('dialog', { name: '账号登录' });
export const slider = (page: Page) => loginDialog(page).getByRole('slider');

/** The login dialog asking for a puzzle, and sending where the piece was dropped. */
export const isPuzzle = (response: Response) =>
  response.url().includes('/api/login/getImgSwipe') && response.request().method() === 'GET';
export const isVerify = (response: Response) => response.url().includes('/api/login/rstImgSwipe');

/** Drags the (enabled) slider handle `dx` pixels to the right with the real mouse; the server's answer to the drop. */
export const dragSlider = async (page: Page, dx: number) => {
  await slider(page).hover(); // waits until the handle has stopped sliding back
  const box = (await slider(page).boundingBox())!;
  const x0 = box.x + box.width / 2;
  const y0 = box.y + box.height / 2;
  const verified = page.waitForResponse(isVerify);
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  // A hand is not a straight line: overshoot a little and wobble, then settle on the target.
  await page.mouse.move(x0 + dx * 0.5, y0 + 3, { steps: 6 });
  await page.mouse.move(x0 + dx + 6, y0 - 2, { steps: 6 });
  await page.mouse.move(x0 + dx, y0, { steps: 3 });
  await page.mouse.up();
  return verified;
};

/**
 * Waits until no finite CSS animation or transition runs (a drawer sliding in, a confirmation fading out): colours
 * are only final, for axe's contrast check, once the motion has ended. Endless ones (a spinner) are not waited for.
 */
export const motionEnded = (page: Page) =>
  page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY),
  );
