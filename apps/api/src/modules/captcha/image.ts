import { randomBytes, randomInt } from 'node:crypto';
import { PNG } from 'pngjs';

/** Puzzle geometry, in natural pixels: the picture, and the square box the piece image fills. */
export const CAPTCHA = { width: 310, height: 160, box: 50 } as const;
const BOX = CAPTCHA.box;
/** The piece is a square body in the middle of its box; round knobs stick out of or into its sides. */
const HALF = 16;
const KNOB_R = 6;
/** How far a knob's centre sits beyond (out) or inside (in) its side. */
const KNOB_NECK = 2.5;
/** Decoy holes may be larger than the piece, so they are drawn in a larger box around the same centre. */
const DECOY_BOX = 62;
/** How far the piece can move either way from a decoy's centre and still lie inside the decoy's box. */
export const DECOY_SLACK_PX = (DECOY_BOX - BOX) / 2;

/** A side: -1 a knob cut in, 0 flat, 1 a knob sticking out; `shift` moves the knob along the side. */
interface Side {
  kind: -1 | 0 | 1;
  shift: number;
}
interface Shape {
  sides: [Side, Side, Side, Side]; // top, right, bottom, left
  angle: number;
  scale: number;
}

const randomSide = (): Side => ({ kind: (randomInt(3) - 1) as Side['kind'], shift: randomInt(-4, 5) });

/**
 * A piece shape chosen at random: each side flat, knob in or knob out, knobs off-centre; at least two knobs, and at
 * least one side not sticking out (so a wider decoy can be made of it).
 */
const randomShape = (angle = 0, scale = 1): Shape => {
  for (;;) {
    const sides = [randomSide(), randomSide(), randomSide(), randomSide()] as Shape['sides'];
    const knobs = sides.filter((side) => side.kind !== 0).length;
    if (knobs >= 2 && sides.some((side) => side.kind !== 1)) return { sides, angle, scale };
  }
};

/**
 * The piece's shape with one or two of its sides given more (a cut-in knob filled or turned out, a flat side given a
 * knob), a little larger: it holds the whole piece, yet its outline differs. The piece has a side that does not
 * stick out (randomShape sees to it).
 */
const widerThan = (piece: Shape): Shape => {
  const open = [0, 1, 2, 3].filter((i) => piece.sides[i]!.kind < 1);
  const sides = piece.sides.map((side) => ({ ...side })) as Shape['sides'];
  for (let n = randomInt(1, Math.min(2, open.length) + 1); n > 0; n--) {
    const i = open.splice(randomInt(open.length), 1)[0]!;
    sides[i]!.kind = sides[i]!.kind === -1 && randomInt(2) === 0 ? 0 : 1;
  }
  return { sides, angle: 0, scale: randomInt(100, 109) / 100 };
};

/** Is (u, v), relative to the shape's centre, inside it? */
const inShape = (sides: Shape['sides'], u: number, v: number) => {
  let inside = Math.abs(u) <= HALF && Math.abs(v) <= HALF;
  for (let i = 0; i < 4; i++) {
    const { kind, shift } = sides[i]!;
    if (kind === 0) continue;
    // Coordinates along the side and outwards from it.
    const along = i === 0 ? u : i === 1 ? v : i === 2 ? -u : -v;
    const out = (i === 0 ? -v : i === 1 ? u : i === 2 ? v : -u) - HALF;
    const inKnob = (along - shift) ** 2 + (out - kind * KNOB_NECK) ** 2 <= KNOB_R ** 2;
    if (inKnob) inside = kind === 1;
  }
  return inside;
};

/** Coverage (0..1, 2x2 samples a pixel, so outlines are smooth) of a shape drawn in the middle of a size x size box. */
const shapeMask = (shape: Shape, size: number): Float32Array => {
  const mask = new Float32Array(size * size);
  const cos = Math.cos(shape.angle) / shape.scale;
  const sin = Math.sin(shape.angle) / shape.scale;
  const c = size / 2;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let hits = 0;
      for (let s = 0; s < 4; s++) {
        const dx = x + 0.25 + (s & 1) * 0.5 - c;
        const dy = y + 0.25 + (s >> 1) * 0.5 - c;
        if (inShape(shape.sides, dx * cos + dy * sin, dy * cos - dx * sin)) hits++;
      }
      mask[y * size + x] = hits / 4;
    }
  }
  return mask;
};

/** A mask's coverage at (x, y), 0 outside its box. */
const maskAt = (mask: Float32Array, size: number, x: number, y: number) =>
  x < 0 || y < 0 || x >= size || y >= size ? 0 : mask[y * size + x]!;

/** The mask's coverage 2 px left, right, above and below (x, y). */
const around = (mask: Float32Array, size: number, x: number, y: number) => [
  maskAt(mask, size, x - 2, y),
  maskAt(mask, size, x + 2, y),
  maskAt(mask, size, x, y - 2),
  maskAt(mask, size, x, y + 2),
];

/** How much of a mask's pixel lies on its outline: covered, with uncovered pixels 2 px away. */
const edgeOf = (mask: Float32Array, size: number, x: number, y: number) => {
  const m = maskAt(mask, size, x, y);
  return m === 0 ? 0 : m * (1 - Math.min(...around(mask, size, x, y)));
};

/** How much of a mask's pixel lies just outside its outline: uncovered, with covered pixels 2 px away. */
const haloOf = (mask: Float32Array, size: number, x: number, y: number) => {
  const m = maskAt(mask, size, x, y);
  return m === 1 ? 0 : (1 - m) * Math.max(...around(mask, size, x, y));
};

type Rgb = [number, number, number];

const PALETTES: { sky: [Rgb, Rgb]; hills: Rgb[]; sun: Rgb }[] = [
  {
    sky: [
      [120, 180, 235],
      [220, 238, 250],
    ],
    hills: [
      [96, 150, 110],
      [60, 115, 80],
      [35, 85, 60],
    ],
    sun: [255, 236, 160],
  },
  {
    sky: [
      [250, 160, 110],
      [255, 222, 170],
    ],
    hills: [
      [170, 110, 120],
      [120, 80, 110],
      [70, 50, 85],
    ],
    sun: [255, 245, 200],
  },
  {
    sky: [
      [40, 60, 120],
      [110, 130, 190],
    ],
    hills: [
      [60, 90, 140],
      [40, 60, 100],
      [20, 35, 70],
    ],
    sun: [240, 240, 220],
  },
  {
    sky: [
      [170, 220, 210],
      [235, 250, 240],
    ],
    hills: [
      [120, 170, 130],
      [160, 140, 90],
      [100, 120, 70],
    ],
    sun: [255, 250, 220],
  },
  {
    sky: [
      [200, 200, 230],
      [245, 235, 245],
    ],
    hills: [
      [150, 130, 180],
      [110, 100, 150],
      [80, 70, 120],
    ],
    sun: [255, 220, 230],
  },
  {
    sky: [
      [130, 200, 250],
      [250, 250, 255],
    ],
    hills: [
      [210, 220, 230],
      [150, 170, 190],
      [90, 110, 130],
    ],
    sun: [255, 255, 240],
  },
];

/** A landscape drawn from random parameters: gradient sky, sun, three ridges of hills, scattered shapes, grain. */
const drawBackground = (): Buffer => {
  const { width: w, height: h } = CAPTCHA;
  const palette = PALETTES[randomInt(PALETTES.length)]!;
  const px = Buffer.alloc(w * h * 4);
  const sun = { x: randomInt(30, w - 30), y: randomInt(20, 60), r: randomInt(12, 26) };
  const ridges = palette.hills.map((colour, i) => ({
    colour,
    base: h * (0.45 + i * 0.17),
    waves: [0, 1, 2].map(() => ({
      amp: randomInt(6, 22),
      freq: (randomInt(8, 40) / 1000) * (i + 1),
      phase: randomInt(0, 628) / 100,
    })),
  }));
  const blobs = Array.from({ length: randomInt(5, 11) }, () => ({
    x: randomInt(0, w),
    y: randomInt(0, h),
    r: randomInt(4, 16),
    colour: [randomInt(150, 256), randomInt(150, 256), randomInt(150, 256)] as Rgb,
    alpha: randomInt(15, 40) / 100,
  }));
  // Ridge heights per column, computed once.
  const tops = ridges.map((ridge) =>
    Float64Array.from({ length: w }, (_, x) =>
      ridge.waves.reduce((acc, wv) => acc + wv.amp * Math.sin(x * wv.freq + wv.phase), ridge.base),
    ),
  );
  // Film grain from a xorshift generator seeded by the CSPRNG: a crypto call per pixel would cost ~50 ms.
  let seed = randomBytes(4).readUInt32LE(0) || 1;
  const nextGrain = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return ((seed >>> 0) % 9) - 4;
  };
  // Plain numbers in the pixel loop: 50k pixels per image, so no per-pixel allocations.
  for (let y = 0; y < h; y++) {
    const t = y / h;
    const skyR = palette.sky[0][0] + (palette.sky[1][0] - palette.sky[0][0]) * t;
    const skyG = palette.sky[0][1] + (palette.sky[1][1] - palette.sky[0][1]) * t;
    const skyB = palette.sky[0][2] + (palette.sky[1][2] - palette.sky[0][2]) * t;
    for (let x = 0; x < w; x++) {
      let r = skyR;
      let g = skyG;
      let b = skyB;
      if ((x - sun.x) ** 2 + (y - sun.y) ** 2 <= sun.r ** 2) [r, g, b] = palette.sun;
      for (let i = 0; i < ridges.length; i++) {
        const top = tops[i]![x]!;
        if (y >= top) {
          const shade = 1 - Math.min(0.25, (y - top) / (h * 2));
          const colour = ridges[i]!.colour;
          r = colour[0] * shade;
          g = colour[1] * shade;
          b = colour[2] * shade;
        }
      }
      for (let i = 0; i < blobs.length; i++) {
        const blob = blobs[i]!;
        if ((x - blob.x) ** 2 + (y - blob.y) ** 2 <= blob.r ** 2) {
          r += (blob.colour[0] - r) * blob.alpha;
          g += (blob.colour[1] - g) * blob.alpha;
          b += (blob.colour[2] - b) * blob.alpha;
        }
      }
      const grain = nextGrain();
      const o = (y * w + x) * 4;
      px[o] = Math.max(0, Math.min(255, r + grain));
      px[o + 1] = Math.max(0, Math.min(255, g + grain));
      px[o + 2] = Math.max(0, Math.min(255, b + grain));
      px[o + 3] = 255;
    }
  }
  return px;
};

/** One fixed filter instead of pngjs's per-row search: about 3x faster for the same size. */
const toDataUrl = (width: number, height: number, data: Buffer, alpha: boolean) => {
  const png = new PNG({ width, height });
  data.copy(png.data);
  const encoded = PNG.sync.write(png, { filterType: 1, deflateLevel: 6, colorType: alpha ? 6 : 2 });
  return `data:image/png;base64,${encoded.toString('base64')}`;
};

export interface Puzzle {
  x: number;
  y: number;
  /** Where the piece would sit centred on each decoy hole (never shown to the client). */
  decoyXs: number[];
  srcImage: string;
  cutImage: string;
}

/**
 * Does a decoy (drawn in a DECOY_BOX box) differ visibly from another shape (the piece, or a decoy)? At least a tenth
 * of the other's area must be covered by one and not the other when both are centred on the same point.
 */
const differs = (decoy: Float32Array, other: Float32Array, size: number) => {
  const pad = (DECOY_BOX - size) / 2;
  let area = 0;
  let diff = 0;
  for (let y = 0; y < DECOY_BOX; y++) {
    for (let x = 0; x < DECOY_BOX; x++) {
      const inner = x >= pad && y >= pad && x < pad + size && y < pad + size;
      const p = inner ? other[(y - pad) * size + (x - pad)]! : 0;
      area += p;
      diff += Math.abs(p - decoy[y * DECOY_BOX + x]!);
    }
  }
  return diff >= area / 10;
};

/**
 * The inside every hole shows: the scene under all the holes, blurred, the darkest of them at each point; so what
 * shows through a hole says nothing about which one the piece came out of, and no hole is lighter than its scene.
 * A DECOY_BOX square per colour channel, centred on the holes.
 */
const sharedInterior = (background: Buffer, centres: number[], centreY: number) => {
  const { width: w, height: h } = CAPTCHA;
  const interior = new Float32Array(DECOY_BOX * DECOY_BOX * 3).fill(255);
  const top = centreY - DECOY_BOX / 2;
  for (const centre of centres) {
    const left = centre - DECOY_BOX / 2;
    for (let py = 0; py < DECOY_BOX; py++) {
      const y = Math.min(h - 2, Math.max(1, top + py));
      for (let px = 0; px < DECOY_BOX; px++) {
        const o = (y * w + Math.min(w - 2, Math.max(1, left + px))) * 4;
        const up = o - w * 4;
        const down = o + w * 4;
        const i = (py * DECOY_BOX + px) * 3;
        for (let k = 0; k < 3; k++) {
          const sum =
            background[up + k - 4]! +
            background[up + k]! +
            background[up + k + 4]! +
            background[o + k - 4]! +
            background[o + k]! +
            background[o + k + 4]! +
            background[down + k - 4]! +
            background[down + k]! +
            background[down + k + 4]!;
          interior[i + k] = Math.min(interior[i + k]!, sum / 9);
        }
      }
    }
  }
  return interior;
};

/**
 * Draws a hole of a shape (coverage in a size x size box at left, top): the shared interior darkened, unevenly
 * shaded and grained, in a soft, irregular light rim. Real and decoy holes are drawn alike, so only their shapes tell
 * them apart.
 */
const drawHole = (
  background: Buffer,
  interior: Float32Array,
  shape: Float32Array,
  size: number,
  left: number,
  top: number,
) => {
  const { width: w, height: h } = CAPTCHA;
  // A pixel wider all round than the shape, as a real cut is: the piece's light rim then lands on shadow here as it
  // does in any other hole.
  const mask = new Float32Array(size * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      mask[y * size + x] = Math.max(
        maskAt(shape, size, x, y),
        maskAt(shape, size, x - 1, y),
        maskAt(shape, size, x + 1, y),
        maskAt(shape, size, x, y - 1),
        maskAt(shape, size, x, y + 1),
      );
    }
  }
  const dark = randomInt(30, 47) / 100;
  const tilt = randomInt(0, 628) / 100;
  const shading = randomInt(8, 18) / 100;
  const rim = randomInt(50, 95);
  // Grain from a xorshift generator, as in the background.
  let seed = randomBytes(4).readUInt32LE(0) || 1;
  const gx = Math.cos(tilt) / size;
  const gy = Math.sin(tilt) / size;
  const pad = (DECOY_BOX - size) / 2;
  for (let py = 0; py < size; py++) {
    const y = top + py;
    if (y < 0 || y >= h) continue;
    for (let pxl = 0; pxl < size; pxl++) {
      const x = left + pxl;
      if (x < 0 || x >= w) continue;
      const m = mask[py * size + pxl]!;
      const halo = haloOf(mask, size, pxl, py);
      if (m === 0 && halo === 0) continue;
      const f = dark * (1 + shading * ((pxl - size / 2) * gx + (py - size / 2) * gy) * 2);
      const o = (y * w + x) * 4;
      const i = ((py + pad) * DECOY_BOX + pxl + pad) * 3;
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      const grain = ((seed >>> 0) % 25) - 12;
      // The light rim lies just outside the hole, unevenly bright: it does not line up with the piece's own rim.
      const light = halo * rim * (0.75 + grain / 48);
      for (let k = 0; k < 3; k++) {
        const v = background[o + k]!;
        // Grain in proportion, so that even on a dark night scene the hole stays darker than what it is cut from.
        const hole = interior[i + k]! * f * (1 + grain / 40);
        background[o + k] = Math.max(0, Math.min(255, v + (hole - v) * m + light));
      }
    }
  }
};

/**
 * Where any hole may be centred: clear of the piece's starting place (x 0–50) and inside the picture. The same range
 * for the piece's hole and the decoys, so a hole's place says nothing, and two decoys fit wherever the piece's is.
 */
export const HOLE_CENTRES = { lo: BOX + 6 + DECOY_BOX / 2, hi: CAPTCHA.width - BOX - 9 + BOX / 2 } as const;
/** Centres of two holes at least this far apart leave 4 px of scene between them. */
const apart = (sizeA: number, sizeB: number) => (sizeA + sizeB) / 2 + 4;

/**
 * The centres of the piece's hole (first) and of `decoys` decoy holes on one row. The piece's is drawn first, evenly
 * over its whole range, so its place says nothing; each decoy then goes at random where it fits, keeping room for the
 * ones still to come (there is room for two wherever the piece's hole is).
 */
export const holeCentres = (decoys: number): number[] => {
  const pieceCentre = randomInt(HOLE_CENTRES.lo, HOLE_CENTRES.hi + 1);
  const placed = [{ centre: pieceCentre, size: BOX as number }];
  const fits = (centre: number, holes: { centre: number; size: number }[]) =>
    holes.every((hole) => Math.abs(centre - hole.centre) >= apart(DECOY_BOX, hole.size));
  const free = (holes: { centre: number; size: number }[]) => {
    const out: number[] = [];
    for (let c = HOLE_CENTRES.lo; c <= HOLE_CENTRES.hi; c++) if (fits(c, holes)) out.push(c);
    return out;
  };
  for (let left = decoys; left > 0; left--) {
    // A place that still leaves a place for the next decoy, when there is one.
    const options = free(placed).filter(
      (c) => left === 1 || free([...placed, { centre: c, size: DECOY_BOX }]).length > 0,
    );
    if (options.length === 0) break;
    placed.push({ centre: options[randomInt(options.length)]!, size: DECOY_BOX });
  }
  return placed.map((hole) => hole.centre);
};

/**
 * A new puzzle: the background with a hole of the piece's shape at a random (x, y) and two decoy holes of other
 * shapes on the same row, and the piece (transparent outside its outline) that the user drags from x = 0 to x. The
 * piece's shape changes per puzzle, so the one hole that fits it has to be found by looking at the outlines.
 */
export const generatePuzzle = (): Puzzle => {
  const { width: w, height: h } = CAPTCHA;
  const y = randomInt(6, h - BOX - 6);
  const piece = randomShape();
  const pieceMask = shapeMask(piece, BOX);
  // Two decoys. The first has every knob of the piece and more besides: the piece's outline fits inside it, so a
  // matcher scoring only the piece's own pixels is drawn to it. The second is mostly another such one, at times (and
  // when the piece allows no other) a shape of other knobs, turned and resized.
  const decoys: Float32Array[] = [];
  for (let tries = 0; decoys.length < 2 && tries < 30; tries++) {
    const angle = ((randomInt(4) * 90 + randomInt(-12, 13)) * Math.PI) / 180;
    const shape =
      decoys.length === 0 || randomInt(5) > 0 ? widerThan(piece) : randomShape(angle, randomInt(90, 126) / 100);
    const mask = shapeMask(shape, DECOY_BOX);
    if (differs(mask, pieceMask, BOX) && decoys.every((other) => differs(mask, other, DECOY_BOX))) decoys.push(mask);
  }
  const [pieceCentre, ...decoyCentres] = holeCentres(decoys.length);
  const holes = [
    { mask: pieceMask, size: BOX as number, centre: pieceCentre! },
    ...decoys.map((mask, i) => ({ mask, size: DECOY_BOX, centre: decoyCentres[i]! })),
  ];
  const centres = holes.map((hole) => hole.centre);
  const x = pieceCentre! - BOX / 2;
  const background = drawBackground();
  const cut = Buffer.alloc(BOX * BOX * 4);
  for (let py = 0; py < BOX; py++) {
    for (let pxl = 0; pxl < BOX; pxl++) {
      const m = pieceMask[py * BOX + pxl]!;
      if (m === 0) continue;
      const src = ((y + py) * w + (x + pxl)) * 4;
      const dst = (py * BOX + pxl) * 4;
      const edge = edgeOf(pieceMask, BOX, pxl, py);
      for (let k = 0; k < 3; k++) cut[dst + k] = Math.min(255, background[src + k]! + 90 * edge);
      cut[dst + 3] = Math.round(255 * m);
    }
  }
  const interior = sharedInterior(background, centres, y + BOX / 2);
  for (const hole of holes) {
    drawHole(background, interior, hole.mask, hole.size, hole.centre - hole.size / 2, y + (BOX - hole.size) / 2);
  }
  return {
    x,
    y,
    decoyXs: decoyCentres.map((centre) => centre - BOX / 2),
    srcImage: toDataUrl(w, h, background, false),
    cutImage: toDataUrl(BOX, BOX, cut, true),
  };
};
