import fs from 'node:fs/promises';
import path from 'node:path';
import { MediaError, runFailure } from './media-error.ts';
import { runTool, type Tools } from './tools.ts';
import { cleanWatermarkText, videoWatermarkFilter, watermarkSupport, writeTextFile } from './watermark.ts';

export { MediaError, type MediaErrorKind } from './media-error.ts';

/**
 * Any accepted audio or video upload → HLS a browser plays (hls.js, or natively on Safari), in one ffmpeg run that
 * decodes the source once: H.264 Main + AAC-LC in MPEG-TS segments, 360p always and 720p when the source is that
 * large (never upscaled), a poster and a progressive MP4 (M4A for audio) as the fallback. With `maxSeconds` and
 * `watermark` the same run makes the trial sample: the first seconds with the text burned in.
 *
 * Uploads are untrusted: ffmpeg and ffprobe read them with a whitelist of container formats (a "video" that is
 * really an HLS or concat playlist could otherwise make ffmpeg read other local files into its output) and only
 * the file protocol (http/https for a presigned address), without network when reading a local file.
 */

export interface MediaProbe {
  durationSeconds: number;
  hasVideo: boolean;
  hasAudio: boolean;
  /** The picture as shown: after the rotation a phone recorded and the pixel aspect ratio; null without video. */
  width: number | null;
  height: number | null;
  videoCodec: string | null;
  audioCodec: string | null;
  /** The container, as ffprobe names it (e.g. `mov,mp4,m4a,3gp,3g2,mj2`, `asf`, `flv`). */
  formatName: string;
  /** Frames per second (average), null when unknown or without video. */
  frameRate: number | null;
  /** Degrees the player turns the stored picture clockwise (0, 90, 180, 270); ffmpeg applies it while decoding. */
  rotation: number;
  /** Whether the video is stored as fields (interlaced, e.g. DV or broadcast MPEG-2); null when ffprobe cannot tell. */
  interlaced: boolean | null;
  /** Index (ffprobe's) of the video and audio stream used: the first that is a moving picture, the first sound. */
  videoStream: number | null;
  audioStream: number | null;
}

/** Container demuxers an upload may be read with (ffmpeg's names); anything else is refused before decoding. */
const FORMAT_WHITELIST = [
  'mov,mp4,m4a,3gp,3g2,mj2',
  'matroska,webm',
  'avi',
  'flv',
  'live_flv',
  'asf',
  'asf_o',
  'mpeg',
  'mpegts',
  'mpegvideo',
  'm4v',
  'h264',
  'hevc',
  'rm',
  'dv',
  'mxf',
  'nut',
  'ivf',
  'ogg',
  'mp3',
  'wav',
  'w64',
  'flac',
  'aac',
  'aiff',
  'amr',
  'amrnb',
  'amrwb',
  'ape',
  'wv',
  'ac3',
  'eac3',
  'dts',
  'caf',
  'au',
  'tta',
  'mpc',
  'mpc8',
  'xwma',
].join(',');

const isUrl = (input: string) => /^https?:\/\//i.test(input);

/** Input options limiting what ffmpeg/ffprobe may open for this input. */
const inputGuards = (input: string) => [
  '-protocol_whitelist',
  isUrl(input) ? 'http,https,tls,tcp' : 'file',
  '-format_whitelist',
  FORMAT_WHITELIST,
];

/** Local inputs are read without network; a presigned URL needs it. */
const sandbox = (tools: Tools, input: string) => (isUrl(input) ? [] : tools.noNetwork);

/** ffmpeg reads a local path starting with `-` or containing `:` as an option or a protocol; `file:` avoids both. */
const inputArg = (input: string) => (isUrl(input) ? input : `file:${path.resolve(input)}`);

const INVALID = '无法识别的音视频文件（文件可能已损坏，或不是支持的音视频格式）';

interface ProbeJson {
  format?: { format_name?: string; duration?: string };
  streams?: {
    index?: number;
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    sample_aspect_ratio?: string;
    avg_frame_rate?: string;
    r_frame_rate?: string;
    duration?: string;
    nb_frames?: string;
    field_order?: string;
    disposition?: { attached_pic?: number; still_image?: number };
    tags?: { rotate?: string };
    side_data_list?: { rotation?: number }[];
  }[];
}

const ratio = (value: string | undefined) => {
  const [n, d = '1'] = (value ?? '').split(/[/:]/);
  const r = Number(n) / Number(d);
  return Number.isFinite(r) && r > 0 ? r : null;
};

/** Codecs that are a still picture when they hold one frame (cover art, an image in a container). */
const IMAGE_CODECS = new Set(['mjpeg', 'png', 'bmp', 'gif', 'webp', 'tiff', 'jpeg2000', 'jpegls']);

/**
 * Reads a file's (or presigned URL's) streams with ffprobe. A MediaError (`invalid`) when ffprobe cannot read it,
 * or it has neither a moving picture nor sound (a cover image alone, or a still picture, is not a video).
 */
export const probeMedia = async (
  tools: Tools,
  input: string,
  { signal, timeoutMs }: { signal?: AbortSignal; timeoutMs: number },
): Promise<MediaProbe> => {
  if (!tools.ffprobe) throw new MediaError('服务器未安装 ffprobe，无法处理音视频', 'unavailable');
  if (signal?.aborted) throw new MediaError('处理已取消', 'aborted');
  const out: string[] = [];
  const result = await runTool(
    [
      ...sandbox(tools, input),
      tools.ffprobe,
      '-v',
      'error',
      ...inputGuards(input),
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      inputArg(input),
    ],
    { timeoutMs, cwd: '/', signal, onStdout: (chunk) => out.push(chunk) },
  );
  if (signal?.aborted) throw new MediaError('处理已取消', 'aborted');
  if (result.timedOut) throw new MediaError('读取音视频信息超时', 'timeout', result.stderrTail);
  let json: ProbeJson;
  try {
    if (result.code !== 0) throw new Error('ffprobe failed');
    json = JSON.parse(out.join('')) as ProbeJson;
  } catch {
    throw new MediaError(INVALID, 'invalid', result.stderrTail);
  }
  const streams = json.streams ?? [];
  const video = streams.find(
    (s) =>
      s.codec_type === 'video' &&
      !!s.codec_name &&
      !s.disposition?.attached_pic &&
      !s.disposition?.still_image &&
      (s.width ?? 0) > 0 &&
      !(IMAGE_CODECS.has(s.codec_name ?? '') && Number(s.nb_frames ?? 0) <= 1 && !Number(s.duration ?? 0)),
  );
  const audio = streams.find((s) => s.codec_type === 'audio' && s.codec_name && s.codec_name !== 'none');
  const durations = [json.format?.duration, ...streams.map((s) => s.duration)].map(Number).filter((d) => d > 0);
  const durationSeconds = Number(json.format?.duration) > 0 ? Number(json.format?.duration) : Math.max(0, ...durations);
  if ((!video && !audio) || !(durationSeconds > 0)) throw new MediaError(INVALID, 'invalid', result.stderrTail);

  let width: number | null = null;
  let height: number | null = null;
  let rotation = 0;
  let frameRate: number | null = null;
  if (video) {
    const sar = ratio(video.sample_aspect_ratio) ?? 1;
    // The display matrix (ffprobe's side data) turns counter-clockwise, the older `rotate` tag clockwise.
    const matrix = video.side_data_list?.find((d) => typeof d.rotation === 'number')?.rotation;
    const clockwise = matrix !== undefined ? -matrix : Number(video.tags?.rotate ?? 0) || 0;
    rotation = (((Math.round(clockwise / 90) * 90) % 360) + 360) % 360;
    const w = Math.round((video.width ?? 0) * (sar > 0 ? sar : 1));
    const h = video.height ?? 0;
    [width, height] = rotation === 90 || rotation === 270 ? [h, w] : [w, h];
    const avg = ratio(video.avg_frame_rate);
    const r = ratio(video.r_frame_rate);
    frameRate = avg && avg <= 240 ? avg : r && r <= 240 ? r : null;
  }
  return {
    durationSeconds,
    hasVideo: !!video,
    hasAudio: !!audio,
    width,
    height,
    videoCodec: video?.codec_name ?? null,
    audioCodec: audio?.codec_name ?? null,
    formatName: json.format?.format_name ?? '',
    frameRate,
    rotation,
    interlaced: !video?.field_order || video.field_order === 'unknown' ? null : video.field_order !== 'progressive',
    videoStream: video?.index ?? null,
    audioStream: audio?.index ?? null,
  };
};

export type RenditionName = '360p' | '720p' | 'audio';

export interface Rendition {
  name: RenditionName;
  /** Null for audio. */
  width: number | null;
  height: number | null;
  /** Peak bits per second of a segment (the master playlist's BANDWIDTH). */
  bandwidth: number;
  averageBandwidth: number;
  /** Relative to outDir, e.g. `360p/index.m3u8`; its segments are `360p/seg-00000.ts`, … */
  playlist: string;
  segments: number;
  codecs: string;
}

export interface HlsResult {
  master: 'master.m3u8';
  renditions: Rendition[];
  poster: 'poster.jpg' | null;
  fallback: 'fallback.mp4' | 'fallback.m4a';
  /** What the playlists hold (a sample: its seconds). */
  durationSeconds: number;
  /** Whether the watermark was burned in (false when none was asked, for audio, or drawtext/font is missing). */
  watermarked: boolean;
  /** The ffmpeg command that made it (for logs). */
  command: string[];
}

export interface TranscodeOptions {
  signal?: AbortSignal;
  timeoutMs: number;
  /** Percent done, 0–100, at most once per whole percent. */
  onProgress?: (percent: number) => void;
  /** Target segment length (default 6 s; segments break at key frames placed at these times). */
  segmentSeconds?: number;
  /** Only the first N seconds (the sample). */
  maxSeconds?: number;
  /** Text burned into the picture (videos; audio has no picture to mark). */
  watermark?: string;
  /** `lowest` = 360p only (samples), `all` adds 720p when the source is at least that large. Default `all`. */
  renditions?: 'all' | 'lowest';
  /** x264 preset for each size; defaults measured on two cores (README: transcoding speed). */
  presets?: Partial<Record<'360p' | '720p', string>>;
  /** Caps every file ffmpeg writes (prlimit), e.g. against a file that decodes to an endless stream. */
  maxFileBytes?: number;
}

export interface VideoTarget {
  name: '360p' | '720p';
  width: number;
  height: number;
  preset: string;
  crf: number;
  maxrate: number;
  audioBitrate: number;
}

/** Short side of each rendition and its limits (kbit/s). */
const LADDER = [
  { name: '360p' as const, short: 360, maxrate: 900, audioBitrate: 96 },
  { name: '720p' as const, short: 720, maxrate: 2800, audioBitrate: 128 },
];
/**
 * superfast for 720p keeps the whole run (decode, 720p and 360p) at about 3.5–4× realtime on two cores for a busy
 * 720p picture; the 360p rendition, which is also the MP4 fallback, costs a quarter as much and gets veryfast's
 * better compression.
 */
const DEFAULT_PRESETS = { '360p': 'veryfast', '720p': 'superfast' };
const AUDIO_ONLY_BITRATE = 128;
/** H.264 Main profile, level 3.1 (x264's constraint flags 0x40): what both video renditions are encoded as. */
const VIDEO_CODECS = 'avc1.4d401f';
const AAC_LC = 'mp4a.40.2';

const even = (n: number) => Math.max(2, 2 * Math.floor(n / 2));

/** Renditions for a picture of `width`×`height` as shown: by the short side, never upscaled, even sides. */
export const videoTargets = (
  width: number,
  height: number,
  which: 'all' | 'lowest',
  presets: TranscodeOptions['presets'] = {},
): VideoTarget[] => {
  const short = Math.min(width, height);
  const long = Math.max(width, height);
  const ladder = which === 'lowest' ? LADDER.slice(0, 1) : LADDER.filter((r, i) => i === 0 || short >= r.short);
  return ladder.map((r) => {
    const s = even(Math.min(r.short, short));
    const l = even(Math.round((long * s) / short));
    const [w, h] = width >= height ? [l, s] : [s, l];
    return {
      name: r.name,
      width: w,
      height: h,
      preset: presets[r.name] ?? DEFAULT_PRESETS[r.name],
      crf: 23,
      maxrate: r.maxrate,
      audioBitrate: r.audioBitrate,
    };
  });
};

/** Output frame rate: the source's up to 30 (50/60 fps halved), 25 when unknown. */
export const outputFrameRate = (rate: number | null) => {
  if (!rate || rate < 1) return 25;
  let r = rate;
  while (r > 30.5) r /= 2;
  if (r < 20 && rate > 30.5) r = 30;
  return Math.round(r * 1000) / 1000;
};

/**
 * Encoder options of one video rendition: H.264 Main 3.1 by CRF with a peak cap (VBV), a key frame exactly every
 * `segmentSeconds` (no scene-cut key frames, so every rendition's segments start at the same times and players
 * switch between them cleanly), and AAC-LC stereo.
 */
export const videoEncoderArgs = (t: VideoTarget, fps: number, segmentSeconds: number) => {
  const gop = Math.max(1, Math.round(fps * segmentSeconds));
  return [
    '-c:v',
    'libx264',
    '-preset',
    t.preset,
    '-profile:v',
    'main',
    '-level:v',
    '3.1',
    '-crf',
    String(t.crf),
    '-maxrate',
    `${t.maxrate}k`,
    '-bufsize',
    `${t.maxrate * 2}k`,
    '-g',
    String(gop),
    '-keyint_min',
    String(gop),
    '-sc_threshold',
    '0',
    '-force_key_frames',
    `expr:gte(t,n_forced*${segmentSeconds})`,
    '-c:a',
    'aac',
    '-b:a',
    `${t.audioBitrate}k`,
    '-ac',
    '2',
  ];
};

const hlsOptions = (dir: string, segmentSeconds: number) => ({
  hls_time: String(segmentSeconds),
  hls_playlist_type: 'vod',
  hls_flags: 'independent_segments',
  hls_segment_type: 'mpegts',
  hls_segment_filename: `${dir}/seg-%05d.ts`,
});

/** The lowest rendition goes to HLS and to the progressive fallback from one encode (tee muxer). */
const teeTarget = (dir: string, segmentSeconds: number, fallback: string, fallbackFormat: 'mp4' | 'ipod') => {
  const hls = Object.entries(hlsOptions(dir, segmentSeconds))
    .map(([k, v]) => `${k}=${v}`)
    .join(':');
  return `[f=hls:${hls}]${dir}/index.m3u8|[f=${fallbackFormat}:movflags=+faststart]${fallback}`;
};

export const hlsArgs = (dir: string, segmentSeconds: number) => [
  ...Object.entries(hlsOptions(dir, segmentSeconds)).flatMap(([k, v]) => [`-${k}`, v]),
  '-f',
  'hls',
  `${dir}/index.m3u8`,
];

interface PlaylistStats {
  segments: number;
  seconds: number;
  peak: number;
  average: number;
}

/** Segment count, total length and bit rates of a media playlist, from the segment files themselves. */
const playlistStats = async (outDir: string, playlist: string): Promise<PlaylistStats> => {
  const text = await fs.readFile(path.join(outDir, playlist), 'utf8');
  if (!text.includes('#EXT-X-ENDLIST')) throw new Error(`${playlist} is not finished`);
  const lines = text.split('\n').map((l) => l.trim());
  const dir = path.dirname(path.join(outDir, playlist));
  let seconds = 0;
  let bytes = 0;
  let peak = 0;
  let peakShort = 0;
  let segments = 0;
  for (let i = 0; i < lines.length; i++) {
    const m = /^#EXTINF:([\d.]+)/.exec(lines[i]!);
    if (!m) continue;
    const duration = Number(m[1]);
    const uri = lines.slice(i + 1).find((l) => l && !l.startsWith('#'));
    if (!uri) continue;
    const size = (await fs.stat(path.join(dir, uri))).size;
    segments++;
    seconds += duration;
    bytes += size;
    const rate = duration > 0 ? (size * 8) / duration : 0;
    // A last sliver of a segment says little about the peak (a key frame over a fraction of a second).
    if (duration >= 1) peak = Math.max(peak, rate);
    else peakShort = Math.max(peakShort, rate);
  }
  if (segments === 0) throw new Error(`${playlist} has no segments`);
  const average = seconds > 0 ? (bytes * 8) / seconds : 0;
  return { segments, seconds, peak: Math.ceil(peak || peakShort || average), average: Math.ceil(average) };
};

const writeAtomically = async (file: string, text: string) => {
  const tmp = `${file}.tmp`;
  await fs.writeFile(tmp, text, 'utf8');
  await fs.rename(tmp, file);
};

const masterPlaylist = (renditions: Rendition[]) =>
  [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    ...renditions.flatMap((r) => [
      `#EXT-X-STREAM-INF:${[
        `BANDWIDTH=${r.bandwidth}`,
        `AVERAGE-BANDWIDTH=${r.averageBandwidth}`,
        ...(r.width && r.height ? [`RESOLUTION=${r.width}x${r.height}`] : []),
        `CODECS="${r.codecs}"`,
      ].join(',')}`,
      r.playlist,
    ]),
    '',
  ].join('\n');

/** Calls `onProgress` with whole percents from ffmpeg's `-progress` lines (`out_time_us`, older `out_time_ms`). */
const progressReader = (totalSeconds: number, onProgress?: (percent: number) => void) => {
  let buffered = '';
  let last = -1;
  return (chunk: string) => {
    if (!onProgress || !(totalSeconds > 0)) return;
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      const m = /^out_time_(?:us|ms)=(\d+)/.exec(line.trim());
      if (!m) continue;
      const percent = Math.min(99, Math.floor((Number(m[1]) / 1e6 / totalSeconds) * 100));
      if (percent > last) {
        last = percent;
        onProgress(percent);
      }
    }
  };
};

const OUTPUT_NAMES = [
  'master.m3u8',
  'master.m3u8.tmp',
  '360p',
  '720p',
  'audio',
  'poster.jpg',
  'fallback.mp4',
  'fallback.m4a',
  '.watermark.txt',
];

/** Removes what a failed run may have written, so nothing half-made looks finished. */
const removeOutputs = (outDir: string) =>
  Promise.all(OUTPUT_NAMES.map((name) => fs.rm(path.join(outDir, name), { recursive: true, force: true })));

/** What turns an upload into HLS: transcodeToHls, or one that wraps it (the tests replay earlier identical runs). */
export type Transcoder = (
  tools: Tools,
  input: string,
  outDir: string,
  probe: MediaProbe,
  options: TranscodeOptions,
) => Promise<HlsResult>;

/**
 * Transcodes `input` (a path or a presigned http(s) URL) into `outDir` (which should be empty): see the module
 * comment. Returns after ffmpeg has ended. On failure the outputs are removed and a MediaError says why in Chinese
 * (`failed` with the end of ffmpeg's message, `timeout` 转码超时, `aborted`).
 */
export const transcodeToHls: Transcoder = async (tools, input, outDir, probe, options) => {
  const ffmpeg = tools.ffmpeg;
  if (!ffmpeg) throw new MediaError('服务器未安装 ffmpeg，无法转码', 'unavailable');
  if (options.signal?.aborted) throw new MediaError('处理已取消', 'aborted');
  if (!probe.hasVideo && !probe.hasAudio) throw new MediaError(INVALID, 'invalid');
  const segmentSeconds = Math.max(1, Math.round(options.segmentSeconds ?? 6));
  const maxSeconds = options.maxSeconds && options.maxSeconds > 0 ? options.maxSeconds : null;
  const expected = maxSeconds ? Math.min(maxSeconds, probe.durationSeconds) : probe.durationSeconds;
  const video = probe.hasVideo && probe.width && probe.height ? { width: probe.width, height: probe.height } : null;

  const args: string[] = [
    ...sandbox(tools, input),
    ...(options.maxFileBytes ? tools.fileSizeCap(options.maxFileBytes) : []),
    ffmpeg,
    '-nostdin',
    '-hide_banner',
    '-v',
    'error',
    '-nostats',
    '-progress',
    'pipe:1',
    '-y',
    ...inputGuards(input),
    // Some AVI/RMVB files lack timestamps on some packets.
    '-fflags',
    '+genpts',
    ...(maxSeconds ? ['-t', String(maxSeconds)] : []),
    '-i',
    inputArg(input),
  ];
  const renditions: Omit<Rendition, 'bandwidth' | 'averageBandwidth' | 'segments'>[] = [];
  let poster: HlsResult['poster'] = null;
  let fallback: HlsResult['fallback'];
  let watermarked = false;
  const textfile = path.join(outDir, '.watermark.txt');

  try {
    if (video) {
      const targets = videoTargets(video.width, video.height, options.renditions ?? 'all', options.presets);
      const fps = outputFrameRate(probe.frameRate);
      // Deinterlace frames flagged interlaced (DV, broadcast MPEG-2) unless the stream says it is progressive, then
      // a constant frame rate (variable-rate FLV/WMV/RMVB).
      const chain = [
        ...(probe.interlaced === false ? [] : ['bwdif=mode=send_frame:parity=auto:deint=interlaced']),
        `fps=${fps}`,
      ];
      const text = cleanWatermarkText(options.watermark ?? '');
      if (text) {
        const support = await watermarkSupport(tools);
        if (support.available) {
          await writeTextFile(textfile, text);
          chain.push(videoWatermarkFilter(text, { textfile, font: support.font, ...video }));
          watermarked = true;
        }
      }
      const top = targets.at(-1)!;
      const posterAt = expected >= 2 ? 1 : 0;
      const branches = targets.length + 1;
      const graph = [
        `[0:${probe.videoStream ?? 'v:0'}]${chain.join(',')},split=${branches}${targets.map((_, i) => `[s${i}]`).join('')}[sp]`,
        ...targets.map((t, i) => `[s${i}]scale=${t.width}:${t.height},setsar=1,format=yuv420p[v${i}]`),
        // The poster: the first frame at posterAt s, at the largest rendition's size (only that frame is scaled).
        `[sp]select=gte(t\\,${posterAt}),trim=end_frame=1,scale=${top.width}:${top.height},setsar=1,format=yuvj420p[poster]`,
        probe.hasAudio
          ? `[0:${probe.audioStream ?? 'a:0'}]aresample=48000:async=1:first_pts=0,asplit=${targets.length}${targets.map((_, i) => `[a${i}]`).join('')}`
          : // Silent stereo so every rendition has the same tracks (players switch renditions without a glitch).
            `anullsrc=channel_layout=stereo:sample_rate=48000,atrim=duration=${expected.toFixed(3)},asplit=${targets.length}${targets.map((_, i) => `[a${i}]`).join('')}`,
      ];
      args.push('-filter_complex', graph.join(';'));
      targets.forEach((t, i) => {
        args.push(
          '-map',
          `[v${i}]`,
          '-map',
          `[a${i}]`,
          '-map_metadata',
          '-1',
          '-map_chapters',
          '-1',
          ...videoEncoderArgs(t, fps, segmentSeconds),
        );
        if (i === 0) {
          // The lowest size also becomes fallback.mp4 from the same encode; MP4 needs the codec headers up front.
          args.push('-flags', '+global_header', '-f', 'tee', teeTarget(t.name, segmentSeconds, 'fallback.mp4', 'mp4'));
        } else {
          args.push(...hlsArgs(t.name, segmentSeconds));
        }
        renditions.push({
          name: t.name,
          width: t.width,
          height: t.height,
          playlist: `${t.name}/index.m3u8`,
          codecs: `${VIDEO_CODECS},${AAC_LC}`,
        });
      });
      args.push('-map', '[poster]', '-map_metadata', '-1', '-frames:v', '1', '-update', '1', '-q:v', '3', 'poster.jpg');
      poster = 'poster.jpg';
      fallback = 'fallback.mp4';
    } else {
      args.push(
        '-filter_complex',
        `[0:${probe.audioStream ?? 'a:0'}]aresample=48000:async=1:first_pts=0[a]`,
        '-map',
        '[a]',
        '-map_metadata',
        '-1',
        '-map_chapters',
        '-1',
        '-c:a',
        'aac',
        '-b:a',
        `${AUDIO_ONLY_BITRATE}k`,
        '-ac',
        '2',
        '-flags',
        '+global_header',
        '-f',
        'tee',
        teeTarget('audio', segmentSeconds, 'fallback.m4a', 'ipod'),
      );
      renditions.push({ name: 'audio', width: null, height: null, playlist: 'audio/index.m3u8', codecs: AAC_LC });
      fallback = 'fallback.m4a';
    }
    await Promise.all(renditions.map((r) => fs.mkdir(path.join(outDir, r.name), { recursive: true })));

    const result = await runTool(args, {
      timeoutMs: options.timeoutMs,
      cwd: outDir,
      signal: options.signal,
      onStdout: progressReader(expected, options.onProgress),
    });
    const failure = runFailure(result, options.signal, {
      prefix: video ? '视频转码失败' : '音频转码失败',
      timeout: '转码超时',
      hide: [input, outDir],
    });
    if (failure) throw failure;

    const finished: Rendition[] = [];
    for (const r of renditions) {
      let stats: PlaylistStats;
      try {
        stats = await playlistStats(outDir, r.playlist);
      } catch (error) {
        throw new MediaError(
          video ? '视频转码失败：没有得到可播放的画面' : '音频转码失败：没有得到可播放的声音',
          'failed',
          String(error),
        );
      }
      finished.push({ ...r, bandwidth: stats.peak, averageBandwidth: stats.average, segments: stats.segments });
    }
    const fallbackStat = await fs.stat(path.join(outDir, fallback)).catch(() => null);
    if (!fallbackStat?.size) throw new MediaError('转码失败：没有生成备用文件', 'failed');
    if (poster && !(await fs.stat(path.join(outDir, poster)).catch(() => null))?.size) poster = null;
    const { seconds } = await playlistStats(outDir, finished[0]!.playlist);
    await fs.rm(textfile, { force: true });
    // Written last: a master playlist means the whole set is there.
    await writeAtomically(path.join(outDir, 'master.m3u8'), masterPlaylist(finished));
    options.onProgress?.(100);
    return {
      master: 'master.m3u8',
      renditions: finished,
      poster,
      fallback,
      durationSeconds: Math.round(seconds * 1000) / 1000,
      watermarked,
      command: args,
    };
  } catch (error) {
    await removeOutputs(outDir);
    if (error instanceof MediaError) throw error;
    throw new MediaError('转码失败：无法写入输出文件', 'failed', String((error as Error)?.message ?? error));
  }
};
