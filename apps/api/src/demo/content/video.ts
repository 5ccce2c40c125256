import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { runTool } from '../../modules/preview/tools.ts';
import { demoFontFamily, missingGlyphs } from './font.ts';
import { type LessonSpec, lessonCore, lessonOf } from './lesson.ts';
import { seededRandom } from './seeded-random.ts';
import { isEnglish } from './subject-voice.ts';
import { modelsFor } from './writing.ts';

/**
 * A demo micro-course video about one lesson: a Chinese title card (lesson, subject, grade, teacher), then three to
 * five slides (objectives, what the lesson is about, an exercise, a summary) written from the same lesson text as
 * the demo's 课件, with a quiet tone under them. Slides are drawn with @napi-rs/canvas in the font of font.ts and
 * joined by ffmpeg into an H.264/AAC MP4 at a low frame rate (a still picture costs almost nothing to encode, and the
 * product's transcoder keeps the source's frame rate). Deterministic: the same spec gives the same slides,
 * timings and sound.
 */

export interface MicroCourseSpec extends Omit<LessonSpec, 'kind' | 'title' | 'author'> {
  /** The resource's title: the title card and the file say the same. */
  title: string;
  /** The teacher who recorded it (主讲). */
  author: string;
}

export interface SlideText {
  heading: string;
  /** Lines shown as bullets, and lines shown under a bullet without one (a question's options), by bullet index. */
  bullets: string[];
  details?: Record<number, string[]>;
}

export interface MicroCourseScript {
  title: string;
  /** The title card: the lesson in large type, the book it is in, subject and grade, the teacher. */
  card: { topic: string; book: string; subjectLine: string; teacher: string };
  slides: SlideText[];
  /** Seconds each picture stays: the title card first, then each slide; whole seconds adding up to the length. */
  seconds: number[];
  /** Base pitch of the quiet tone (Hz). */
  tone: number;
}

/** Picture sizes: 360p is what the transcoder makes from any source, 720p a rendition of its own. */
export const VIDEO_SIZES = { '360p': { width: 640, height: 360 }, '720p': { width: 1280, height: 720 } } as const;
export type VideoSize = keyof typeof VIDEO_SIZES;

/** Frames per second of the generated MP4: slides change only every few seconds. */
export const VIDEO_FPS = 5;
const TITLE_CARD_SECONDS = 5;

/** The slides and timings of a micro-course: from the lesson's 课件 text, 3–5 slides, 30–60 s (a few up to 90 s). */
export const microCourseScript = (spec: MicroCourseSpec): MicroCourseScript => {
  const lesson = lessonOf({ ...spec, kind: '课件' });
  const { deck } = modelsFor(lesson) as Extract<ReturnType<typeof modelsFor>, { format: 'pptx' }>;
  const random = seededRandom(JSON.stringify(['micro-course', spec.title, spec.author]));
  const [objectives, ...rest] = deck.slides;
  const summary = rest.at(-1)!;
  const exercise = rest.at(-2)!;
  const content = rest.slice(0, -2);
  const count = 3 + random.int(3);
  const middle = count === 5 ? [...content.slice(0, 2), exercise] : content.slice(0, count - 2);
  const slides = [objectives!, ...middle, summary].map(({ heading, bullets, details }) => ({
    heading,
    bullets,
    ...(details ? { details } : {}),
  }));
  // Mostly 30–60 s; one in six a longer lesson of 70–90 s. Each slide at least 6 s, the rest by how much it says.
  const MIN_SLIDE = 6;
  const drawn = random.int(6) === 0 ? 70 + random.int(21) : 32 + random.int(27);
  const total = Math.max(drawn, TITLE_CARD_SECONDS + MIN_SLIDE * slides.length);
  const weights = slides.map((s) => 4 + s.bullets.join('').length / 12 + Object.values(s.details ?? {}).flat().length);
  const spare = total - TITLE_CARD_SECONDS - MIN_SLIDE * slides.length;
  const sum = weights.reduce((a, b) => a + b, 0);
  const seconds = weights.map((w) => MIN_SLIDE + Math.floor((spare * w) / sum));
  // Whole seconds adding up exactly: what rounding left goes to the first slide (the objectives, read slowly).
  seconds[0]! += total - TITLE_CARD_SECONDS - seconds.reduce((a, b) => a + b, 0);
  return {
    title: spec.title,
    card: {
      topic: `《${lessonCore(lesson.topic)}》`,
      book:
        [lesson.edition, lesson.volume, lesson.unit].filter(Boolean).join(' · ') || `${lesson.stage}${lesson.subject}`,
      subjectLine:
        lesson.grade === lesson.stage
          ? `学段：${lesson.stage}　　学科：${lesson.subject}`
          : `学科：${lesson.subject}　　年级：${lesson.grade}`,
      teacher: `主讲教师：${lesson.author}`,
    },
    slides,
    seconds: [TITLE_CARD_SECONDS, ...seconds],
    tone: [196, 220, 247, 262][random.int(4)]!,
  };
};

/** Every text a script draws, for the glyph check. */
export const scriptText = (script: MicroCourseScript) =>
  [
    script.title,
    ...Object.values(script.card),
    ...script.slides.flatMap((s) => [s.heading, ...s.bullets, ...Object.values(s.details ?? {}).flat()]),
  ].join('\n');

/** A colour scheme per subject family, so a 物理 lesson does not look like a 语文 one. */
const PALETTES = [
  { band: '#1f4e79', light: '#eaf1f8', accent: '#f4b183' },
  { band: '#2e7d32', light: '#edf6ee', accent: '#ffd54f' },
  { band: '#8e3b2f', light: '#f9efe9', accent: '#f2c14e' },
  { band: '#4a3b8f', light: '#f0eef8', accent: '#8fd3c7' },
  { band: '#00695c', light: '#e8f4f2', accent: '#ffab91' },
];
const paletteOf = (subject: string) => PALETTES[[...subject].reduce((h, c) => h + c.codePointAt(0)!, 0) % 5]!;

/** Splits text into what may not be broken: a Latin word (with its trailing space) or one other character. */
const tokens = (text: string) => text.match(/[A-Za-z0-9'’.,!?;:%()\-/+=]+\s*|\s+|./gu) ?? [];

/** Greedy line breaking by measured width. */
const wrap = (ctx: SKRSContext2D, text: string, width: number) => {
  const lines: string[] = [];
  let line = '';
  for (const token of tokens(text)) {
    if (line && ctx.measureText(line + token).width > width) {
      lines.push(line.trimEnd());
      line = token.trimStart();
    } else line += token;
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines;
};

const font = (px: number, weight = 400) => `${weight >= 600 ? 'bold ' : ''}${Math.round(px)}px ${demoFontFamily()}`;

/** Draws one picture of the script (0 = the title card) as PNG bytes. */
export const renderSlide = (script: MicroCourseScript, index: number, size: VideoSize, subject: string) => {
  const { width: W, height: H } = VIDEO_SIZES[size];
  const s = W / 1280;
  const canvas = createCanvas(W, H);
  const ctx = canvas.getContext('2d');
  const palette = paletteOf(subject);
  ctx.textBaseline = 'alphabetic';
  const setWeight = (weight: number) => {
    ctx.fontVariationSettings = `"wght" ${weight}`;
  };

  if (index === 0) {
    const gradient = ctx.createLinearGradient(0, 0, W, H);
    gradient.addColorStop(0, palette.band);
    gradient.addColorStop(1, '#10263d');
    ctx.fillStyle = gradient;
    ctx.fillRect(0, 0, W, H);
    ctx.fillStyle = palette.accent;
    ctx.fillRect(80 * s, 96 * s, 10 * s, 64 * s);
    ctx.fillStyle = '#ffffff';
    ctx.textAlign = 'left';
    setWeight(700);
    ctx.font = font(40 * s, 700);
    ctx.fillText('微课', 110 * s, 144 * s);
    ctx.textAlign = 'center';
    let topicSize = 88 * s;
    ctx.font = font(topicSize, 700);
    while (ctx.measureText(script.card.topic).width > W - 160 * s && topicSize > 36 * s) {
      topicSize -= 4 * s;
      ctx.font = font(topicSize, 700);
    }
    ctx.fillText(script.card.topic, W / 2, 330 * s);
    setWeight(400);
    ctx.font = font(30 * s);
    ctx.fillStyle = '#dce6f2';
    const book = wrap(ctx, script.card.book, W - 200 * s).slice(0, 2);
    for (const [i, line] of book.entries()) ctx.fillText(line, W / 2, (400 + i * 42) * s);
    ctx.fillStyle = palette.accent;
    ctx.fillRect(W / 2 - 180 * s, 470 * s, 360 * s, 3 * s);
    ctx.fillStyle = '#ffffff';
    ctx.font = font(32 * s);
    ctx.fillText(script.card.subjectLine, W / 2, 540 * s);
    ctx.fillText(script.card.teacher, W / 2, 595 * s);
    return canvas.toBuffer('image/png');
  }

  const slide = script.slides[index - 1]!;
  ctx.fillStyle = palette.light;
  ctx.fillRect(0, 0, W, H);
  ctx.fillStyle = palette.band;
  ctx.fillRect(0, 0, W, 110 * s);
  ctx.fillStyle = palette.accent;
  ctx.fillRect(0, 110 * s, W, 6 * s);
  ctx.fillStyle = '#ffffff';
  ctx.textAlign = 'left';
  setWeight(700);
  ctx.font = font(44 * s, 700);
  ctx.fillText(wrap(ctx, slide.heading, W - 260 * s)[0] ?? '', 70 * s, 72 * s);
  setWeight(400);
  ctx.font = font(26 * s);
  ctx.textAlign = 'right';
  ctx.fillText(`${index} / ${script.slides.length}`, W - 60 * s, 70 * s);

  // The body at the largest size (34 down to 22 px at 720p) at which every line fits above the footer.
  const top = 170 * s;
  const bottom = H - 90 * s;
  const textWidth = W - 200 * s;
  let layout: { px: number; lines: { text: string; bullet: boolean; indent: boolean }[] } | null = null;
  for (let px = 34; px >= 22 && !layout; px -= 2) {
    ctx.font = font(px * s);
    const lines = slide.bullets.flatMap((bullet, i) => [
      ...wrap(ctx, bullet, textWidth).map((text, j) => ({ text, bullet: j === 0, indent: false })),
      ...(slide.details?.[i] ?? []).flatMap((detail) =>
        wrap(ctx, detail, textWidth - 60 * s).map((text) => ({ text, bullet: false, indent: true })),
      ),
    ]);
    const height = lines.length * px * 1.6 * s + slide.bullets.length * px * 0.5 * s;
    if (height <= bottom - top || px === 22) layout = { px, lines };
  }
  const { px: bodyPx, lines } = layout!;
  ctx.textAlign = 'left';
  ctx.font = font(bodyPx * s);
  let y = top;
  for (const line of lines) {
    if (y > bottom) break;
    if (line.bullet) {
      y += bodyPx * 0.5 * s;
      ctx.fillStyle = palette.band;
      ctx.beginPath();
      ctx.arc(82 * s, y - bodyPx * 0.35 * s, 7 * s, 0, Math.PI * 2);
      ctx.fill();
    }
    ctx.fillStyle = '#262626';
    ctx.fillText(line.text, (line.indent ? 160 : 100) * s, y);
    y += bodyPx * 1.6 * s;
  }
  ctx.fillStyle = palette.band;
  ctx.fillRect(0, H - 56 * s, W, 56 * s);
  ctx.fillStyle = '#ffffff';
  ctx.font = font(22 * s);
  ctx.fillText(wrap(ctx, script.title, W - 420 * s)[0] ?? '', 40 * s, H - 20 * s);
  ctx.textAlign = 'right';
  ctx.fillText(script.card.teacher, W - 40 * s, H - 20 * s);
  return canvas.toBuffer('image/png');
};

/**
 * The quiet tone under the slides: a fifth of two soft sines, breathing slowly, faded in and out. Mono at 22.05 kHz
 * with the fast AAC coder: the transcoder encodes the sound again anyway, and a tone needs no more.
 */
const toneInputs = (tone: number, seconds: number) => [
  '-f',
  'lavfi',
  '-i',
  `sine=f=${tone}:r=22050:d=${seconds}`,
  '-f',
  'lavfi',
  '-i',
  `sine=f=${tone * 1.5}:r=22050:d=${seconds}`,
];
const toneGraph = (seconds: number) =>
  `[1:a]volume=0.035[low];[2:a]volume=0.02[high];[low][high]amix=inputs=2,tremolo=f=0.2:d=0.3,` +
  `afade=t=in:d=1.5,afade=t=out:st=${seconds - 2}:d=2[a]`;

export interface MicroCourseVideo {
  fileName: string;
  bytes: Buffer;
  durationSeconds: number;
  /** Characters of the script the font lacks (should be none: they would show as boxes). */
  missing: string[];
}

/** The file name a teacher would give it: 光的折射-微课.mp4. */
export const microCourseFileName = (spec: MicroCourseSpec) => {
  const lesson = lessonOf({ ...spec, kind: '课件' });
  const core = lessonCore(lesson.topic)
    .replace(/[\\/:*?"<>|]/g, '')
    .slice(0, 40)
    .trim();
  return `${core}-${isEnglish(lesson.subject) ? 'micro-lesson' : '微课'}.mp4`;
};

/** Renders the slides and encodes the MP4 with the given ffmpeg, in a temporary folder removed afterwards; `signal` kills it. */
export const makeMicroCourseVideo = async (
  spec: MicroCourseSpec,
  options: { ffmpeg: string; size?: VideoSize; timeoutMs?: number; signal?: AbortSignal },
): Promise<MicroCourseVideo> => {
  const size = options.size ?? '360p';
  const script = microCourseScript(spec);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'zyk-demo-video-'));
  try {
    const pictures = script.seconds.map((_, i) => `slide-${i}.png`);
    await Promise.all(
      pictures.map((name, i) => fs.writeFile(path.join(dir, name), renderSlide(script, i, size, spec.subject))),
    );
    // The concat demuxer's list: each picture and how long it stays; the last is named again so its time counts.
    const list = [
      ...pictures.flatMap((name, i) => [`file '${name}'`, `duration ${script.seconds[i]}`]),
      `file '${pictures.at(-1)}'`,
    ].join('\n');
    await fs.writeFile(path.join(dir, 'slides.txt'), `${list}\n`);
    const total = script.seconds.reduce((a, b) => a + b, 0);
    const result = await runTool(
      [
        options.ffmpeg,
        '-nostdin',
        '-hide_banner',
        '-v',
        'error',
        '-y',
        '-f',
        'concat',
        '-safe',
        '0',
        '-i',
        'slides.txt',
        ...toneInputs(script.tone, total),
        '-filter_complex',
        `[0:v]fps=${VIDEO_FPS},format=yuv420p[v];${toneGraph(total)}`,
        '-map',
        '[v]',
        '-map',
        '[a]',
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-tune',
        'stillimage',
        '-profile:v',
        'main',
        '-crf',
        '24',
        '-r',
        String(VIDEO_FPS),
        '-c:a',
        'aac',
        '-aac_coder',
        'fast',
        '-b:a',
        '48k',
        '-ac',
        '1',
        '-t',
        String(total),
        '-map_metadata',
        '-1',
        '-fflags',
        '+bitexact',
        '-flags:v',
        '+bitexact',
        '-flags:a',
        '+bitexact',
        '-movflags',
        '+faststart',
        'out.mp4',
      ],
      { cwd: dir, timeoutMs: options.timeoutMs ?? 120_000, signal: options.signal },
    );
    if (result.code !== 0) throw new Error(`微课视频生成失败（ffmpeg ${result.code}）：${result.stderrTail.trim()}`);
    return {
      fileName: microCourseFileName(spec),
      bytes: await fs.readFile(path.join(dir, 'out.mp4')),
      durationSeconds: total,
      missing: missingGlyphs(scriptText(script)),
    };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
};
