import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { type SeededRandom, seededRandom } from './content/seeded-random.ts';

/**
 * Pictures of the demo classroom, drawn without text (no font is needed): a course cover (16:9, as the cards and
 * the course page show it; its thumbnail is 480 wide) and a topic background (a wide banner behind the topic's
 * title). Colours and motifs follow the subject; a seed text (the title) varies hues and placement, so every course
 * gets its own picture and the same title always the same bytes.
 */

export const COVER_SIZE = { width: 960, height: 540 } as const;
export const BACKGROUND_SIZE = { width: 1600, height: 480 } as const;

interface Palette {
  from: string;
  to: string;
  accent: string;
}

/** Per subject: a calm gradient and an accent (语文 ink and vermilion, 数学 blue, 英语 teal, 物理 indigo…). */
const PALETTES: Record<string, Palette> = {
  语文: { from: '#7f1d1d', to: '#b45309', accent: '#fde68a' },
  数学: { from: '#1e3a8a', to: '#0ea5e9', accent: '#e0f2fe' },
  英语: { from: '#115e59', to: '#14b8a6', accent: '#ccfbf1' },
  物理: { from: '#312e81', to: '#7c3aed', accent: '#ede9fe' },
  化学: { from: '#14532d', to: '#65a30d', accent: '#ecfccb' },
  生物学: { from: '#064e3b', to: '#10b981', accent: '#d1fae5' },
};
const DEFAULT_PALETTE: Palette = { from: '#1e3a5f', to: '#0f766e', accent: '#e2e8f0' };

type Motif = (ctx: SKRSContext2D, w: number, h: number, r: SeededRandom, accent: string) => void;

const withAlpha = (ctx: SKRSContext2D, alpha: number, draw: () => void) => {
  ctx.save();
  ctx.globalAlpha = alpha;
  draw();
  ctx.restore();
};

/** 语文: layered ink-wash hills under a low sun. */
const hills: Motif = (ctx, w, h, r, accent) => {
  withAlpha(ctx, 0.85, () => {
    ctx.fillStyle = accent;
    ctx.beginPath();
    ctx.arc(w * (0.62 + r.next() * 0.25), h * (0.22 + r.next() * 0.12), h * 0.11, 0, Math.PI * 2);
    ctx.fill();
  });
  for (let layer = 0; layer < 4; layer++) {
    const base = h * (0.55 + layer * 0.12);
    withAlpha(ctx, 0.18 + layer * 0.14, () => {
      ctx.fillStyle = layer % 2 ? '#1c1917' : '#292524';
      ctx.beginPath();
      ctx.moveTo(0, h);
      ctx.lineTo(0, base);
      const peaks = 3 + r.int(3);
      for (let i = 0; i < peaks; i++) {
        const x0 = (w / peaks) * i;
        const x1 = (w / peaks) * (i + 1);
        ctx.quadraticCurveTo((x0 + x1) / 2, base - h * (0.12 + r.next() * 0.18), x1, base + h * 0.02 * r.next());
      }
      ctx.lineTo(w, h);
      ctx.closePath();
      ctx.fill();
    });
  }
};

/** 数学: a squared grid with a curve, axes and a few figures. */
const grid: Motif = (ctx, w, h, r, accent) => {
  const step = h / (9 + r.int(4));
  withAlpha(ctx, 0.16, () => {
    ctx.strokeStyle = accent;
    ctx.lineWidth = 1;
    for (let x = step; x < w; x += step) {
      ctx.beginPath();
      ctx.moveTo(x, 0);
      ctx.lineTo(x, h);
      ctx.stroke();
    }
    for (let y = step; y < h; y += step) {
      ctx.beginPath();
      ctx.moveTo(0, y);
      ctx.lineTo(w, y);
      ctx.stroke();
    }
  });
  const ox = w * (0.3 + r.next() * 0.4);
  const oy = h * (0.55 + r.next() * 0.2);
  withAlpha(ctx, 0.55, () => {
    ctx.strokeStyle = accent;
    ctx.lineWidth = 3;
    ctx.beginPath();
    ctx.moveTo(0, oy);
    ctx.lineTo(w, oy);
    ctx.moveTo(ox, 0);
    ctx.lineTo(ox, h);
    ctx.stroke();
  });
  withAlpha(ctx, 0.9, () => {
    ctx.strokeStyle = accent;
    ctx.lineWidth = 6;
    ctx.beginPath();
    // A parabola whose vertex lies near the origin, opening up over about half the width.
    const spread = w * (0.22 + r.next() * 0.12);
    const vertexX = ox + (r.next() - 0.5) * w * 0.2;
    const vertexY = oy - h * (0.1 + r.next() * 0.25);
    for (let x = 0; x <= w; x += 8) {
      const y = vertexY - ((x - vertexX) / spread) ** 2 * h * 0.3;
      if (x === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    }
    ctx.stroke();
  });
  withAlpha(ctx, 0.35, () => {
    ctx.fillStyle = accent;
    const cx = w * (0.72 + r.next() * 0.15);
    const cy = h * (0.2 + r.next() * 0.15);
    ctx.beginPath();
    ctx.moveTo(cx, cy - h * 0.12);
    ctx.lineTo(cx + h * 0.12, cy + h * 0.1);
    ctx.lineTo(cx - h * 0.12, cy + h * 0.1);
    ctx.closePath();
    ctx.fill();
    ctx.beginPath();
    ctx.arc(w * (0.1 + r.next() * 0.12), h * (0.22 + r.next() * 0.1), h * 0.08, 0, Math.PI * 2);
    ctx.fill();
  });
};

/** 英语: overlapping speech bubbles. */
const bubbles: Motif = (ctx, w, h, r, accent) => {
  const count = 4 + r.int(3);
  for (let i = 0; i < count; i++) {
    const bw = w * (0.16 + r.next() * 0.16);
    const bh = bw * (0.55 + r.next() * 0.2);
    const x = r.next() * (w - bw);
    const y = r.next() * (h - bh * 1.4);
    withAlpha(ctx, 0.16 + r.next() * 0.3, () => {
      ctx.fillStyle = accent;
      ctx.beginPath();
      ctx.roundRect(x, y, bw, bh, bh * 0.3);
      ctx.moveTo(x + bw * 0.25, y + bh - 1);
      ctx.lineTo(x + bw * 0.2, y + bh * 1.35);
      ctx.lineTo(x + bw * 0.42, y + bh - 1);
      ctx.fill();
    });
    withAlpha(ctx, 0.35, () => {
      ctx.strokeStyle = '#0f172a';
      ctx.lineWidth = bh * 0.06;
      ctx.lineCap = 'round';
      for (let line = 0; line < 3; line++) {
        const ly = y + bh * (0.3 + line * 0.2);
        ctx.beginPath();
        ctx.moveTo(x + bw * 0.15, ly);
        ctx.lineTo(x + bw * (0.5 + r.next() * 0.35), ly);
        ctx.stroke();
      }
    });
  }
};

/** 物理: an atom's orbits and a wave. */
const orbits: Motif = (ctx, w, h, r, accent) => {
  const cx = w * (0.6 + r.next() * 0.25);
  const cy = h * (0.35 + r.next() * 0.25);
  const rx = h * 0.38;
  withAlpha(ctx, 0.7, () => {
    ctx.strokeStyle = accent;
    ctx.lineWidth = 4;
    for (let i = 0; i < 3; i++) {
      ctx.beginPath();
      ctx.ellipse(cx, cy, rx, rx * 0.34, (Math.PI / 3) * i + r.next() * 0.2, 0, Math.PI * 2);
      ctx.stroke();
    }
    ctx.fillStyle = accent;
    ctx.beginPath();
    ctx.arc(cx, cy, h * 0.045, 0, Math.PI * 2);
    ctx.fill();
  });
  withAlpha(ctx, 0.45, () => {
    ctx.strokeStyle = accent;
    ctx.lineWidth = 5;
    const amplitude = h * (0.06 + r.next() * 0.05);
    const period = w / (3 + r.int(3));
    const base = h * 0.82;
    ctx.beginPath();
    for (let x = 0; x <= w; x += 6) {
      const y = base + Math.sin((x / period) * Math.PI * 2) * amplitude;
      if (x === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    }
    ctx.stroke();
  });
};

/** 化学 and the rest: a honeycomb of rings, some filled. */
const rings: Motif = (ctx, w, h, r, accent) => {
  const size = h * (0.09 + r.next() * 0.04);
  withAlpha(ctx, 0.4, () => {
    ctx.strokeStyle = accent;
    ctx.fillStyle = accent;
    ctx.lineWidth = 3;
    for (let row = 0; row * size * 1.5 < h + size; row++) {
      for (let col = 0; col * size * 1.75 < w + size; col++) {
        if (r.next() < 0.55) continue;
        const x = col * size * 1.75 + (row % 2) * size * 0.87;
        const y = row * size * 1.5;
        ctx.beginPath();
        for (let k = 0; k < 6; k++) {
          const angle = (Math.PI / 3) * k + Math.PI / 6;
          const px = x + Math.cos(angle) * size;
          const py = y + Math.sin(angle) * size;
          if (k === 0) ctx.moveTo(px, py);
          else ctx.lineTo(px, py);
        }
        ctx.closePath();
        if (r.next() < 0.2) ctx.fill();
        else ctx.stroke();
      }
    }
  });
};

const MOTIFS: Record<string, Motif> = { 语文: hills, 数学: grid, 英语: bubbles, 物理: orbits };

/** Shifts a #rrggbb colour's channels by up to ±`amount` (a course's own shade of its subject's colour). */
const shade = (hex: string, r: SeededRandom, amount: number) => {
  const channels = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  const offset = Math.round((r.next() - 0.5) * 2 * amount);
  return `#${channels
    .map((c) =>
      Math.max(0, Math.min(255, c + offset))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
};

const paint = (width: number, height: number, subject: string, seedText: string) => {
  const r = seededRandom(`${subject}:${seedText}`);
  const palette = PALETTES[subject] ?? DEFAULT_PALETTE;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const angle = r.next() * Math.PI;
  const gradient = ctx.createLinearGradient(
    width / 2 - (Math.cos(angle) * width) / 2,
    height / 2 - (Math.sin(angle) * height) / 2,
    width / 2 + (Math.cos(angle) * width) / 2,
    height / 2 + (Math.sin(angle) * height) / 2,
  );
  gradient.addColorStop(0, shade(palette.from, r, 24));
  gradient.addColorStop(1, shade(palette.to, r, 24));
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, width, height);
  // A soft glow somewhere, so flat gradients of one subject still differ at a glance.
  const glow = ctx.createRadialGradient(width * r.next(), height * r.next(), 0, width * 0.5, height * 0.5, width * 0.7);
  glow.addColorStop(0, 'rgba(255,255,255,0.28)');
  glow.addColorStop(1, 'rgba(255,255,255,0)');
  ctx.fillStyle = glow;
  ctx.fillRect(0, 0, width, height);
  (MOTIFS[subject] ?? rings)(ctx, width, height, r, palette.accent);
  return canvas;
};

/** A course cover: PNG, 960×540. */
export const drawCourseCover = (subject: string, seedText: string) =>
  paint(COVER_SIZE.width, COVER_SIZE.height, subject, seedText).encode('png');

/**
 * A topic background: JPEG, 1600×480, darker at the bottom where the page writes the title. `subjects` are those of
 * its courses; the motifs of the first two are laid side by side.
 */
export const drawTopicBackground = async (subjects: string[], seedText: string) => {
  const { width, height } = BACKGROUND_SIZE;
  const [first = '', second = first] = subjects;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(paint(width / 2, height, first, `${seedText}:left`), 0, 0);
  ctx.drawImage(paint(width / 2, height, second, `${seedText}:right`), width / 2, 0);
  // Blend the seam, then darken the lower half for the white title.
  const seam = ctx.createLinearGradient(width * 0.35, 0, width * 0.65, 0);
  seam.addColorStop(0, 'rgba(15,23,42,0)');
  seam.addColorStop(0.5, 'rgba(15,23,42,0.35)');
  seam.addColorStop(1, 'rgba(15,23,42,0)');
  ctx.fillStyle = seam;
  ctx.fillRect(0, 0, width, height);
  const shadow = ctx.createLinearGradient(0, height * 0.4, 0, height);
  shadow.addColorStop(0, 'rgba(15,23,42,0)');
  shadow.addColorStop(1, 'rgba(15,23,42,0.45)');
  ctx.fillStyle = shadow;
  ctx.fillRect(0, 0, width, height);
  return canvas.encode('jpeg', 88);
};
