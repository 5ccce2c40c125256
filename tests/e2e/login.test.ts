import { MESSAGES } from '@zyk/shared';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app.ts';
import { appAndBrowserForFile, artifact, openSession } from './browser.ts';
import { touchTargets } from './gate-checks.ts';
import {
  dismissPicker,
  dragSlider,
  dragSliderByTouch,
  eventually,
  isPuzzle,
  isVerify,
  loginDialog,
  picker,
  sessionForBlock,
  slider,
  toast,
} from './helpers.ts';

const PASSWORD = 'Teacher@2026';

let t: TestApp;
let browser: Browser;

appAndBrowserForFile((app, launched) => {
  t = app;
  browser = launched;
});

const captcha = (page: Page) => loginDialog(page).getByTestId('slider-captcha');
const submitButton = (page: Page) => loginDialog(page).getByRole('button', { name: '登录', exact: true });
const headerLogin = (page: Page) => page.getByRole('banner').getByRole('button', { name: '登录', exact: true });
const userMenu = (page: Page) => page.getByRole('banner').getByTestId('user-menu');
const selectionLabel = (page: Page) => page.getByTestId('selection-label').first();

/** The puzzle a getImgSwipe answer handed out, with its hole read from the server's own record. */
const puzzleFrom = async (response: Promise<Response>) => {
  const body = (await (await response).json()) as { data: { captchaSerialNumber: string; yposition: number } };
  const serial = body.data.captchaSerialNumber;
  const { x } = await t.prisma.captchaChallenge.findUniqueOrThrow({ where: { serial } });
  return { serial, x, yposition: body.data.yposition };
};

/** A new visitor's home page, its login dialog opened from the header; the puzzle it shows. */
const openLoginFromHome = async (page: Page) => {
  await page.goto(`${t.url}/home/index`);
  await dismissPicker(page);
  const nextPuzzle = page.waitForResponse(isPuzzle);
  await headerLogin(page).click();
  await loginDialog(page).waitFor({ state: 'visible' });
  return puzzleFrom(nextPuzzle);
};

/** Drags the slider handle `dx` pixels to the right with the real mouse, and returns the server's verdict. */
const dragWithMouse = async (page: Page, dx: number) => {
  const response = await dragSlider(page, dx);
  return {
    request: response.request().postDataJSON() as { captchaSerialNumber: string; moveEnd_X: number; wbili: number },
    result: ((await response.json()) as { data: number }).data,
  };
};

/** The same with a finger, through Chromium's touch input (pointer events of type touch reach the page). */
const dragWithTouch = async (page: Page, context: BrowserContext, dx: number) => {
  const response = await dragSliderByTouch(page, context, dx);
  return {
    request: response.request().postDataJSON() as { moveEnd_X: number; wbili: number },
    result: ((await response.json()) as { data: number }).data,
  };
};

/**
 * A script chunk that only the login dialog or the user menu use. Chunk files are named after the chunks that use
 * them (`antd~home-layout~login-dialog-<hash>.js`); these must not be part of a visitor's home page.
 */
const onlyForLogin = (src: string) => {
  const name = /\/assets\/(.+)-[\w-]{8}\.js$/.exec(src)?.[1];
  if (!name) return false;
  const users = name.split('~').filter((part) => part !== 'antd');
  return users.length > 0 && users.every((user) => user === 'login-dialog' || user === 'user-menu');
};

/** Waits until the dialog's zoom-in animation is over: what is on screen is then the layout size. */
const waitUntilStill = async (page: Page) => {
  const background = loginDialog(page).getByRole('img', { name: '拼图背景' });
  // The dialog's animations must be over and the box must match the layout width to a hundredth of a pixel:
  // a half-pixel tolerance once let a frame from the animation's last moments (309.93 px) through.
  await expect
    .poll(() =>
      background.evaluate((el) => {
        const animations = el.closest('.ant-modal')?.getAnimations({ subtree: true }) ?? [];
        const layoutWidth = Number.parseFloat(getComputedStyle(el).width);
        return (
          animations.every((animation) => animation.playState !== 'running') &&
          Math.abs(el.getBoundingClientRect().width - layoutWidth) < 0.01
        );
      }),
    )
    .toBe(true);
  return (await background.boundingBox())!;
};

describe('login dialog, slider puzzle, session and logout', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  const scripts: string[] = [];
  let puzzle: Awaited<ReturnType<typeof puzzleFrom>>;

  sessionForBlock(
    () => openSession(browser),
    (session) => {
      ({ context, page, errors } = session);
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
    },
  );

  it('the home page does not load the login code; the header 登录 button opens the dialog with a puzzle', async () => {
    await page.goto(`${t.url}/home/index`);
    await dismissPicker(page);
    await selectionLabel(page).waitFor();
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter(onlyForLogin)).toEqual([]);

    const nextPuzzle = page.waitForResponse(isPuzzle);
    await headerLogin(page).click();
    await loginDialog(page).waitFor({ state: 'visible' });
    puzzle = await puzzleFrom(nextPuzzle);
    await expect.poll(() => scripts.filter(onlyForLogin).length).toBeGreaterThan(0);

    await expect.poll(() => loginDialog(page).getByTestId('captcha-piece').isVisible()).toBe(true);
    const account = loginDialog(page).getByLabel('账号');
    expect(await account.getAttribute('placeholder')).toBe('用户名/手机号/身份证号');
    await loginDialog(page).getByLabel('密码').waitFor();

    // The piece starts at the left edge on the hole's row (natural size: 1 CSS pixel = 1 image pixel).
    const frame = await waitUntilStill(page);
    const piece = (await loginDialog(page).getByTestId('captcha-piece').boundingBox())!;
    expect(frame.width).toBe(310);
    expect(Math.abs(piece.x - frame.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(piece.y - frame.y - puzzle.yposition)).toBeLessThanOrEqual(1);

    // 注册 and 忘记密码 lead to the auth site and come back to this page.
    const back = encodeURIComponent(page.url());
    expect(await loginDialog(page).getByRole('link', { name: '注册' }).getAttribute('href')).toBe(
      `/auth/register?toUrl=${back}`,
    );
    expect(await loginDialog(page).getByRole('link', { name: '忘记密码' }).getAttribute('href')).toBe(
      `/auth/forgetPassword?toUrl=${back}`,
    );
    await page.screenshot({ path: artifact('login-dialog.png') });
  });

  it('shows the spec validation messages, and each goes once its field is filled', async () => {
    await submitButton(page).click();
    const dialog = loginDialog(page);
    for (const text of [
      MESSAGES.login.accountRequired,
      MESSAGES.login.passwordRequired,
      MESSAGES.login.sliderRequired,
    ]) {
      await dialog.getByText(text, { exact: true }).waitFor();
    }
    await page.screenshot({ path: artifact('login-validation.png') });

    // Blanks are not an account or a password.
    await dialog.getByLabel('账号').fill('   ');
    await submitButton(page).click();
    await dialog.getByText(MESSAGES.login.accountRequired, { exact: true }).waitFor();

    await dialog.getByLabel('账号').fill('  lijg  ');
    await dialog.getByText(MESSAGES.login.accountRequired, { exact: true }).waitFor({ state: 'detached' });
    await dialog.getByLabel('密码').fill('Wrong@2026');
    await dialog.getByText(MESSAGES.login.passwordRequired, { exact: true }).waitFor({ state: 'detached' });
    expect(await dialog.getByText(MESSAGES.login.sliderRequired, { exact: true }).isVisible()).toBe(true);
  });

  it('a missed drop says 验证失败 and the handle slides back', async () => {
    // 20 px off the hole: a plain miss (a drop on a decoy hole, at least 50 px away, would use the puzzle up).
    const miss = puzzle.x > 120 ? puzzle.x - 20 : puzzle.x + 20;
    const { request, result } = await dragWithMouse(page, miss);
    expect(result).toBe(0);
    expect(request).toMatchObject({ captchaSerialNumber: puzzle.serial, moveEnd_X: miss, wbili: 1 });
    // With the drag as the page saw it, ending at the drop, and the puzzle's proof of work.
    const { track, nonce } = request as unknown as { track: number[][]; nonce: string };
    expect(track.length).toBeGreaterThan(10);
    expect(track.at(-1)![0]).toBeCloseTo(miss, 0);
    expect(nonce).toMatch(/^\d+$/);
    await toast(page, MESSAGES.captcha.failed).waitFor();
    await expect.poll(() => slider(page).getAttribute('aria-valuenow')).toBe('0');
    await expect.poll(() => captcha(page).getAttribute('data-phase')).toBe('idle');
  });

  it('solving the puzzle locks the handle; a wrong password shows the server message and a new puzzle', async () => {
    const { result } = await dragWithMouse(page, puzzle.x);
    expect(result).toBe(1);
    await expect.poll(() => captcha(page).getAttribute('data-phase')).toBe('success');
    await loginDialog(page).getByText('验证通过').waitFor();
    expect(await slider(page).getAttribute('tabindex')).toBe('-1');
    await loginDialog(page).getByText(MESSAGES.login.sliderRequired, { exact: true }).waitFor({ state: 'detached' });
    await page.screenshot({ path: artifact('login-puzzle-solved.png') });

    const nextPuzzle = page.waitForResponse(isPuzzle);
    await submitButton(page).click();
    await toast(page, MESSAGES.login.badCredentials).waitFor();
    const fresh = await puzzleFrom(nextPuzzle);
    expect(fresh.serial).not.toBe(puzzle.serial);
    puzzle = fresh;
    await expect.poll(() => captcha(page).getAttribute('data-phase')).toBe('idle');
    expect(await slider(page).getAttribute('aria-valuenow')).toBe('0');
    // The account is kept, the dialog stays open.
    expect(await loginDialog(page).getByLabel('账号').inputValue()).toBe('  lijg  ');
  });

  it('logs in as lijg: trimmed account, encrypted password; the header shows 李建国 and their stage/subject', async () => {
    const dialog = loginDialog(page);
    await dialog.getByLabel('密码').fill(` ${PASSWORD} `);
    expect((await dragWithMouse(page, puzzle.x)).result).toBe(1);

    const sent = page.waitForRequest((r) => r.url().endsWith('/api/newLogin') && r.method() === 'POST');
    await submitButton(page).click();
    const body = (await sent).postDataJSON() as {
      username: string;
      password: string;
      verifyImageResult: { captchaSerialNumber: string; moveEnd_X: number; wbili: number };
    };
    expect(body.username).toBe('lijg');
    expect(body.password).not.toContain(PASSWORD);
    expect(body.password.startsWith('U2FsdGVkX1')).toBe(true); // crypto-js AES with a passphrase: "Salted__"
    expect(body.verifyImageResult).toEqual({ captchaSerialNumber: puzzle.serial, moveEnd_X: puzzle.x, wbili: 1 });

    await dialog.waitFor({ state: 'hidden' });
    await toast(page, MESSAGES.login.success).waitFor();
    await expect.poll(() => userMenu(page).textContent()).toContain('李建国');
    expect(await userMenu(page).textContent()).toContain('教师');
    expect(await headerLogin(page).count()).toBe(0);
    // lijg teaches 初中数学: the picker takes it over.
    await expect.poll(() => selectionLabel(page).textContent()).toBe('初中 | 数学');
    expect(await page.evaluate(() => sessionStorage.getItem('isLogin'))).toBe('1');
    expect(await page.evaluate(() => sessionStorage.getItem('memberId'))).toMatch(/\S/);

    await toast(page, MESSAGES.login.success).waitFor({ state: 'detached', timeout: 10_000 });
    await page.screenshot({ path: artifact('logged-in-header.png'), clip: { x: 0, y: 0, width: 1280, height: 200 } });
  });

  it('a reload keeps the session', async () => {
    await page.reload();
    await expect.poll(() => userMenu(page).textContent()).toContain('李建国');
    await page.getByRole('group', { name: '学科' }).getByRole('button', { name: '物理' }).first().waitFor();
    expect(await headerLogin(page).count()).toBe(0);
    expect(await selectionLabel(page).textContent()).toBe('初中 | 数学');
    expect(await picker(page).count()).toBe(0);
  });

  it('a new tab of the same browser finds the session through the guard and takes over the user stage/subject', async () => {
    const tab = await context.newPage();
    try {
      await tab.goto(`${t.url}/home/index`);
      await eventually(() => userMenu(tab).textContent()).toContain('李建国');
      // A tab of its own has no user yet: the session check applies the saved stage/subject and closes the picker.
      await expect.poll(() => selectionLabel(tab).textContent()).toBe('初中 | 数学');
      await picker(tab).waitFor({ state: 'hidden' });
      expect(await tab.evaluate(() => sessionStorage.getItem('isLogin'))).toBe('1');
    } finally {
      await tab.close();
    }
  });

  it('the user menu leads to the auth site and the studios; 退出登录 returns to the visitor state', async () => {
    const user = await t.prisma.user.findUniqueOrThrow({ where: { userName: 'lijg' } });
    await userMenu(page).click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(await menu.getByRole('link', { name: '个人中心' }).getAttribute('href')).toBe(
      `/auth/personalCenter?memberId=${user.memberId}`,
    );
    expect(await menu.getByRole('link', { name: '安全设置' }).getAttribute('href')).toMatch(
      /^\/auth\/securitySettings\?roleTypeId=1&roleId=\d+$/,
    );
    const studio = menu.getByRole('link', { name: '王春燕名师工作室' });
    expect(await studio.getAttribute('href')).toBe('/auth/studio/1001');
    expect(await studio.getAttribute('target')).toBe('_blank');
    await page.screenshot({ path: artifact('user-menu.png'), clip: { x: 640, y: 0, width: 640, height: 480 } });

    const reloaded = page.waitForEvent('load');
    await menu.getByText('退出登录').click();
    await reloaded;
    await headerLogin(page).waitFor();
    expect(await userMenu(page).count()).toBe(0);
    expect(await selectionLabel(page).textContent()).toBe('全部 | 全部学科');
    expect(await page.evaluate(() => sessionStorage.getItem('isLogin'))).toBeNull();
    expect(await page.evaluate(() => sessionStorage.getItem('memberId'))).toBeNull();
    const already = await page.evaluate(async () => (await (await fetch('/api/open/already/login')).json()).data);
    expect(already).toBe(false);
  });

  it('raised no page errors', () => {
    expect(errors).toEqual([]);
  });
});

describe('guard and the personal space tab for visitors', () => {
  it('sends a visitor away from personal space and the upload screens', async () => {
    const { context, page, errors } = await openSession(browser);
    try {
      for (const path of ['/personSpace', '/personSpace/index', '/home/uploadDoc', '/home/uploadVideo']) {
        await page.goto(`${t.url}${path}`);
        await page.waitForURL(`${t.url}/home/index`);
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the 个人空间 tab opens the login dialog for a visitor; the slider works from the keyboard', async () => {
    const { context, page, errors } = await openSession(browser);
    try {
      await page.goto(`${t.url}/home/index`);
      await dismissPicker(page);
      const nextPuzzle = page.waitForResponse(isPuzzle);
      await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '个人空间' }).click();
      await loginDialog(page).waitFor({ state: 'visible' });
      expect(page.url()).toBe(`${t.url}/home/index`);

      // 换一张 brings another puzzle.
      const first = await puzzleFrom(nextPuzzle);
      const another = page.waitForResponse(isPuzzle);
      await loginDialog(page).getByRole('button', { name: '换一张拼图' }).click();
      const { serial, x } = await puzzleFrom(another);
      expect(serial).not.toBe(first.serial);

      // The slider also works from the keyboard: Shift+→ moves 10 px, → 1 px, Enter drops.
      await expect.poll(() => slider(page).getAttribute('aria-disabled')).toBe('false');
      await slider(page).focus();
      for (let i = 0; i < Math.floor(x / 10); i++) await page.keyboard.press('Shift+ArrowRight');
      for (let i = 0; i < x % 10; i++) await page.keyboard.press('ArrowRight');
      expect(await slider(page).getAttribute('aria-valuenow')).toBe(String(x));
      const verified = page.waitForResponse(isVerify);
      await page.keyboard.press('Enter');
      expect(((await (await verified).json()) as { data: number }).data).toBe(1);
      await expect.poll(() => captcha(page).getAttribute('data-phase')).toBe('success');
      await page.keyboard.press('Escape');
      await loginDialog(page).waitFor({ state: 'hidden' });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

/**
 * Logging in on a phone with a finger: the dialog fits the screen, the puzzle is drawn at the width left (the drop is
 * scaled back by wbili), every control of the dialog is a finger's size, and the account logs in.
 */
const loginWithFinger = async (options: {
  width: number;
  height: number;
  deviceScaleFactor: number;
  account: string;
  shownName: string;
  shot: string;
}) => {
  const { width, height, deviceScaleFactor, account, shownName, shot } = options;
  const { context, page, errors } = await openSession(browser, {
    viewport: { width, height },
    hasTouch: true,
    isMobile: true,
    deviceScaleFactor,
  });
  try {
    const { serial, x } = await openLoginFromHome(page);
    await expect.poll(() => loginDialog(page).getByTestId('captcha-piece').isVisible()).toBe(true);

    const frame = await waitUntilStill(page);
    expect(frame.x).toBeGreaterThanOrEqual(0);
    expect(frame.x + frame.width).toBeLessThanOrEqual(width);
    const scale = Math.min(1, frame.width / 310);
    const { request, result } = await dragWithTouch(page, context, x * scale);
    expect(result).toBe(1);
    expect(request.wbili).toBeCloseTo(scale, 3);
    expect(Math.round(request.moveEnd_X / request.wbili)).toBe(x);
    await expect.poll(() => captcha(page).getAttribute('data-phase')).toBe('success');
    await page.screenshot({ path: artifact(`${shot}.png`) });
    expect(await touchTargets(page)).toEqual([]);

    await loginDialog(page).getByLabel('账号').fill(account);
    await loginDialog(page).getByLabel('密码').fill(PASSWORD);
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/newLogin'));
    // A click, not tap(): a synthetic tap on a busy machine can turn into a long press and never click.
    await submitButton(page).click();
    expect(
      ((await sent).postDataJSON() as { verifyImageResult: { captchaSerialNumber: string } }).verifyImageResult,
    ).toMatchObject({ captchaSerialNumber: serial });
    await loginDialog(page).waitFor({ state: 'hidden' });
    await expect.poll(() => userMenu(page).textContent()).toContain(shownName);
    expect(errors).toEqual([]);
    return { frame };
  } catch (error) {
    await page.screenshot({ path: artifact(`${shot}-failure.png`) });
    throw error;
  } finally {
    await context.close();
  }
};

describe('on a phone', () => {
  it('at 360×740 the puzzle shrinks to fit, is solved with a finger, and an ID card number logs in', async () => {
    const { frame } = await loginWithFinger({
      width: 360,
      height: 740,
      deviceScaleFactor: 2,
      account: '110108199006180042',
      shownName: '李建国',
      shot: 'login-dialog-phone',
    });
    expect(frame.width).toBeLessThan(310);
  });

  it('at 390×844 with touch, dragging the slider with a finger solves the puzzle and logs in', async () => {
    await loginWithFinger({
      width: 390,
      height: 844,
      deviceScaleFactor: 3,
      account: 'zhangxm',
      shownName: '张晓梅',
      shot: 'login-dialog-phone-390',
    });
  });

  // The server judges the drag's timing and shape: a hand's drag with the mouse passes on the first try at both sizes.
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    it(`at ${width}×${height} a drag with the mouse passes on the first try`, async () => {
      const { context, page, errors } = await openSession(browser, { viewport: { width, height } });
      try {
        const { x } = await openLoginFromHome(page);
        const frame = await waitUntilStill(page);
        const { result } = await dragWithMouse(page, x * Math.min(1, frame.width / 310));
        expect(result).toBe(1);
        await expect.poll(() => captcha(page).getAttribute('data-phase')).toBe('success');
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
