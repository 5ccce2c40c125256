// After `vite build`: renders the home page's first paint (src/prerender/render-home.tsx) with the same components
// and CSS-module class names as the client build, and writes dist/home.html, index.html with that markup in #root.
// The entry stylesheet is inlined there too: with nothing render-blocking left to fetch, the header and banner
// paint as soon as the HTML is parsed, before any script has run. The api answers the home page's paths with it.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const root = path.dirname(fileURLToPath(import.meta.url));
/** The build to complete: apps/web/dist, or the folder given (a private build for browser tests). */
const dist = path.resolve(process.argv[2] ?? path.join(root, 'dist'));
const outDir = path.join(root, 'node_modules', '.prerender');
const ROOT_ELEMENT = '<div id="root"></div>';
const STYLESHEET = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/;

/** index.html with its one stylesheet inlined and the first paint in #root. */
const homePage = (index, markup) => {
  const stylesheet = index.match(STYLESHEET);
  if (!stylesheet || !index.includes(ROOT_ELEMENT)) throw new Error(`${dist}/index.html: no stylesheet link or #root`);
  const css = readFileSync(path.join(dist, stylesheet[1]), 'utf8');
  return index
    .replace(stylesheet[0], () => `<style>${css}</style>`)
    .replace(ROOT_ELEMENT, () => `<div id="root">${markup}</div>`);
};

await build({
  root,
  configFile: false,
  logLevel: 'warn',
  plugins: [react()],
  build: { ssr: 'src/prerender/render-home.tsx', outDir, emptyOutDir: true, target: 'node20' },
});
try {
  const { renderHomeFirstPaint } = await import(pathToFileURL(path.join(outDir, 'render-home.js')).href);
  const index = readFileSync(path.join(dist, 'index.html'), 'utf8');
  writeFileSync(path.join(dist, 'home.html'), homePage(index, renderHomeFirstPaint()));
  console.log(`prerendered ${path.relative(process.cwd(), path.join(dist, 'home.html'))}`);
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
