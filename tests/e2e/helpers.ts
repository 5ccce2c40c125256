import type { BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { handTrack } from '../support/captcha.ts';
import { animationsSettled } from './gate-checks.ts';

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

type Track = [number, number, number][];

/**
 * Moves along a hand's drag (points [x, y, ms] from the start) in real time: the server judges a drag by its timing
 * and shape, so the waits here are the input itself, not waits for the page.
 */
const followTrack = async (track: Track, moveTo: (x: number, y: number) => Promise<unknown>) => {
  const start = performance.now();
  for (const [x, y, t] of track.slice(1)) {
    const wait = t - (performance.now() - start);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    await moveTo(x, y);
  }
};

/** The middle of the (enabled, still) slider handle. */
const handleCentre = async (page: Page) => {
  await expect.poll(() => slider(page).getAttribute('aria-disabled')).toBe('false');
  await slider(page).hover({ trial: true }); // only waits until it is visible and still
  const box = (await slider(page).boundingBox())!;
  return { x0: box.x + box.width / 2, y0: box.y + box.height / 2 };
};

/** Drags the slider handle `dx` pixels to the right with the real mouse, as a hand does; the server's answer. */
export const dragSlider = async (page: Page, dx: number) => {
  const { x0, y0 } = await handleCentre(page);
  const verified = page.waitForResponse(isVerify);
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  await followTrack(handTrack(dx), (x, y) => page.mouse.move(x0 + x, y0 + y));
  await page.mouse.up();
  return verified;
};

/** The same with a finger, through Chromium's touch input (pointer events of type touch reach the page). */
export const dragSliderByTouch = async (page: Page, context: BrowserContext, dx: number) => {
  const { x0, y0 } = await handleCentre(page);
  const cdp = await context.newCDPSession(page);
  const verified = page.waitForResponse(isVerify);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: x0, y: y0 }] });
  await followTrack(handTrack(dx), (x, y) =>
    cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x0 + x, y: y0 + y }] }),
  );
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
  return verified;
};

/**
 * Waits until no finite CSS animation or transition runs (a drawer sliding in, a confirmation fading out): colours
 * are only final, for axe's contrast check, once the motion has ended. Endless ones (a spinner) are not waited for.
 */
export const motionEnded = animationsSettled;

/** Confirms an antd Popconfirm once it has stopped zooming in: a click during the zoom can land beside the button. */
export const confirmPopover = async (page: Page, label: string) => {
  const popup = page.locator('.ant-popconfirm:not(.ant-popover-hidden)');
  const button = popup.getByRole('button', { name: cn(label) });
  await button.waitFor();
  await animationsSettled(page);
  await button.click();
  await popup.waitFor({ state: 'hidden' });
};
