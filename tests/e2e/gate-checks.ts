import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';

/**
 * What every page must be, checked in the browser: nothing in the console, no Content-Security-Policy violation,
 * no failed request, no sideways scrolling, no header or menu text broken to one character per line, Chinese
 * rendered with a real font, and axe-core's rules at "serious" and above.
 */

const axeSource: string = createRequire(import.meta.url)('axe-core').source;

export const VIEWPORTS = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
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
  return {
    /** The problems seen since the last call, and forgets them. */
    take: () => problems.splice(0, problems.length),
  };
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
      if (lines >= 2 && lines >= chars.length) {
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

/** Every finding for the page as it stands: layout, text, CSP, and axe's serious and critical violations. */
export const pageFindings = async (page: Page) => {
  const findings = await page.evaluate(layoutFindings);
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
