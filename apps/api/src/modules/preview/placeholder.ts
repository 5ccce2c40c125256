import { PNG } from 'pngjs';

const WIDTH = 320;
const HEIGHT = 200;

type Rgb = [number, number, number];

/**
 * Soft tints with a muted symbol, so a placeholder from here and the web's own picture-less card look alike in a
 * list. Documents and videos take the web's pale backgrounds (apps/web/src/components/resource-thumb.module.css,
 * the symbol at half opacity over it); audio, images and other files, which the web has no tint for, take pale
 * tints of the same lightness.
 */
const COLORS: Record<string, { bg: Rgb; fg: Rgb }> = {
  video: { bg: [224, 242, 254], fg: [114, 174, 208] },
  audio: { bg: [237, 233, 254], fg: [181, 146, 246] },
  document: { bg: [230, 244, 241], fg: [123, 181, 176] },
  image: { bg: [255, 237, 213], fg: [245, 163, 113] },
  other: { bg: [241, 245, 249], fg: [171, 181, 194] },
};

/** Signed area test: is (px, py) inside the triangle a-b-c? */
const inTriangle = (px: number, py: number, a: number[], b: number[], c: number[]) => {
  const s = (p1: number[], p2: number[]) => (px - p2[0]!) * (p1[1]! - p2[1]!) - (p1[0]! - p2[0]!) * (py - p2[1]!);
  const d1 = s(a, b);
  const d2 = s(b, c);
  const d3 = s(c, a);
  return !((d1 < 0 || d2 < 0 || d3 < 0) && (d1 > 0 || d2 > 0 || d3 > 0));
};

/** The shape drawn in the middle: a play triangle, a note, a page with lines, a mountain, a square. */
const shape = (kind: string, x: number, y: number) => {
  const cx = WIDTH / 2;
  const cy = HEIGHT / 2;
  switch (kind) {
    case 'video':
      return inTriangle(x, y, [cx - 22, cy - 30], [cx - 22, cy + 30], [cx + 32, cy]);
    case 'audio': {
      const head = (x - (cx - 14)) ** 2 / 196 + (y - (cy + 22)) ** 2 / 100 <= 1;
      const stem = x >= cx - 2 && x <= cx + 4 && y >= cy - 36 && y <= cy + 22;
      const flag = x >= cx + 4 && x <= cx + 26 && y >= cy - 36 && y <= cy - 26;
      return head || stem || flag;
    }
    case 'document': {
      const page = x >= cx - 30 && x <= cx + 30 && y >= cy - 40 && y <= cy + 40;
      const line = x >= cx - 20 && x <= cx + 20 && (y - (cy - 25)) % 14 >= 0 && (y - (cy - 25)) % 14 < 4;
      return page && !(line && y < cy + 32);
    }
    case 'image':
      return (
        inTriangle(x, y, [cx - 40, cy + 30], [cx - 5, cy - 25], [cx + 30, cy + 30]) ||
        (x - (cx + 25)) ** 2 + (y - (cy - 22)) ** 2 <= 100
      );
    default:
      return x >= cx - 25 && x <= cx + 25 && y >= cy - 25 && y <= cy + 25;
  }
};

const cache = new Map<string, Buffer>();

/** A generated placeholder thumbnail (PNG) for a file kind, used when no tool can draw a real one. */
export const placeholderPng = (kind: string) => {
  const key = COLORS[kind] ? kind : 'other';
  const hit = cache.get(key);
  if (hit) return hit;
  const { bg, fg } = COLORS[key]!;
  const png = new PNG({ width: WIDTH, height: HEIGHT });
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const i = (y * WIDTH + x) * 4;
      const [r, g, b] = shape(key, x, y) ? fg : bg;
      png.data[i] = r;
      png.data[i + 1] = g;
      png.data[i + 2] = b;
      png.data[i + 3] = 255;
    }
  }
  const buffer = PNG.sync.write(png, { colorType: 2 });
  cache.set(key, buffer);
  return buffer;
};
