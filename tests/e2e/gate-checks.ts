import { createRequire } from 'node:module';
import { SCROLL_THRESHOLD_PX } from '@zyk/shared';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { onTestFailed } from 'vitest';

/**
 * What every page must be, checked in the browser: nothing in the console, no Content-Security-Policy violation,
 * no failed request, no sideways scrolling, no header or menu text broken to one character per line, Chinese
 * rendered with a real font, and axe-core's rules at "serious" and above.
 */

const axeSource: string = createRequire(import.meta.url)('axe-core').source;

export const VIEWPORTS = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
  narrowPhone: { width: 360, height: 780 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/** Collects, for the page a context opens, what went wrong while it loaded: console errors, CSP, requests. */
export const watchPage = async (context: BrowserContext, page: Page) => {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
    // For the trail a failed test prints: what was clicked, as the page saw it.
    document.addEventListener(
      'click',
      (event) => {
        const target = event.target instanceof Element ? event.target : null;
        const text = (target?.closest('a,button,[role]')?.textContent ?? target?.textContent ?? '').trim().slice(0, 40);
        console.debug(`[click] <${target?.tagName.toLowerCase()}> ${JSON.stringify(text)} at ${location.pathname}`);
      },
      true,
    );
  });
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? '';
    // A request the page itself gave up (navigation away, an aborted query) is not a failure of the server.
    if (reason === 'net::ERR_ABORTED') return;
    problems.push(`request failed: ${request.method()} ${request.url()} ${reason}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) {
      problems.push(`request answered ${response.status()}: ${response.request().method()} ${response.url()}`);
    }
  });
  recordTrailForFailures(page);
  return {
    /** The problems seen since the last call, and forgets them. */
    take: () => problems.splice(0, problems.length),
  };
};

const TRAIL_LENGTH = 60;
const SLOW_ASSET_MS = 1000;

/**
 * Keeps the page's last events (navigations, clicks, api and page requests with status and time taken, slow or
 * failed files, console, errors) and prints them
 * when the test fails: a timeout on a busy CI machine otherwise says only what did not appear, not what the page
 * did instead. The page is closed by then, so the trail is all there is.
 */
const recordTrailForFailures = (page: Page) => {
  const started = Date.now();
  const trail: string[] = [];
  const note = (line: string) => {
    trail.push(`+${((Date.now() - started) / 1000).toFixed(2)}s ${line}`);
    if (trail.length > TRAIL_LENGTH) trail.shift();
  };
  const sent = new Map<Request, number>();
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) note(`navigated to ${frame.url()}`);
  });
  page.on('request', (request) => sent.set(request, Date.now()));
  page.on('requestfinished', async (request) => {
    const took = Date.now() - (sent.get(request) ?? Date.now());
    sent.delete(request);
    const response = await request.response().catch(() => null);
    // Static files that came back quickly say nothing; they would push the rest out of the trail.
    const quietAsset = request.resourceType() !== 'document' && !request.url().includes('/api/');
    if (quietAsset && (response?.status() ?? 0) < 400 && took < SLOW_ASSET_MS) return;
    note(`${request.method()} ${request.url()} → ${response?.status() ?? '?'} in ${took} ms`);
  });
  page.on('requestfailed', (request) => {
    sent.delete(request);
    note(`${request.method()} ${request.url()} failed: ${request.failure()?.errorText ?? ''}`);
  });
  page.on('console', (message) => note(`console.${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => note(`page error: ${error.message}`));
  try {
    onTestFailed(() => {
      const pending = [...sent].map(([request, at]) => `${request.method()} ${request.url()} (${Date.now() - at} ms)`);
      console.error(
        [
          `The page's last ${trail.length} events (its last address: ${page.url()}):`,
          ...trail,
          ...pending.map((request) => `unanswered: ${request}`),
        ].join('\n'),
      );
    });
  } catch {
    // watched outside a test (a block's beforeAll): nothing to report to
  }
};

/**
 * Waits until the page has settled: loaded, the route's code in place (the boot screen gone: on a busy machine a
 * lazy chunk can start after a quiet half second), no request in flight for a moment, fonts ready.
 */
export const settle = async (page: Page) => {
  await page.waitForLoadState('load');
  await page.locator('.zyk-boot').waitFor({ state: 'detached', timeout: 20_000 });
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
};

/**
 * Waits until nothing on the page is moving: every CSS transition and finite animation (a drawer's slide-in, a
 * dialog's zoom, a chip's colour change) has finished. Spinners and other endless animations do not count, nor do
 * animations driven by scrolling (a scroll timeline keeps them running for as long as the page is there).
 */
export const animationsSettled = (page: Page) =>
  page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (a) =>
            a.playState !== 'running' ||
            a.timeline !== document.timeline ||
            a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
        ),
    undefined,
    { timeout: 10_000 },
  );

/**
 * Waits until the window has stopped scrolling (a smooth `scrollIntoView` takes several frames): a click computed
 * during the scroll lands where the button was, not where it is.
 */
export const scrollingEnded = (page: Page) =>
  page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const at = window.scrollY;
        let frames = 0;
        const check = () => {
          if (window.scrollY !== at) return resolve(false);
          if (++frames === 3) return resolve(true);
          requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
    undefined,
    { timeout: 10_000 },
  );

/** The layout and text checks, run in the page; each finding is one sentence naming what and where. */
const layoutFindings = () => {
  const findings: string[] = [];
  const describe = (el: Element) => {
    const id = el.id ? `#${el.id}` : '';
    const cls =
      typeof el.className === 'string' && el.className
        ? `.${el.className.trim().split(/\s+/).slice(0, 2).join('.')}`
        : '';
    return `${el.tagName.toLowerCase()}${id}${cls}`;
  };
  const visible = (el: Element | null) => {
    if (!el) return false;
    const style = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    return style.visibility !== 'hidden' && style.display !== 'none' && box.width > 0 && box.height > 0;
  };

  const width = window.innerWidth;
  const scrollWidth = document.documentElement.scrollWidth;
  if (scrollWidth > width) {
    const wide = [...document.querySelectorAll('body *')]
      .filter((el) => visible(el) && el.getBoundingClientRect().right > width + 1)
      .filter((el) => !el.parentElement || el.parentElement.getBoundingClientRect().right <= width + 1)
      .slice(0, 4)
      .map((el) => `${describe(el)} (right edge ${Math.round(el.getBoundingClientRect().right)})`);
    findings.push(`scrolls sideways: scrollWidth ${scrollWidth} > ${width}; widest: ${wide.join(', ')}`);
  }

  // Text in headers, menus, tabs, headings, table heads, buttons and labels must not break to one character a line.
  const scopes =
    'header, nav, [role=menu], [role=menubar], [role=tablist], h1, h2, h3, h4, th, button, label, .ant-menu';
  const checked = new Set<Text>();
  for (const scope of document.querySelectorAll(scopes)) {
    const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode as Text;
      if (checked.has(node)) continue;
      checked.add(node);
      const chars = [...node.data.replace(/\s+/g, '')];
      if (chars.length < 2 || !visible(node.parentElement)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
      // Squeezed, not merely wrapped: a short run at the end of a wide line (a highlighted word) may break in two.
      let block = node.parentElement!;
      while (block.parentElement && getComputedStyle(block).display === 'inline') block = block.parentElement;
      const squeezed = block.clientWidth < 3 * Number.parseFloat(getComputedStyle(block).fontSize);
      if (lines >= 2 && lines >= chars.length && squeezed) {
        findings.push(`one character per line: "${node.data.trim()}" in ${describe(node.parentElement!)}`);
      }
    }
  }

  // Chinese drawn with the page's font must not be the missing-glyph box: compare it with a code point no font has.
  const sample = [...document.querySelectorAll('body *')].find(
    (el) =>
      visible(el) &&
      /[\u4e00-\u9fff]/.test([...el.childNodes].map((n) => (n.nodeType === 3 ? n.textContent : '')).join('')),
  );
  if (sample) {
    const font = getComputedStyle(sample).font;
    const draw = (text: string) => {
      const canvas = document.createElement('canvas');
      canvas.width = 64;
      canvas.height = 64;
      const ctx = canvas.getContext('2d')!;
      ctx.font = font.replace(/\d+(\.\d+)?px/, '40px');
      ctx.fillText(text, 8, 48);
      return canvas.toDataURL();
    };
    if (draw('资') === draw('\u{10FFFD}')) findings.push(`Chinese renders as boxes in font ${font}`);
  }
  return findings;
};

/**
 * Touch targets on phones: every control a finger aims at is at least TOUCH_TARGET_PX in both directions, or (the
 * spacing exception of WCAG 2.5.8, at this size) nothing else a finger could hit lies within half of it from its
 * centre. A link inside running text is exempt, as WCAG exempts inline targets. A control that forwards its clicks
 * to a label (antd's checkboxes, radios and segmented items) counts at the label's size.
 */
export const TOUCH_TARGET_PX = 40;
const touchTargetFindings = ({ min, pinnedOnly }: { min: number; pinnedOnly: boolean }) => {
  const selector = [
    'a[href]',
    'button',
    'input:not([type=hidden])',
    'select',
    'textarea',
    'summary',
    '[role=button]',
    '[role=link]',
    '[role=tab]',
    '[role=menuitem]',
    '[role=option]',
    '[role=checkbox]',
    '[role=radio]',
    '[role=switch]',
  ].join(',');
  const describe = (el: Element) => {
    const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 16);
    const cls = typeof el.className === 'string' ? el.className.trim().split(/\s+/)[0] : '';
    return `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}${name ? ` "${name}"` : ''}`;
  };
  const shown = (el: Element) => {
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && style.display !== 'none' && el.getClientRects().length > 0;
  };
  const inRunningText = (el: Element) => {
    if (el.tagName !== 'A') return false;
    const parent = el.parentElement;
    if (!parent || getComputedStyle(el).display !== 'inline') return false;
    return [...parent.childNodes].some((n) => n !== el && n.nodeType === 3 && (n.textContent ?? '').trim().length > 1);
  };
  // With pinnedOnly, only the controls that stay in place while the page scrolls under them (in a fixed or sticky
  // layer: the compact header, back-to-top) take part, as targets and as neighbours; the page's own controls are
  // checked at the top, and where they pass beneath such a layer depends on how far the page is scrolled.
  const pinnedCache = new Map<Element, boolean>();
  const pinned = (el: Element | null): boolean => {
    if (!el) return false;
    let known = pinnedCache.get(el);
    if (known === undefined) {
      const { position } = getComputedStyle(el);
      known = position === 'fixed' || position === 'sticky' || pinned(el.parentElement);
      pinnedCache.set(el, known);
    }
    return known;
  };
  // While a modal dialog is open, only its controls can be touched.
  const modal = [...document.querySelectorAll('[aria-modal=true]')].filter(shown).at(-1);
  const targets = new Map<Element, DOMRect>();
  for (const el of document.querySelectorAll(selector)) {
    if (el.closest('[aria-hidden=true], [inert]') || (el as HTMLButtonElement).disabled) continue;
    if (modal && !modal.contains(el)) continue;
    // A control under a label is hit through it; a control inside another control is the same target.
    const target = el.closest('label') ?? el;
    if (target !== el && targets.has(target)) continue;
    const outer = target.parentElement?.closest(selector);
    if (outer && outer !== target) continue;
    if (!shown(target) || inRunningText(target)) continue;
    if (pinnedOnly && !pinned(target)) continue;
    const box = target.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    targets.set(target, box);
  }
  const findings: string[] = [];
  const reach = min / 2;
  for (const [el, box] of targets) {
    if (box.width >= min - 0.5 && box.height >= min - 0.5) continue;
    const cx = box.left + box.width / 2;
    const cy = box.top + box.height / 2;
    const crowded = [...targets].find(([other, r]) => {
      if (other === el || other.contains(el) || el.contains(other)) return false;
      const dx = Math.max(r.left - cx, 0, cx - r.right);
      const dy = Math.max(r.top - cy, 0, cy - r.bottom);
      return dx * dx + dy * dy < reach * reach;
    });
    if (crowded) {
      findings.push(
        `touch target ${Math.round(box.width)}×${Math.round(box.height)} next to ${describe(crowded[0])}: ${describe(el)}`,
      );
    }
  }
  return findings;
};

/** The touch-target findings for the page as it stands (a dialog open in it included). */
export const touchTargets = (page: Page) =>
  page.evaluate(touchTargetFindings, { min: TOUCH_TARGET_PX, pinnedOnly: false });

/** The touch-target findings among the controls pinned to the viewport (fixed or sticky layers) only. */
export const pinnedTouchTargets = (page: Page) =>
  page.evaluate(touchTargetFindings, { min: TOUCH_TARGET_PX, pinnedOnly: true });

/** Sideways scrolling only, at a width the page is not otherwise checked at. */
export const overflowFindings = (page: Page) =>
  page.evaluate(async () => {
    // Layouts that follow breakpoints in script re-render after the resize: let two frames pass first.
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const { scrollWidth } = document.documentElement;
    return scrollWidth > window.innerWidth
      ? [`scrolls sideways at ${window.innerWidth} px: scrollWidth ${scrollWidth}`]
      : [];
  });

/** Every finding for the page as it stands: layout, text, CSP, and axe's serious and critical violations. */
export const pageFindings = async (page: Page, { touch = false } = {}) => {
  const findings = await page.evaluate(layoutFindings);
  if (touch) findings.push(...(await touchTargets(page)));
  const csp = await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
  findings.push(...csp.map((v) => `CSP violation: ${v}`));
  // Evaluated through the debugging protocol, so the page's CSP does not apply to injecting axe itself.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<AxeResults> } }).axe;
    interface AxeResults {
      violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
    }
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `axe ${v.impact} ${v.id}: ${v.help} — ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join('; ')}`,
      );
  });
  findings.push(...violations);
  return findings;
};

/** The top of a phone's screen, where the compact header shows once scrolled (for a screenshot of it). */
export const SCROLLED_CLIP = { x: 0, y: 0, width: VIEWPORTS.phone.width, height: 160 } as const;

/** How far the phone checks scroll: past the point where the shell swaps its header for the compact one. */
export const SCROLLED_PX = SCROLL_THRESHOLD_PX + 200;

/**
 * Scrolls the page down SCROLLED_PX (as far as it goes, if less) and waits until what scrolling brings in is in
 * place: the shell's compact header, when the page has one and is scrolled past its threshold, shown and slid in.
 * Answers a finding when it does not show.
 */
const scrollDown = (page: Page) =>
  page.evaluate(
    async ({ to, threshold }) => {
      const frame = () => new Promise((done) => requestAnimationFrame(done));
      window.scrollTo(0, to);
      await frame();
      const header = document.querySelector('[data-testid=compact-header]');
      if (!header || window.scrollY <= threshold) return [];
      const deadline = performance.now() + 2_000;
      while (header.getAttribute('aria-hidden') !== 'false') {
        if (performance.now() > deadline) return [`compact header not shown at scroll ${Math.round(window.scrollY)}`];
        await frame();
      }
      // Its slide-in, jumped to the end (a quarter of a second saved on each page).
      for (const animation of header.getAnimations()) animation.finish();
      return [];
    },
    { to: SCROLLED_PX, threshold: SCROLL_THRESHOLD_PX },
  );

/**
 * The phone checks of what shows only once the page is scrolled (the compact header, back-to-top): scrolled down
 * at phone width and again at the narrow phone's, the pinned controls' touch targets and sideways scrolling. Leaves
 * the page scrolled, at phone width.
 */
export const scrolledPhoneFindings = async (page: Page) => {
  const findings = await scrollDown(page);
  for (const size of ['phone', 'narrowPhone'] as const) {
    if (size !== 'phone') await page.setViewportSize(VIEWPORTS[size]);
    const found = [...(await overflowFindings(page)), ...(await pinnedTouchTargets(page))];
    findings.push(...found.map((f) => `scrolled, ${VIEWPORTS[size].width} px wide: ${f}`));
  }
  await page.setViewportSize(VIEWPORTS.phone);
  return findings;
};
