import fs from 'node:fs/promises';
import path from 'node:path';
import { builtinPdfPageCount, builtinRenderPages } from './builtin-documents.ts';
import { MediaError, runFailure } from './media-error.ts';
import { runTool, type Tools } from './tools.ts';
import { cleanWatermarkText, watermarkImages, watermarkSupport } from './watermark.ts';

export interface PagesResult {
  /** Pages of the whole document (pdfinfo). */
  pageCount: number;
  /** The images made, in page order, relative to outDir: `page-1.jpg`, `page-2.jpg`, … */
  images: string[];
  /** Whether the watermark was drawn (false when none was asked or drawtext/font is missing here). */
  watermarked: boolean;
}

const UNREADABLE = '无法读取的 PDF 文件（文件可能已损坏或已加密）';

/** The document's page count, from pdfinfo (or pdf.js where poppler is not installed). */
export const pdfPageCount = async (
  tools: Tools,
  pdfPath: string,
  { signal, timeoutMs }: { signal?: AbortSignal; timeoutMs: number },
) => {
  if (!tools.pdfinfo && tools.builtinDocuments) return builtinPdfPageCount(pdfPath, { signal, timeoutMs });
  if (!tools.pdfinfo) throw new MediaError('服务器未安装 pdfinfo（poppler-utils），无法读取页数', 'unavailable');
  const out: string[] = [];
  const result = await runTool([...tools.noNetwork, tools.pdfinfo, path.resolve(pdfPath)], {
    timeoutMs,
    cwd: '/',
    signal,
    onStdout: (chunk) => out.push(chunk),
  });
  const failure = runFailure(result, signal, { prefix: UNREADABLE, timeout: '读取 PDF 超时', hide: [pdfPath] });
  if (failure) throw failure.kind === 'failed' ? new MediaError(UNREADABLE, 'invalid', result.stderrTail) : failure;
  const pages = /^Pages:\s+(\d+)/m.exec(out.join(''));
  if (!pages) throw new MediaError(UNREADABLE, 'invalid', out.join('').slice(0, 500));
  return Number(pages[1]);
};

const RENDER_DIR = '.render';

/**
 * The first `pages` pages (Infinity: all) of a PDF as JPEG images `width` pixels wide (height by the page's shape)
 * in `outDir`, with `watermark` drawn across each when given: pdftoppm renders (pdf.js where poppler is not
 * installed; PNG when a watermark follows, so the picture is compressed once), then one ffmpeg run per dozen pages
 * draws the text. Returns after the tools ended; on failure the page images are removed and a MediaError says why.
 */
export const renderPdfPages = async (
  tools: Tools,
  pdfPath: string,
  outDir: string,
  {
    pages,
    width,
    watermark,
    signal,
    timeoutMs,
  }: { pages: number; width: number; watermark?: string; signal?: AbortSignal; timeoutMs: number },
): Promise<PagesResult> => {
  if (!tools.pdftoppm && !tools.builtinDocuments) {
    throw new MediaError('服务器未安装 pdftoppm（poppler-utils），无法生成页面图片', 'unavailable');
  }
  if (signal?.aborted) throw new MediaError('处理已取消', 'aborted');
  const pageCount = await pdfPageCount(tools, pdfPath, { signal, timeoutMs });
  const count = Math.max(0, Math.min(pageCount, Number.isFinite(pages) ? Math.floor(pages) : pageCount));
  if (count === 0) return { pageCount, images: [], watermarked: false };
  const renderDir = path.join(outDir, RENDER_DIR);
  const images = Array.from({ length: count }, (_, i) => `page-${i + 1}.jpg`);
  // Without drawtext or a font here the pages are made unmarked (and `watermarked` says so).
  const marked = !!cleanWatermarkText(watermark ?? '') && (await watermarkSupport(tools)).available;
  try {
    await fs.mkdir(renderDir, { recursive: true });
    if (tools.pdftoppm) {
      const result = await runTool(
        [
          ...tools.noNetwork,
          tools.pdftoppm,
          ...(marked ? ['-png'] : ['-jpeg', '-jpegopt', 'quality=85']),
          '-f',
          '1',
          '-l',
          String(count),
          '-scale-to-x',
          String(Math.round(width)),
          '-scale-to-y',
          '-1',
          // A page drawn absurdly tall (a crafted PDF) is cut at four widths rather than rendered gigabytes large.
          '-H',
          String(Math.round(width * 4)),
          path.resolve(pdfPath),
          path.join(renderDir, 'p'),
        ],
        { timeoutMs, cwd: renderDir, signal },
      );
      const failure = runFailure(result, signal, {
        prefix: '生成页面图片失败',
        timeout: '生成页面图片超时',
        hide: [pdfPath, outDir],
      });
      if (failure) throw failure;
    } else {
      const format = marked ? 'png' : 'jpeg';
      await builtinRenderPages(
        path.resolve(pdfPath),
        renderDir,
        { pages: count, width, format },
        { signal, timeoutMs },
      );
    }
    // pdftoppm pads the page number to the width of the page count (p-1, p-01, p-001): order by the number.
    const rendered = (await fs.readdir(renderDir))
      .map((name) => ({ name, page: Number(/^p-0*(\d+)\.(png|jpg)$/.exec(name)?.[1] ?? Number.NaN) }))
      .filter((f) => f.page >= 1 && f.page <= count)
      .sort((a, b) => a.page - b.page);
    if (rendered.length !== count) throw new MediaError('生成页面图片失败：页数不符', 'failed');
    let watermarked = false;
    if (marked) {
      watermarked = await watermarkImages(
        tools,
        rendered.map((f, i) => ({ input: path.join(renderDir, f.name), output: path.join(outDir, images[i]!) })),
        watermark!,
        { scratchDir: renderDir, width, signal, timeoutMs },
      );
    }
    if (!watermarked) {
      if (marked) throw new MediaError('生成页面图片失败：未能添加水印', 'failed');
      await Promise.all(rendered.map((f, i) => fs.rename(path.join(renderDir, f.name), path.join(outDir, images[i]!))));
    }
    return { pageCount, images, watermarked };
  } catch (error) {
    await Promise.all(images.map((name) => fs.rm(path.join(outDir, name), { force: true })));
    if (error instanceof MediaError) throw error;
    throw new MediaError('生成页面图片失败', 'failed', String((error as Error)?.message ?? error));
  } finally {
    await fs.rm(renderDir, { recursive: true, force: true });
  }
};
