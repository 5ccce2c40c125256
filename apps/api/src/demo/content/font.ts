import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { GlobalFonts } from '@napi-rs/canvas';

/**
 * The Chinese font the demo's video slides are drawn with: Noto Sans SC (SIL Open Font License 1.1) from the npm
 * package @fontsource-variable/noto-sans-sc, so a machine with only Node.js draws Chinese without any system font.
 *
 * The package ships the font as about a hundred woff2 subsets, each covering the code points its `unicode.json`
 * lists. Skia takes one typeface per family name, so each subset is registered under a name of its own and the
 * slides name them all as one family list: every character is drawn from the subset that has it. The same lists
 * tell which characters the font does not have (`missingGlyphs`), so text that would come out as boxes is caught
 * before it is drawn, never seen only in a video.
 */

const PACKAGE = '@fontsource-variable/noto-sans-sc';

interface Subset {
  alias: string;
  file: string;
  ranges: [number, number][];
}

/** "U+4e00-4e0f,U+4e11" → [[0x4e00, 0x4e0f], [0x4e11, 0x4e11]]. */
const parseRanges = (list: string): [number, number][] =>
  list.split(',').map((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
    const start = Number.parseInt(from!, 16);
    return [start, to ? Number.parseInt(to, 16) : start];
  });

let loaded: { family: string; subsets: Subset[] } | null = null;

/** Registers every subset once (about 70 ms) and answers the family list that draws with all of them. */
const load = () => {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const unicodeJson = require.resolve(`${PACKAGE}/unicode.json`);
  const dir = path.join(path.dirname(unicodeJson), 'files');
  const table = JSON.parse(readFileSync(unicodeJson, 'utf8')) as Record<string, string>;
  // Latin first: digits and letters come from the subset drawn for them, the CJK subsets follow.
  const keys = Object.keys(table).sort((a, b) => Number(b === 'latin') - Number(a === 'latin'));
  const subsets = keys.map((key, i): Subset => {
    const name = key.replace(/^\[(\d+)\]$/, '$1');
    return {
      alias: `ZykDemoSC${i}`,
      file: path.join(dir, `noto-sans-sc-${name}-wght-normal.woff2`),
      ranges: parseRanges(table[key]!),
    };
  });
  for (const subset of subsets) {
    if (!GlobalFonts.registerFromPath(subset.file, subset.alias)) {
      throw new Error(`无法载入字体文件 ${subset.file}`);
    }
  }
  loaded = { family: subsets.map((s) => s.alias).join(', '), subsets };
  return loaded;
};

/** The CSS font family list for canvas text (`${size}px ${demoFontFamily()}`). */
export const demoFontFamily = () => load().family;

/** The characters of `text` the font has no glyph for (spaces and line breaks aside), each once. */
export const missingGlyphs = (text: string) => {
  const { subsets } = load();
  const missing = new Set<string>();
  for (const char of text) {
    if (/\s/.test(char) || missing.has(char)) continue;
    const code = char.codePointAt(0)!;
    if (!subsets.some((s) => s.ranges.some(([from, to]) => code >= from && code <= to))) missing.add(char);
  }
  return [...missing];
};
