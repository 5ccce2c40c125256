import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app.ts';
import { appAndBrowserForFile, artifact, openSession, returningSession } from './browser.ts';
import { dismissPicker, picker, sessionForBlock } from './helpers.ts';

const yearInChina = () =>
  Number(new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Shanghai', year: 'numeric' }).format(new Date()));

let t: TestApp;
let browser: Browser;

appAndBrowserForFile((app, launched) => {
  t = app;
  browser = launched;
});

const label = (page: Page) => page.getByTestId('selection-label').first();
const chips = (scope: ReturnType<typeof picker>, group: '学段' | '学科') =>
  scope.getByRole('group', { name: group }).getByRole('button');

describe('home page and shell', () => {
  let page: Page;
  let errors: string[];
  sessionForBlock(
    () => openSession(browser),
    (session) => {
      ({ page, errors } = session);
    },
  );

  it('redirects /home to /home/index with the library title, and opens the picker on the first visit', async () => {
    await page.goto(`${t.url}/home`);
    await page.waitForURL(`${t.url}/home/index`);
    expect(await page.title()).toBe('资源库');

    const dialog = picker(page);
    await dialog.waitFor({ state: 'visible' });
    await chips(dialog, '学段').filter({ hasText: '高中' }).waitFor();
    const stages = await chips(dialog, '学段').allTextContents();
    expect(stages[0]).toBe('全部');
    expect(stages).toEqual(expect.arrayContaining(['小学', '初中', '高中']));
    // Stage 全部 offers 全部学科 only, and it is the current choice.
    expect(await chips(dialog, '学科').allTextContents()).toEqual(['全部学科']);
    expect(await label(page).textContent()).toBe('全部 | 全部学科');
    expect(await page.evaluate(() => sessionStorage.getItem('hasVisited'))).not.toBeNull();
    await page.screenshot({ path: artifact('picker.png') });
  });

  it('choosing 初中 then 数学 closes the picker and sets the label', async () => {
    const dialog = picker(page);
    await chips(dialog, '学段').filter({ hasText: '初中' }).click();
    const math = chips(dialog, '学科').filter({ hasText: /^数学$/ });
    await math.waitFor();
    const subjects = await chips(dialog, '学科').allTextContents();
    expect(subjects[0]).toBe('全部学科');
    expect(subjects).toContain('物理');
    await math.click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await label(page).textContent()).toBe('初中 | 数学');

    // The home page's panel shows the same choice and the subjects of 初中 as tags.
    expect(await page.getByTestId('panel-selection').textContent()).toBe('初中 | 数学');
    const panel = page.getByRole('region', { name: '学段学科' });
    expect(await panel.getByRole('group', { name: '学科' }).getByRole('button').allTextContents()).toContain('物理');
    await page.screenshot({ path: artifact('home.png'), fullPage: true });
  });

  it('keeps the choice over a reload and does not open the picker again', async () => {
    await page.reload();
    await page.getByTestId('panel-selection').waitFor();
    expect(await label(page).textContent()).toBe('初中 | 数学');
    // Wait until the subjects of 初中 are on the page: everything that could open the picker has run by then.
    await page.getByRole('group', { name: '学科' }).getByRole('button', { name: '物理' }).waitFor();
    expect(await picker(page).count()).toBe(0);

    // The label opens it on demand.
    await label(page).click();
    await dismissPicker(page);
  });

  it('shows the current year in the footer', async () => {
    const text = await page.getByTestId('footer-copyright').textContent();
    expect(text).toContain(`© ${yearInChina()} 资源库`);
  });

  it('renders Chinese with real glyphs, not tofu', async () => {
    // Two different CJK characters drawn in the page's font: with no CJK font both come out as the same
    // "missing glyph" box, so identical pixels mean tofu.
    const result = await page.evaluate(() => {
      const font = getComputedStyle(document.body).fontFamily;
      const draw = (text: string) => {
        const canvas = document.createElement('canvas');
        canvas.width = 48;
        canvas.height = 48;
        const ctx = canvas.getContext('2d')!;
        ctx.font = `32px ${font}`;
        ctx.fillText(text, 4, 36);
        return canvas.toDataURL();
      };
      return { a: draw('资'), b: draw('源'), c: draw('库'), blank: draw('') };
    });
    expect(result.a).not.toBe(result.blank);
    expect(result.a).not.toBe(result.b);
    expect(result.b).not.toBe(result.c);
  });

  it('raised no page errors', () => {
    expect(errors).toEqual([]);
  });
});

describe("home page's first paint (home.html)", () => {
  it('shows the header and the banner before any script runs, and only on the home page', async () => {
    const { context, page } = await openSession(browser);
    try {
      await context.route(/\.js$/, (route) => route.abort());
      await page.goto(`${t.url}/home/index`);
      await expect.poll(() => page.getByRole('navigation', { name: '主导航' }).isVisible()).toBe(true);
      await expect.poll(() => page.getByRole('heading', { name: '资源库' }).isVisible()).toBe(true);
      expect(await page.getByText('汇聚区域优质教学资源').isVisible()).toBe(true);
      expect(await page.getByTestId('home-totals').textContent()).toContain('—');
      await page.goto(`${t.url}/home/search?searchKeyWord=数学`);
      expect(await page.locator('#root').innerHTML()).toBe('');
    } finally {
      await context.close();
    }
  });

  it('is hydrated in place, for visitors and for a remembered session alike, without warnings', async () => {
    const { context, page, errors } = await openSession(browser);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });
    try {
      for (const entry of ['/home/index', '/']) {
        await page.goto(`${t.url}${entry}`);
        await page.getByText('教师排行').first().waitFor();
      }
      await page.evaluate(() => sessionStorage.setItem('isLogin', '1'));
      await page.goto(`${t.url}/home/index`);
      await page.getByText('教师排行').first().waitFor();
      // No hydration mismatch (首屏预渲染内容未能复用…), nor any other warning (the redirect-only routes once warned).
      expect(warnings).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('a first visit that begins on a shared link', () => {
  it('shows the page it links to, with the stage/subject choice offered above it instead of a dialog over it', async () => {
    const { context, page, errors } = await openSession(browser);
    try {
      await page.goto(`${t.url}/home/documents`);
      const offer = page.getByRole('region', { name: '选择学段与学科' });
      await offer.waitFor();
      expect(await picker(page).count()).toBe(0);
      await page.screenshot({ path: artifact('deep-link-offer.png') });

      // The offer opens the same picker; choosing settles it, and the offer is gone.
      await offer.getByRole('button', { name: '选择学段与学科' }).click();
      const dialog = picker(page);
      await dialog.waitFor({ state: 'visible' });
      await chips(dialog, '学段').filter({ hasText: '初中' }).click();
      await chips(dialog, '学科')
        .filter({ hasText: /^数学$/ })
        .click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await offer.count()).toBe(0);
      expect(await label(page).textContent()).toBe('初中 | 数学');

      // A later visit in the same tab is not asked again.
      await page.goto(`${t.url}/home/search`);
      await label(page).waitFor();
      expect(await offer.count()).toBe(0);
      expect(await picker(page).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('goes away for the session with 暂不选择', async () => {
    const { context, page, errors } = await openSession(browser, { viewport: { width: 390, height: 844 } });
    try {
      await page.goto(`${t.url}/home/search`);
      const offer = page.getByRole('region', { name: '选择学段与学科' });
      await offer.getByRole('button', { name: '暂不选择' }).click();
      await offer.waitFor({ state: 'detached' });
      await page.goto(`${t.url}/home/index`);
      await label(page).waitFor();
      expect(await offer.count()).toBe(0);
      expect(await picker(page).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('site root', () => {
  it('serves the app at / and redirects to /home/index', async () => {
    const { context, page, errors } = await openSession(browser);
    try {
      const response = await page.goto(`${t.url}/`);
      expect(response?.status(), 'GET / must answer the web app (index.html)').toBe(200);
      await page.waitForURL(`${t.url}/home/index`);
      expect(await page.title()).toBe('资源库');
      await label(page).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('scrolling', () => {
  it('shows the compact header and the back-to-top button after 176 px, and back-to-top scrolls up', async () => {
    const { context, page, errors } = await openSession(browser, { viewport: { width: 1280, height: 480 } });
    try {
      await page.goto(`${t.url}/home/index`);
      await dismissPicker(page);
      const compact = page.getByTestId('compact-header');
      const backToTop = page.getByRole('button', { name: '回到顶部' });
      expect(await compact.getAttribute('aria-hidden')).toBe('true');
      expect(await backToTop.count()).toBe(0);

      await page.evaluate(() => window.scrollTo(0, 300));
      await backToTop.waitFor({ state: 'visible' });
      await expect.poll(() => compact.getAttribute('aria-hidden')).toBe('false');

      await backToTop.click();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await backToTop.waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('keyboard focus', () => {
  it('shows a clear ring on each of the first controls reached with Tab', async () => {
    const { context, page, errors } = await returningSession(browser);
    try {
      await page.goto(`${t.url}/home/index`);
      await label(page).waitFor(); // the page itself, not its prerendered first paint
      const reached: string[] = [];
      for (let i = 0; i < 8; i++) {
        await page.keyboard.press('Tab');
        // Polled: a component may fade its ring in.
        const ring = () =>
          page.evaluate(() => {
            const el = document.activeElement as HTMLElement;
            const style = getComputedStyle(el);
            const outline = style.outlineStyle === 'none' ? 0 : Number.parseFloat(style.outlineWidth);
            const name = (el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 10);
            return { name: `${el.tagName.toLowerCase()} ${name}`, visible: outline >= 2 || style.boxShadow !== 'none' };
          });
        await expect.poll(async () => (await ring()).visible, { timeout: 2_000 }).toBe(true);
        reached.push((await ring()).name);
      }
      // Eight different controls: the brand, the stage/subject button, 登录, then the tabs.
      expect(new Set(reached).size, reached.join(' | ')).toBe(8);
      expect(reached.slice(0, 3)).toEqual([
        expect.stringMatching(/^a 资源库/),
        expect.stringMatching(/^button /),
        'button 登录',
      ]);
      await page.screenshot({ path: artifact('home-focus-ring.png') });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('on a phone', () => {
  it('the tab bar scrolls sideways with a fade and an arrow where tabs are hidden, and shows the current tab', async () => {
    const { context, page, errors } = await returningSession(browser);
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto(`${t.url}/home/index`);
      await label(page).waitFor(); // the page itself, not its prerendered first paint
      const nav = page.getByRole('navigation', { name: '主导航' });
      const strip = nav.getByTestId('tab-strip');
      const scroller = nav.getByRole('link', { name: '首页' }).locator('..');
      const hint = (side: 'before' | 'after') =>
        strip.evaluate((el, s) => getComputedStyle(el.children[s === 'before' ? 1 : 2] as Element).opacity, side);
      // Not everything fits: the right side fades out with an arrow, the left does not.
      await expect.poll(() => strip.getAttribute('data-more-after')).toBe('true');
      expect(await strip.getAttribute('data-more-before')).toBeNull();
      await expect.poll(() => hint('after')).toBe('1');
      expect(await hint('before')).toBe('0');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: artifact('home-phone-tabs.png'), clip: { x: 0, y: 0, width: 390, height: 240 } });

      // Scrolled to the end, the hint moves to the left.
      await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
      await expect.poll(() => strip.getAttribute('data-more-before')).toBe('true');
      await expect.poll(() => strip.getAttribute('data-more-after')).toBeNull();

      // A list page further right starts with its own tab in view.
      await page.goto(`${t.url}/home/achievements`);
      const current = nav.getByRole('link', { name: '教研成果' });
      await expect.poll(() => current.getAttribute('aria-current')).toBe('page');
      await expect
        .poll(async () => {
          const box = (await current.boundingBox())!;
          return box.x >= 0 && box.x + box.width <= 390;
        })
        .toBe(true);

      // The compact header that slides in on scrolling keeps the same strip.
      await page.evaluate(() => window.scrollTo(0, 600));
      const compact = page.getByTestId('compact-header');
      await expect.poll(() => compact.getAttribute('aria-hidden')).toBe('false');
      await expect.poll(() => compact.getByTestId('tab-strip').getAttribute('data-more-before')).toBe('true');
      await compact.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished))); // slid in
      await page.screenshot({
        path: artifact('home-phone-compact-header.png'),
        clip: { x: 0, y: 0, width: 390, height: 120 },
      });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('error pages', () => {
  it('sends an unknown path to the 404 page, which has no header and leads home', async () => {
    const { context, page, errors } = await openSession(browser);
    try {
      await page.goto(`${t.url}/no/such/page`);
      await page.waitForURL(`${t.url}/error/404`);
      await page.getByText('页面不存在', { exact: true }).waitFor();
      expect(await page.getByRole('navigation', { name: '主导航' }).count()).toBe(0);
      expect(await page.getByTestId('selection-label').count()).toBe(0);
      expect(await page.title()).toBe('资源库');
      await page.screenshot({ path: artifact('404.png') });

      await page.getByRole('button', { name: '返回首页' }).click();
      await page.waitForURL(`${t.url}/home/index`);
      await label(page).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each([
    { kind: 'script', pattern: /\/assets\/home-index-[^/]+\.js$/, message: '页面模块加载失败' },
    { kind: 'style', pattern: /\/assets\/home-index-[^/]+\.css$/, message: '页面样式加载失败' },
  ])('reports a $kind chunk that cannot be loaded, with a reload button', async ({ pattern, message }) => {
    const { context, page } = await openSession(browser);
    try {
      await page.route(pattern, (route) => route.abort());
      await page.goto(`${t.url}/home/index`);
      await page.getByText(message).waitFor();
      await page.getByRole('button', { name: '重新加载' }).waitFor();

      await page.unroute(pattern);
      await page.getByRole('button', { name: '重新加载' }).click();
      await label(page).waitFor();
    } finally {
      await context.close();
    }
  });
});
