// The built-in document thread (builtin-documents.ts starts it): Office → PDF with LibreOffice compiled to WebAssembly
// (@matbee/libreoffice-converter's build, driven through LibreOfficeKit directly), and PDF pages → images with
// pdf.js on @napi-rs/canvas. Plain JavaScript, so the same file runs from the sources (vitest, tsx) and as
// dist/document-worker.mjs next to the bundled server (build.mjs). One request at a time; the main thread ends the
// thread when a request runs over its time, so nothing here has to be interruptible.
//
// Two things the package's own converter classes get wrong in Node, and why this file drives the wasm itself:
// LibreOffice's main() must not run (`noInitialRun`), or it races LibreOfficeKit's start-up and both hang; and
// LibreOffice's threads hand work back to this thread by message, so between LibreOfficeKit calls this thread
// must return to its event loop (`settle()`), or the next call waits forever.
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';

if (!parentPort) throw new Error('document-worker.mjs runs as a worker thread only');
const port = parentPort;
const require = createRequire(import.meta.url);

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Chinese glyphs for LibreOffice: the wasm build bundles Latin, Greek, Cyrillic, Arabic and Hebrew fonts only, and
 * reads TrueType, not the woff2 subsets web pages use. Noto Sans SC (OFL-1.1), regular and bold.
 */
const CJK_FONTS = ['400Regular/NotoSansSC_400Regular.ttf', '700Bold/NotoSansSC_700Bold.ttf'];

let office = null;

const startOffice = async () => {
  const { createModule } = require('@matbee/libreoffice-converter/wasm/loader');
  const module = await createModule({ noInitialRun: true });
  const fs = module.FS;
  for (const dir of ['/tmp', '/tmp/input', '/tmp/output', '/instdir/user', '/instdir/user/temp']) {
    try {
      fs.mkdir(dir);
    } catch {
      // already there
    }
  }
  const fontDir = path.dirname(require.resolve('@expo-google-fonts/noto-sans-sc/package.json'));
  for (const font of CJK_FONTS) {
    fs.writeFile(`/instdir/share/fonts/truetype/${path.basename(font)}`, readFileSync(path.join(fontDir, font)));
  }
  const encoder = new TextEncoder();
  /** Runs fn with `text` as a C string on the wasm heap. */
  const withString = (text, fn) => {
    const bytes = encoder.encode(`${text}\0`);
    const pointer = module._malloc(bytes.length);
    module.HEAPU8.set(bytes, pointer);
    try {
      return fn(pointer);
    } finally {
      module._free(pointer);
    }
  };
  const kit = withString('/instdir/program', (p) => module._libreofficekit_hook(p));
  if (!kit) throw new Error('LibreOfficeKit did not start');
  await settle();
  let sequence = 0;
  return {
    async toPdf(bytes, extension) {
      const id = ++sequence;
      const input = `/tmp/input/d${id}.${extension}`;
      const output = `/tmp/output/d${id}.pdf`;
      fs.writeFile(input, bytes);
      try {
        const doc = withString(`file://${input}`, (p) => module._lok_documentLoad(kit, p));
        if (!doc) return null;
        await settle();
        try {
          const saved = withString(`file://${output}`, (o) =>
            withString('pdf', (f) => withString('', (options) => module._lok_documentSaveAs(doc, o, f, options))),
          );
          await settle();
          return saved ? Buffer.from(fs.readFile(output)) : null;
        } finally {
          module._lok_documentDestroy(doc);
          await settle();
        }
      } finally {
        for (const file of [input, output]) {
          try {
            fs.unlink(file);
          } catch {
            // not written
          }
        }
      }
    },
  };
};

let pdfjs = null;

/** A PDF opened with pdf.js: fonts it does not embed come from pdf.js's own standard fonts and CMaps. */
const openPdf = async (file) => {
  pdfjs ??= await import('pdfjs-dist/legacy/build/pdf.mjs');
  const root = path.dirname(require.resolve('pdfjs-dist/package.json'));
  return pdfjs.getDocument({
    data: new Uint8Array(readFileSync(file)),
    standardFontDataUrl: `${root}/standard_fonts/`,
    cMapUrl: `${root}/cmaps/`,
    cMapPacked: true,
    disableFontFace: true,
    useSystemFonts: false,
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
};

/**
 * The first `pages` pages as `p-1.jpg`, `p-2.jpg`, … (or .png) in `outDir`, `width` pixels wide; a page drawn
 * absurdly tall is cut at four widths, as pdftoppm's runs are.
 */
const renderPages = async ({ pdf, outDir, pages, width, format }) => {
  const { createCanvas } = require('@napi-rs/canvas');
  const doc = await openPdf(pdf);
  try {
    const count = Math.min(doc.numPages, pages);
    await mkdir(outDir, { recursive: true });
    for (let number = 1; number <= count; number++) {
      const page = await doc.getPage(number);
      const natural = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: width / natural.width });
      const canvas = createCanvas(Math.round(viewport.width), Math.min(Math.round(viewport.height), width * 4));
      const context = canvas.getContext('2d');
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      await page.render({ canvasContext: context, canvas, viewport }).promise;
      const image = format === 'png' ? await canvas.encode('png') : await canvas.encode('jpeg', 85);
      await writeFile(path.join(outDir, `p-${number}.${format === 'png' ? 'png' : 'jpg'}`), image);
      page.cleanup();
    }
    return { pageCount: doc.numPages, rendered: count };
  } finally {
    await doc.destroy();
  }
};

const pageCount = async ({ pdf }) => {
  const doc = await openPdf(pdf);
  try {
    return { pageCount: doc.numPages };
  } finally {
    await doc.destroy();
  }
};

const handlers = {
  async toPdf({ input, output, extension }) {
    office ??= await startOffice();
    const pdf = await office.toPdf(readFileSync(input), extension);
    if (pdf) writeFileSync(output, pdf);
    return { written: !!pdf };
  },
  render: renderPages,
  count: pageCount,
};

port.on('message', async (request) => {
  try {
    port.postMessage({ id: request.id, result: await handlers[request.op](request) });
  } catch (error) {
    port.postMessage({ id: request.id, error: String(error?.message ?? error).slice(0, 500) });
  }
});
