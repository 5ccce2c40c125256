import { constants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { MediaError, runFailure } from './media-error.ts';
import { runTool, type Tools } from './tools.ts';

/**
 * Text watermarks burned in with ffmpeg's drawtext: trial video samples and sample page images. The text is read
 * from a file (`textfile=`, with expansion off), so any characters (Chinese, quotes, colons, %) need no escaping;
 * a font with Chinese glyphs is found once per process.
 */

/** Fonts with Chinese glyphs, in order of preference, before asking fontconfig. */
const KNOWN_FONTS = [
  '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc',
  '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc',
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc',
];

const readable = async (file: string) => {
  try {
    await fs.access(file, constants.R_OK);
    return (await fs.stat(file)).isFile();
  } catch {
    return false;
  }
};

let fontLookup: Promise<string | null> | null = null;

/**
 * A font file that has Chinese glyphs: WenQuanYi Micro Hei where installed (fonts-wqy-microhei), else the first
 * font fontconfig lists for `:lang=zh` (`fc-match 'sans:lang=zh'` may answer a Latin-only font, so it is not
 * asked), else null. Looked up once per process.
 */
export const findWatermarkFont = () => {
  fontLookup ??= (async () => {
    for (const file of KNOWN_FONTS) if (await readable(file)) return file;
    const chunks: string[] = [];
    const result = await runTool(['fc-list', ':lang=zh', 'file'], {
      timeoutMs: 10_000,
      cwd: '/',
      onStdout: (chunk) => chunks.push(chunk),
    });
    if (result.code !== 0) return null;
    const files = chunks
      .join('')
      .split('\n')
      .map((line) => line.replace(/:\s*$/, '').trim())
      .filter((file) => /\.(ttc|ttf|otf)$/i.test(file))
      .sort((a, b) => Number(/sans|hei/i.test(b)) - Number(/sans|hei/i.test(a)));
    for (const file of files) if (await readable(file)) return file;
    return null;
  })();
  return fontLookup;
};

interface FfmpegBuild {
  drawtext: boolean;
  fontconfig: boolean;
}

const builds = new Map<string, Promise<FfmpegBuild>>();

/** Whether this ffmpeg has drawtext, and fontconfig (drawtext without a font file); asked once per binary. */
const ffmpegBuild = (ffmpeg: string) => {
  let found = builds.get(ffmpeg);
  if (!found) {
    found = (async () => {
      const out: string[] = [];
      const filters = await runTool([ffmpeg, '-hide_banner', '-filters'], {
        timeoutMs: 15_000,
        cwd: '/',
        onStdout: (chunk) => out.push(chunk),
      });
      const version: string[] = [];
      await runTool([ffmpeg, '-hide_banner', '-version'], {
        timeoutMs: 15_000,
        cwd: '/',
        onStdout: (chunk) => version.push(chunk),
      });
      return {
        drawtext: filters.code === 0 && /^\s*\S+\s+drawtext\s/m.test(out.join('')),
        fontconfig: /--enable-(lib)?fontconfig/.test(version.join('')),
      };
    })();
    builds.set(ffmpeg, found);
  }
  return found;
};

/** How a watermark can be drawn here: the font to use (null = fontconfig's default), or not at all. */
export interface WatermarkSupport {
  available: boolean;
  font: string | null;
  /** Why not, when not available. */
  why?: string;
}

export const watermarkSupport = async (tools: Pick<Tools, 'ffmpeg'>): Promise<WatermarkSupport> => {
  if (!tools.ffmpeg) return { available: false, font: null, why: 'ffmpeg is not installed' };
  const [build, font] = await Promise.all([ffmpegBuild(tools.ffmpeg), findWatermarkFont()]);
  if (!build.drawtext) return { available: false, font: null, why: 'this ffmpeg has no drawtext filter' };
  if (font) return { available: true, font };
  // Without a Chinese font the text may show as boxes, but a mark is still better than none.
  if (build.fontconfig) return { available: true, font: null };
  return { available: false, font: null, why: 'no font for drawtext (no Chinese font, ffmpeg without fontconfig)' };
};

/** The watermark text, one line: control characters become spaces, at most 60 characters. */
export const cleanWatermarkText = (text: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  Array.from(text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim())
    .slice(0, 60)
    .join('');

/** Width of the text in em: CJK and other wide characters 1, the rest about 0.6. */
const emWidth = (text: string) =>
  Array.from(text).reduce((sum, ch) => sum + ((ch.codePointAt(0) ?? 0) > 0x2e7f ? 1 : 0.6), 0);

/** A value inside a filter's option list inside a filtergraph: both levels of ffmpeg's escaping. */
export const escapeFilterValue = (value: string) => value.replace(/[\\':]/g, '\\$&').replace(/[\\'[\],;]/g, '\\$&');

export interface DrawTextStyle {
  textfile: string;
  font: string | null;
  fontSize: number;
  color: string;
  border: string;
  borderWidth: number;
}

/** One drawtext at (x, y) (ffmpeg expressions of w, h, tw, th, without commas). */
const drawtext = (style: DrawTextStyle, x: string, y: string) =>
  [
    `drawtext=textfile=${escapeFilterValue(style.textfile)}`,
    'expansion=none',
    ...(style.font ? [`fontfile=${escapeFilterValue(style.font)}`] : []),
    `fontsize=${style.fontSize}`,
    `fontcolor=${style.color}`,
    `borderw=${style.borderWidth}`,
    `bordercolor=${style.border}`,
    `x=${x}`,
    `y=${y}`,
  ].join(':');

/**
 * Video: the text three times along the diagonal (top left, centre, bottom right), white at 40 % with a faint dark
 * outline, so it reads on light and dark pictures, cannot be cropped away, and leaves most of the picture clear.
 * `width`/`height` are the frames' size where the filter runs, for the font size.
 */
export const videoWatermarkFilter = (
  text: string,
  { textfile, font, width, height }: { textfile: string; font: string | null; width: number; height: number },
) => {
  const fontSize = Math.max(12, Math.round(Math.min(height / 14, (0.8 * width) / Math.max(4, emWidth(text)))));
  const style: DrawTextStyle = {
    textfile,
    font,
    fontSize,
    color: 'white@0.4',
    border: 'black@0.3',
    borderWidth: Math.max(1, Math.round(fontSize / 24)),
  };
  return [0.06, 0.5, 0.94].map((f) => drawtext(style, `(w-tw)*${f}`, `(h-th)*${f}`)).join(',');
};

/**
 * Page images: the text in six rows down the page, zig-zagging from side to side (a diagonal pattern a reader
 * sees through), mid-grey at 35 % with a light outline, so it shows on white pages and dark slides alike.
 */
export const pageWatermarkFilter = (
  text: string,
  { textfile, font, width }: Omit<DrawTextStyle, 'fontSize' | 'color' | 'border' | 'borderWidth'> & { width: number },
) => {
  const fontSize = Math.max(12, Math.round(Math.min(width / 20, (0.7 * width) / Math.max(4, emWidth(text)))));
  const style: DrawTextStyle = {
    textfile,
    font,
    fontSize,
    color: '0x808080@0.35',
    border: 'white@0.3',
    borderWidth: Math.max(1, Math.round(fontSize / 20)),
  };
  const rows = 6;
  return Array.from({ length: rows }, (_, i) => {
    const across = [0.1, 0.5, 0.9][i % 3]!;
    return drawtext(style, `(w-tw)*${across}`, `(h-th)*${((i + 0.5) / rows).toFixed(4)}`);
  }).join(',');
};

/** Writes the watermark text where drawtext reads it (`textfile=`), without a trailing newline. */
export const writeTextFile = async (file: string, text: string) => {
  await fs.writeFile(file, cleanWatermarkText(text), 'utf8');
  return file;
};

/** At most this many images per ffmpeg run (each is an input of its own). */
const IMAGES_PER_RUN = 12;

/**
 * Burns `text` into images (any size each; JPEG out, quality 2–31, lower is better), one ffmpeg run per dozen
 * images. `scratchDir` holds the text file. Answers whether the mark was drawn (false: no drawtext/font here; the
 * images are then left as they are and nothing is written).
 */
export const watermarkImages = async (
  tools: Pick<Tools, 'ffmpeg' | 'noNetwork'>,
  images: { input: string; output: string }[],
  text: string,
  {
    scratchDir,
    width,
    signal,
    timeoutMs,
    quality = 4,
  }: { scratchDir: string; width: number; signal?: AbortSignal; timeoutMs: number; quality?: number },
) => {
  const support = await watermarkSupport(tools);
  if (!support.available || !tools.ffmpeg || !cleanWatermarkText(text)) return false;
  const textfile = await writeTextFile(path.join(scratchDir, '.watermark.txt'), text);
  try {
    const filter = pageWatermarkFilter(cleanWatermarkText(text), { textfile, font: support.font, width });
    for (let start = 0; start < images.length; start += IMAGES_PER_RUN) {
      const batch = images.slice(start, start + IMAGES_PER_RUN);
      const graph = batch.map((_, i) => `[${i}:v]${filter}[o${i}]`).join(';');
      const result = await runTool(
        [
          ...tools.noNetwork,
          tools.ffmpeg,
          '-nostdin',
          '-hide_banner',
          '-v',
          'error',
          '-y',
          ...batch.flatMap((image) => ['-i', image.input]),
          '-filter_complex',
          graph,
          ...batch.flatMap((image, i) => [
            '-map',
            `[o${i}]`,
            '-frames:v',
            '1',
            '-update',
            '1',
            '-q:v',
            String(quality),
            image.output,
          ]),
        ],
        { timeoutMs, cwd: scratchDir, signal },
      );
      const failure = runFailure(result, signal, { prefix: '加水印失败', timeout: '加水印超时', hide: [scratchDir] });
      if (failure) throw failure;
    }
    return true;
  } finally {
    await fs.rm(textfile, { force: true });
  }
};

/** One image with the page watermark: `inPath` → `outPath` (JPEG). Throws a MediaError when it cannot be drawn. */
export const watermarkImage = async (
  tools: Pick<Tools, 'ffmpeg' | 'noNetwork'>,
  inPath: string,
  outPath: string,
  text: string,
  options: { width: number; signal?: AbortSignal; timeoutMs: number; quality?: number },
) => {
  const drawn = await watermarkImages(tools, [{ input: inPath, output: outPath }], text, {
    ...options,
    scratchDir: path.dirname(outPath),
  });
  if (!drawn) throw new MediaError('无法添加水印（缺少 ffmpeg 的文字绘制功能或字体）', 'unavailable');
};
