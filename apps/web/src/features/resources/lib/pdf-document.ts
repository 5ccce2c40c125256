import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy, VerbosityLevel } from 'pdfjs-dist';
// Bundled by Vite as a worker of our own (a hashed same-origin .js asset, precompressed like the other scripts):
// worker-src falls back to script-src 'self', which allows it.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?worker&url';
import jpxDecoderUrl from 'pdfjs-dist/wasm/openjpeg_nowasm_fallback.js?url&no-inline';

/**
 * pdf.js, set up for the api's Content-Security-Policy: no eval, no WebAssembly (script-src has no
 * 'wasm-unsafe-eval'), and every file it may need (CJK cMaps, the standard fonts, the JPEG 2000 decoder) served
 * from this origin as Vite assets instead of a CDN. This module is only imported when a PDF is shown.
 */

GlobalWorkerOptions.workerSrc = workerUrl;

type AssetUrls = Record<string, string>;
// no-inline: most cMaps are under Vite's inline limit, and data: URLs are not in the CSP's connect-src.
const CMAP_URLS: AssetUrls = import.meta.glob('/node_modules/pdfjs-dist/cmaps/*.bcmap', {
  query: '?url&no-inline',
  import: 'default',
  eager: true,
});
const STANDARD_FONT_URLS: AssetUrls = import.meta.glob('/node_modules/pdfjs-dist/standard_fonts/*.{pfb,ttf}', {
  query: '?url&no-inline',
  import: 'default',
  eager: true,
});

const byFileName = (urls: AssetUrls) =>
  new Map(Object.entries(urls).map(([path, url]) => [path.slice(path.lastIndexOf('/') + 1), url]));
const ASSETS: Record<string, Map<string, string>> = {
  cMapUrl: byFileName(CMAP_URLS),
  standardFontDataUrl: byFileName(STANDARD_FONT_URLS),
};

/**
 * pdf.js asks its data factory for a file by kind and name (`UniGB-UCS2-H.bcmap`); Vite gave each file a hashed
 * name, so this factory looks the name up instead of appending it to a base URL.
 */
class AssetDataFactory {
  async fetch({ kind, filename }: { kind: string; filename: string }): Promise<Uint8Array> {
    const url = ASSETS[kind]?.get(filename);
    if (!url) throw new Error(`pdf.js asked for ${kind} ${filename}, which the build does not ship`);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
    return new Uint8Array(await response.arrayBuffer());
  }
}

/**
 * Without WebAssembly pdf.js decodes JPEG 2000 images with its JS decoder, which it imports from
 * `${wasmUrl}openjpeg_nowasm_fallback.js`; the base must end in "/". The hashed asset's URL with "?/" appended
 * makes that import load the asset (the server ignores the query).
 */
const JPX_DECODER_BASE = `${jpxDecoderUrl}?/`;

export interface OpenedPdf {
  promise: Promise<PDFDocumentProxy>;
  /** Stops loading or closes the document, and ends its worker. */
  destroy: () => Promise<void>;
}

export const openPdf = (url: string): OpenedPdf => {
  const task = getDocument({
    url,
    isEvalSupported: false,
    useWasm: false,
    wasmUrl: JPX_DECODER_BASE,
    BinaryDataFactory: AssetDataFactory,
    useWorkerFetch: false,
    // Warnings about a font or an image pdf.js could not use go to the console as logs; keep the console clean.
    verbosity: VerbosityLevel.ERRORS,
  });
  return { promise: task.promise, destroy: () => task.destroy() };
};
