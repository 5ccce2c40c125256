import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../apps/api/src/config.ts';
import { renderPdfPages } from '../../apps/api/src/modules/preview/pages.ts';
import { detectTools } from '../../apps/api/src/modules/preview/tools.ts';
import {
  type HlsResult,
  MediaError,
  type MediaProbe,
  probeMedia,
  transcodeToHls,
} from '../../apps/api/src/modules/preview/transcode.ts';
import { findWatermarkFont, watermarkSupport } from '../../apps/api/src/modules/preview/watermark.ts';
import { fakeMp4 } from '../support/files.ts';

/**
 * The media library the preview jobs call (no database, no HTTP): every accepted audio/video container becomes
 * HLS (H.264/AAC), posters, fallbacks and watermarked samples; PDFs become watermarked page images. Sources are
 * made here with ffmpeg's test pictures and tones, a few seconds and small sizes each. Needs ffmpeg/ffprobe and
 * poppler-utils (.ci/run installs them); a part whose tool is missing is skipped.
 */

const run = promisify(execFile);
const tools = await detectTools(loadConfig({}));
const HAS_FFMPEG = !!tools.ffmpeg && !!tools.ffprobe;
const HAS_POPPLER = !!tools.pdftoppm && !!tools.pdfinfo;
const TIMEOUT = 60_000;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'zyk-media-transcode-'));
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const ffmpeg = async (args: string[]) => {
  await run(tools.ffmpeg!, ['-nostdin', '-v', 'error', '-y', ...args], { cwd: dir });
};

const ffprobeJson = async (file: string) => {
  const { stdout } = await run(tools.ffprobe!, [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    file,
  ]);
  return JSON.parse(stdout) as {
    format: { duration: string; format_name: string };
    streams: { codec_type: string; codec_name: string; width?: number; height?: number; profile?: string }[];
  };
};

/** One frame (grey, raw bytes) of a video or image at `at` seconds. */
const greyFrame = async (file: string, at = 0) => {
  const { stdout } = await run(
    tools.ffmpeg!,
    [
      '-v',
      'error',
      ...(at ? ['-ss', String(at)] : []),
      '-i',
      file,
      '-frames:v',
      '1',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'gray',
      '-',
    ],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  return stdout as Buffer;
};

/** Mean absolute difference of two grey frames `width` wide, inside [x0, x1) × [y0, y1) (fractions of the size). */
const meanDiff = (a: Buffer, b: Buffer, width: number, [x0, y0, x1, y1]: [number, number, number, number]) => {
  const height = a.length / width;
  let sum = 0;
  let n = 0;
  for (let y = Math.floor(y0 * height); y < Math.floor(y1 * height); y++) {
    for (let x = Math.floor(x0 * width); x < Math.floor(x1 * width); x++) {
      sum += Math.abs(a[y * width + x]! - b[y * width + x]!);
      n++;
    }
  }
  return sum / n;
};

const picture = (size: string, rate: number, seconds: number) => [
  '-f',
  'lavfi',
  '-i',
  `testsrc2=size=${size}:rate=${rate}:duration=${seconds}`,
];
const tone = (seconds: number, rate = 44100) => [
  '-f',
  'lavfi',
  '-i',
  `sine=frequency=440:sample_rate=${rate}:duration=${seconds}`,
];

/** Sets an MP4's first track (the video) to turn 90° on display, as phones record portrait video. */
const rotateFirstTrack = (file: string) => {
  const bytes = readFileSync(file);
  const tkhd = bytes.indexOf('tkhd') - 4;
  if (tkhd < 0 || bytes[tkhd + 8] !== 0) throw new Error('no version-0 tkhd');
  const matrix = tkhd + 48;
  [0, 0x10000, 0, -0x10000, 0, 0, 0, 0, 0x40000000].forEach((v, i) => {
    bytes.writeInt32BE(v, matrix + i * 4);
  });
  writeFileSync(file, bytes);
};

interface Case {
  file: string;
  make: string[] | (() => Promise<void>);
  /** Expected renditions as name → [width, height] (null for audio). */
  renditions: Record<string, [number, number] | null>;
}

const S = 4;
const VIDEO_CASES: Case[] = [
  {
    // Flash video with a gap in the frames (variable frame rate), Sorenson + MP3.
    file: 'lesson.flv',
    make: [
      ...picture('320x240', 25, S),
      ...tone(S),
      '-vf',
      "select='not(between(n,20,40))'",
      '-vsync',
      'vfr',
      '-c:v',
      'flv1',
      '-c:a',
      'libmp3lame',
      'lesson.flv',
    ],
    renditions: { '360p': [320, 240] },
  },
  {
    // Windows Media, variable frame rate (no average rate in the header).
    file: 'lesson.wmv',
    make: [
      ...picture('320x240', 25, S),
      ...tone(S),
      '-vf',
      "select='not(between(n,30,50))'",
      '-vsync',
      'vfr',
      '-c:v',
      'wmv2',
      '-c:a',
      'wmav2',
      'lesson.wmv',
    ],
    renditions: { '360p': [320, 240] },
  },
  {
    file: 'lesson.avi',
    make: [...picture('320x240', 25, S), ...tone(S), '-c:v', 'mpeg4', '-c:a', 'libmp3lame', 'lesson.avi'],
    renditions: { '360p': [320, 240] },
  },
  {
    file: 'lesson.mkv',
    make: [
      ...picture('320x240', 25, S),
      ...tone(S),
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-c:a',
      'libvorbis',
      'lesson.mkv',
    ],
    renditions: { '360p': [320, 240] },
  },
  {
    // Interlaced MPEG-2 program stream (top field first), as DVD/broadcast recordings are.
    file: 'lesson.mpg',
    make: [
      ...picture('352x288', 50, S),
      ...tone(S),
      '-vf',
      'tinterlace=mode=interleave_top',
      '-flags',
      '+ilme+ildct',
      '-top',
      '1',
      '-c:v',
      'mpeg2video',
      '-b:v',
      '1500k',
      '-c:a',
      'mp2',
      '-f',
      'mpeg',
      'lesson.mpg',
    ],
    renditions: { '360p': [352, 288] },
  },
  {
    // RealMedia, as old classroom recordings come (ffmpeg writes RealVideo 2 with AC-3 sound in it).
    file: 'lesson.rmvb',
    make: [...picture('320x240', 25, S), ...tone(S), '-c:v', 'rv20', '-c:a', 'ac3', '-f', 'rm', 'lesson.rmvb'],
    renditions: { '360p': [320, 240] },
  },
  {
    file: 'lesson.3gp',
    make: [...picture('176x144', 15, S), ...tone(S, 16000), '-c:v', 'h263', '-c:a', 'aac', '-ac', '1', 'lesson.3gp'],
    renditions: { '360p': [176, 144] },
  },
  {
    // A camera's QuickTime: Motion JPEG pictures (not a still image) and PCM sound.
    file: 'lesson.mov',
    make: [...picture('320x240', 25, S), ...tone(S), '-c:v', 'mjpeg', '-q:v', '5', '-c:a', 'pcm_s16le', 'lesson.mov'],
    renditions: { '360p': [320, 240] },
  },
  {
    file: 'lesson-720p.mp4',
    make: [
      ...picture('1280x720', 25, 3),
      ...tone(3),
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-c:a',
      'aac',
      'lesson-720p.mp4',
    ],
    renditions: { '360p': [640, 360], '720p': [1280, 720] },
  },
  {
    // A phone's portrait video: stored 640×360 with a 90° display rotation; shown (and transcoded) 360×640.
    file: 'phone.mp4',
    make: async () => {
      await ffmpeg([
        ...picture('640x360', 30, S),
        ...tone(S),
        '-map',
        '0:v',
        '-map',
        '1:a',
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-c:a',
        'aac',
        'phone.mp4',
      ]);
      rotateFirstTrack(path.join(dir, 'phone.mp4'));
    },
    renditions: { '360p': [360, 640] },
  },
  {
    // Odd sides, lossless 4:2:0-less codec, and no sound at all (silent audio is added).
    file: 'odd-silent.mkv',
    make: [...picture('320x240', 30, S), '-vf', 'scale=321:241', '-c:v', 'ffv1', 'odd-silent.mkv'],
    renditions: { '360p': [320, 240] },
  },
];

const AUDIO_CASES: Case[] = [
  { file: 'song.mp3', make: [...tone(S), '-c:a', 'libmp3lame', 'song.mp3'], renditions: { audio: null } },
  { file: 'song.wav', make: [...tone(S), '-c:a', 'pcm_s16le', 'song.wav'], renditions: { audio: null } },
  { file: 'song.flac', make: [...tone(S), '-c:a', 'flac', 'song.flac'], renditions: { audio: null } },
  { file: 'song.m4a', make: [...tone(S), '-c:a', 'aac', 'song.m4a'], renditions: { audio: null } },
  { file: 'song.aac', make: [...tone(S), '-c:a', 'aac', '-f', 'adts', 'song.aac'], renditions: { audio: null } },
  { file: 'song.wma', make: [...tone(S), '-c:a', 'wmav2', 'song.wma'], renditions: { audio: null } },
  {
    // An MP3 with cover art: the picture is not a video.
    file: 'cover.mp3',
    make: [
      ...tone(S),
      ...picture('200x200', 1, 1),
      '-map',
      '0:a',
      '-map',
      '1:v',
      '-frames:v',
      '1',
      '-c:a',
      'libmp3lame',
      '-c:v',
      'mjpeg',
      '-disposition:v',
      'attached_pic',
      'cover.mp3',
    ],
    renditions: { audio: null },
  },
];

const transcode = async (file: string, options: Partial<Parameters<typeof transcodeToHls>[4]> = {}) => {
  const input = path.join(dir, file);
  const probe = await probeMedia(tools, input, { timeoutMs: TIMEOUT });
  const out = await fs.mkdtemp(path.join(dir, 'out-'));
  const result = await transcodeToHls(tools, input, out, probe, { timeoutMs: TIMEOUT, ...options });
  return { probe, out, result };
};

/** Checks one finished transcode against its source. */
const checkOutput = async (probe: MediaProbe, out: string, result: HlsResult, expected: Case['renditions']) => {
  expect(result.renditions.map((r) => r.name)).toEqual(Object.keys(expected));
  const master = readFileSync(path.join(out, 'master.m3u8'), 'utf8');
  for (const r of result.renditions) {
    const size = expected[r.name];
    expect(size === null ? null : [r.width, r.height]).toEqual(size);
    expect(master).toContain(`\n${r.playlist}\n`);
    expect(master).toMatch(new RegExp(`BANDWIDTH=${r.bandwidth},.*CODECS="${r.codecs}"`));
    const playlist = readFileSync(path.join(out, r.playlist), 'utf8');
    expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(playlist).toContain('#EXT-X-ENDLIST');
    expect(existsSync(path.join(out, r.name, 'seg-00000.ts'))).toBe(true);
    const info = await ffprobeJson(path.join(out, r.playlist));
    const codecs = info.streams.map((s) => s.codec_name).sort();
    const video = info.streams.find((s) => s.codec_type === 'video');
    if (size) {
      expect(codecs).toEqual(['aac', 'h264']);
      expect([video?.width, video?.height]).toEqual(size);
      expect(video?.profile).toBe('Main');
      expect(r.codecs).toBe('avc1.4d401f,mp4a.40.2');
    } else {
      expect(codecs).toEqual(['aac']);
      expect(r.codecs).toBe('mp4a.40.2');
    }
    expect(Math.abs(Number(info.format.duration) - probe.durationSeconds)).toBeLessThan(0.5);
  }
  expect(Math.abs(result.durationSeconds - probe.durationSeconds)).toBeLessThan(0.5);
  const fallback = await ffprobeJson(path.join(out, result.fallback));
  expect(Math.abs(Number(fallback.format.duration) - probe.durationSeconds)).toBeLessThan(0.5);
  if (probe.hasVideo) {
    expect(result.fallback).toBe('fallback.mp4');
    expect(result.poster).toBe('poster.jpg');
    expect(statSync(path.join(out, 'poster.jpg')).size).toBeGreaterThan(1000);
  } else {
    expect(result.fallback).toBe('fallback.m4a');
    expect(result.poster).toBeNull();
  }
  // Only the deliverables (no text file, no temp playlist).
  expect(readdirSync(out).filter((f) => f.startsWith('.') || f.endsWith('.tmp'))).toEqual([]);
};

describe.skipIf(!HAS_FFMPEG)('transcodeToHls: every accepted container', () => {
  beforeAll(async () => {
    for (const c of [...VIDEO_CASES, ...AUDIO_CASES]) {
      if (typeof c.make === 'function') await c.make();
      else await ffmpeg(c.make);
    }
  });

  it.each(VIDEO_CASES.map((c) => [c.file, c] as const))(
    'video %s → H.264/AAC HLS, poster, MP4 fallback',
    async (_, c) => {
      const { probe, out, result } = await transcode(c.file);
      expect(probe.hasVideo).toBe(true);
      await checkOutput(probe, out, result, c.renditions);
    },
  );

  it.each(AUDIO_CASES.map((c) => [c.file, c] as const))('audio %s → AAC HLS and M4A, no poster', async (_, c) => {
    const { probe, out, result } = await transcode(c.file);
    expect(probe).toMatchObject({ hasVideo: false, hasAudio: true, width: null });
    await checkOutput(probe, out, result, c.renditions);
  });

  it('an audio sample: only the first seconds', async () => {
    const { out, result } = await transcode('song.flac', { maxSeconds: 2, watermark: '不适用于声音' });
    expect(result).toMatchObject({ watermarked: false, poster: null, fallback: 'fallback.m4a' });
    expect(Math.abs(result.durationSeconds - 2)).toBeLessThan(0.1);
    const fallback = await ffprobeJson(path.join(out, 'fallback.m4a'));
    expect(Math.abs(Number(fallback.format.duration) - 2)).toBeLessThan(0.1);
  });

  it('reports progress from 0 to 100, in order', async () => {
    const seen: number[] = [];
    await transcode('lesson.avi', { onProgress: (p) => seen.push(p) });
    expect(seen.at(-1)).toBe(100);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(new Set(seen).size).toBe(seen.length);
  });
});

describe.skipIf(!HAS_FFMPEG)('unreadable uploads', () => {
  const bad: [string, () => Buffer][] = [
    ['random.mp4', () => randomBytes(200_000)],
    ['random.wmv', () => randomBytes(200_000)],
    ['ftyp-then-noise.mp4', () => fakeMp4(200_000)],
    ['empty.mp4', () => Buffer.alloc(0)],
    // A playlist uploaded as a video would make ffmpeg read other local files into the output.
    ['playlist.avi', () => Buffer.from(`#EXTM3U\n#EXTINF:1,\nfile:///etc/passwd\n#EXT-X-ENDLIST\n`)],
  ];

  beforeAll(async () => {
    for (const [name, bytes] of bad) writeFileSync(path.join(dir, name), bytes());
    // A normal (moov at the end) MP4 cut off half-way, as an interrupted copy leaves it.
    await ffmpeg([
      ...picture('320x240', 25, S),
      ...tone(S),
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-c:a',
      'aac',
      'whole.mp4',
    ]);
    const whole = readFileSync(path.join(dir, 'whole.mp4'));
    writeFileSync(path.join(dir, 'truncated.mp4'), whole.subarray(0, whole.length >> 1));
    // A still picture is not a video.
    await ffmpeg([...picture('320x240', 1, 1), '-frames:v', '1', 'still.jpg']);
    await fs.copyFile(path.join(dir, 'still.jpg'), path.join(dir, 'still.mp4'));
  });

  it.each([...bad.map(([name]) => name), 'truncated.mp4', 'still.mp4'])('%s → MediaError in Chinese', async (name) => {
    const error = await probeMedia(tools, path.join(dir, name), { timeoutMs: TIMEOUT }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaError);
    expect((error as MediaError).kind).toBe('invalid');
    expect((error as MediaError).reason).toMatch(/^无法识别的音视频文件/);
  });

  it('a run that fails half-way leaves no finished-looking output', async () => {
    // Every file ffmpeg writes is capped at 20 KB: the first segment cannot be written.
    const input = path.join(dir, 'whole.mp4');
    const probe = await probeMedia(tools, input, { timeoutMs: TIMEOUT });
    const out = await fs.mkdtemp(path.join(dir, 'out-'));
    const error = await transcodeToHls(tools, input, out, probe, { timeoutMs: TIMEOUT, maxFileBytes: 20_000 }).catch(
      (e: unknown) => e,
    );
    if (!tools.fileSizeCap(1).length) return; // no prlimit here: nothing to check
    expect(error).toBeInstanceOf(MediaError);
    expect((error as MediaError).reason).toMatch(/^视频转码失败/);
    expect(readdirSync(out)).toEqual([]);
  });
});

describe.skipIf(!HAS_FFMPEG)('the trial sample, time limits and aborts', () => {
  beforeAll(async () => {
    await ffmpeg([
      ...picture('640x360', 25, 8),
      ...tone(8),
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-c:a',
      'aac',
      'eight.mp4',
    ]);
    await ffmpeg([
      ...picture('640x360', 25, 60),
      ...tone(60),
      '-c:v',
      'mpeg4',
      '-q:v',
      '8',
      '-c:a',
      'mp2',
      'minute.avi',
    ]);
  });

  it('maxSeconds + watermark: only the first seconds, with the text burned in', async () => {
    const text = '资源库 · 试看 R-0042: "样片" 100%';
    const marked = await transcode('eight.mp4', { maxSeconds: 3, watermark: text, renditions: 'lowest' });
    const plain = await transcode('eight.mp4', { maxSeconds: 3, renditions: 'lowest' });
    const support = await watermarkSupport(tools);
    expect(marked.result.watermarked).toBe(support.available);
    expect(plain.result.watermarked).toBe(false);
    expect(marked.result.renditions.map((r) => r.name)).toEqual(['360p']);
    for (const { out, result } of [marked, plain]) {
      expect(result.durationSeconds).toBeLessThanOrEqual(3 + 0.1);
      expect(result.durationSeconds).toBeGreaterThan(2.5);
      const info = await ffprobeJson(path.join(out, '360p/index.m3u8'));
      expect(Number(info.format.duration)).toBeLessThanOrEqual(3 + 6);
      expect(Number(info.format.duration)).toBeLessThan(3.5);
    }
    if (!support.available) return;
    // Same moment, with and without the mark: the centre copy of the text changes the picture there, and a corner
    // away from the three copies stays (nearly) the same.
    const [a, b] = await Promise.all([
      greyFrame(path.join(marked.out, '360p/index.m3u8'), 1.5),
      greyFrame(path.join(plain.out, '360p/index.m3u8'), 1.5),
    ]);
    const centre = meanDiff(a, b, 640, [0.1, 0.4, 0.9, 0.6]);
    const corner = meanDiff(a, b, 640, [0, 0.75, 0.2, 1]);
    expect(centre).toBeGreaterThan(4);
    expect(centre).toBeGreaterThan(corner * 3);
  });

  it('gives up at the time limit, saying 转码超时, and cleans up', async () => {
    const input = path.join(dir, 'minute.avi');
    const probe = await probeMedia(tools, input, { timeoutMs: TIMEOUT });
    const out = await fs.mkdtemp(path.join(dir, 'out-'));
    const error = await transcodeToHls(tools, input, out, probe, { timeoutMs: 500 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaError);
    expect(error).toMatchObject({ kind: 'timeout', reason: '转码超时' });
    expect(readdirSync(out)).toEqual([]);
  });

  it('an abort stops ffmpeg at once (and nothing stays behind)', async () => {
    const input = path.join(dir, 'minute.avi');
    const probe = await probeMedia(tools, input, { timeoutMs: TIMEOUT });
    const out = await fs.mkdtemp(path.join(dir, 'out-'));
    const controller = new AbortController();
    let abortedAt = 0;
    const started = performance.now();
    const error = await transcodeToHls(tools, input, out, probe, {
      timeoutMs: TIMEOUT,
      signal: controller.signal,
      onProgress: (percent) => {
        if (percent >= 1 && !abortedAt) {
          abortedAt = performance.now();
          controller.abort();
        }
      },
    }).catch((e: unknown) => e);
    expect(abortedAt).toBeGreaterThan(started);
    expect(error).toBeInstanceOf(MediaError);
    expect((error as MediaError).kind).toBe('aborted');
    expect(performance.now() - abortedAt).toBeLessThan(1500);
    expect(readdirSync(out)).toEqual([]);
    // An already aborted signal does not start anything.
    await expect(
      transcodeToHls(tools, input, out, probe, { timeoutMs: TIMEOUT, signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({ kind: 'aborted' });
  });
});

/** A PDF of `pages` A4 pages, each with its number in large type and a few lines (Helvetica, no fonts to embed). */
const multiPagePdf = (pages: number) => {
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const kids: string[] = [];
  for (let p = 1; p <= pages; p++) {
    const lines = Array.from(
      { length: 30 },
      (_, i) => `BT /F1 12 Tf 60 ${700 - i * 20} Td (Line ${i + 1} of page ${p}: the quick brown fox) Tj ET`,
    );
    const stream = [`BT /F1 48 Tf 60 760 Td (Page ${p}) Tj ET`, ...lines].join('\n');
    objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
    const contents = objects.length;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents ${contents} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`,
    );
    kids.push(`${objects.length} 0 R`);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pages} >>`;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
};

describe.skipIf(!HAS_POPPLER)('renderPdfPages', () => {
  let pdf: string;
  beforeAll(() => {
    pdf = path.join(dir, 'handout.pdf');
    writeFileSync(pdf, multiPagePdf(7));
  });

  it('renders only the first N pages, watermarked, and counts the whole document', async () => {
    const out = await fs.mkdtemp(path.join(dir, 'pages-'));
    const plainOut = await fs.mkdtemp(path.join(dir, 'pages-'));
    const text = '资源库 · 编号 R-0042 试看';
    const marked = await renderPdfPages(tools, pdf, out, { pages: 3, width: 620, watermark: text, timeoutMs: TIMEOUT });
    const plain = await renderPdfPages(tools, pdf, plainOut, { pages: 3, width: 620, timeoutMs: TIMEOUT });
    const support = await watermarkSupport(tools);
    expect(marked).toEqual({
      pageCount: 7,
      images: ['page-1.jpg', 'page-2.jpg', 'page-3.jpg'],
      watermarked: support.available,
    });
    expect(plain).toEqual({ pageCount: 7, images: ['page-1.jpg', 'page-2.jpg', 'page-3.jpg'], watermarked: false });
    expect(readdirSync(out).sort()).toEqual(marked.images);
    expect(readdirSync(plainOut).sort()).toEqual(plain.images);
    const size = await ffprobeJson(path.join(out, 'page-1.jpg'));
    expect(size.streams[0]?.width).toBe(620);
    expect(Math.abs((size.streams[0]?.height ?? 0) - (842 * 620) / 595)).toBeLessThan(1);
    if (!support.available || !tools.ffmpeg) return;
    const [a, b] = await Promise.all([
      greyFrame(path.join(out, 'page-2.jpg')),
      greyFrame(path.join(plainOut, 'page-2.jpg')),
    ]);
    expect(a.length).toBe(b.length);
    expect(meanDiff(a, b, 620, [0, 0, 1, 1])).toBeGreaterThan(2);
  });

  it('all pages with pages: Infinity; a damaged PDF is a MediaError', async () => {
    const out = await fs.mkdtemp(path.join(dir, 'pages-'));
    const all = await renderPdfPages(tools, pdf, out, {
      pages: Number.POSITIVE_INFINITY,
      width: 300,
      timeoutMs: TIMEOUT,
    });
    expect(all.images).toHaveLength(7);
    writeFileSync(path.join(dir, 'broken.pdf'), randomBytes(5000));
    const error = await renderPdfPages(tools, path.join(dir, 'broken.pdf'), out, {
      pages: 2,
      width: 300,
      timeoutMs: TIMEOUT,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaError);
    expect((error as MediaError).reason).toMatch(/^无法读取的 PDF 文件/);
  });
});

describe.skipIf(!HAS_FFMPEG || !HAS_POPPLER)('detectTools', () => {
  it('takes ffprobe beside a configured ffmpeg (pdfinfo beside pdftoppm), else from PATH', async () => {
    const both = mkdtempSync(path.join(dir, 'bin-'));
    const alone = mkdtempSync(path.join(dir, 'bin-'));
    await fs.symlink(tools.ffmpeg!, path.join(both, 'ffmpeg'));
    await fs.symlink(tools.ffprobe!, path.join(both, 'ffprobe'));
    await fs.symlink(tools.pdftoppm!, path.join(both, 'pdftoppm'));
    await fs.symlink(tools.pdfinfo!, path.join(both, 'pdfinfo'));
    await fs.symlink(tools.ffmpeg!, path.join(alone, 'ffmpeg'));
    const beside = await detectTools(
      loadConfig({ FFMPEG_PATH: path.join(both, 'ffmpeg'), PDFTOPPM_PATH: path.join(both, 'pdftoppm') }),
    );
    expect(beside).toMatchObject({
      ffmpeg: path.join(both, 'ffmpeg'),
      ffprobe: path.join(both, 'ffprobe'),
      pdftoppm: path.join(both, 'pdftoppm'),
      pdfinfo: path.join(both, 'pdfinfo'),
    });
    const fromPath = await detectTools(loadConfig({ FFMPEG_PATH: path.join(alone, 'ffmpeg') }));
    expect(fromPath).toMatchObject({ ffmpeg: path.join(alone, 'ffmpeg'), ffprobe: tools.ffprobe });
    // A configured path that does not exist means no ffmpeg (not a fallback to another one).
    expect((await detectTools(loadConfig({ FFMPEG_PATH: path.join(alone, 'missing') }))).ffmpeg).toBeNull();
  });
});

describe('findWatermarkFont', () => {
  it('finds a font with Chinese glyphs when one is installed (fonts-wqy-microhei in CI)', async () => {
    const font = await findWatermarkFont();
    if (font) expect(existsSync(font)).toBe(true);
    if (existsSync('/usr/share/fonts/truetype/wqy/wqy-microhei.ttc')) {
      expect(font).toBe('/usr/share/fonts/truetype/wqy/wqy-microhei.ttc');
    }
  });
});
