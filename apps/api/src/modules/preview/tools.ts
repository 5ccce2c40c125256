import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { builtinDocumentsAvailable } from './builtin-available.ts';

/** External programs the preview worker uses when they are installed; null = not available. */
export interface Tools {
  soffice: string | null;
  ffmpeg: string | null;
  /** Reads a media file's streams and duration (beside a configured ffmpeg, else PATH). */
  ffprobe: string | null;
  pdftoppm: string | null;
  /** A PDF's page count (beside a configured pdftoppm, else PATH; both come with poppler-utils). */
  pdfinfo: string | null;
  /**
   * The built-in converters (WebAssembly LibreOffice and pdf.js, builtin-documents.ts) stand in for a missing
   * soffice, pdftoppm or pdfinfo.
   */
  builtinDocuments: boolean;
  /** Prefix that runs a command without network access (`unshare -rn`), when the kernel allows it. */
  noNetwork: string[];
  /** Prefix capping the size of files a command writes (`prlimit --fsize=…`). */
  fileSizeCap: (bytes: number) => string[];
}

const executable = async (file: string) => {
  try {
    await fs.access(file, constants.X_OK);
    return (await fs.stat(file)).isFile();
  } catch {
    return false;
  }
};

const which = async (name: string) => {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    if (await executable(candidate)) return candidate;
  }
  return null;
};

/** A configured path must exist; an empty setting means "look in PATH". */
const resolve = async (configured: string, names: string[]) => {
  if (configured) return (await executable(configured)) ? configured : null;
  for (const name of names) {
    const found = await which(name);
    if (found) return found;
  }
  return null;
};

/**
 * A companion program of a configured one (ffprobe of ffmpeg, pdfinfo of pdftoppm): the file of that name in the
 * configured program's folder, else PATH.
 */
const companion = async (configuredSibling: string, name: string) => {
  if (configuredSibling) {
    const beside = path.join(path.dirname(configuredSibling), name);
    if (await executable(beside)) return beside;
  }
  return which(name);
};

/**
 * A binary shipped inside an npm package for this platform (`@ffmpeg-installer/linux-x64` holds `ffmpeg`,
 * `@ffprobe-installer/linux-x64` holds `ffprobe`), when such a package is installed; the last resort after a
 * configured path and PATH.
 */
const fromNpmPackage = async (scope: string, binary: string) => {
  try {
    const require = createRequire(import.meta.url);
    const manifest = require.resolve(`${scope}/${process.platform}-${process.arch}/package.json`);
    const file = path.join(path.dirname(manifest), process.platform === 'win32' ? `${binary}.exe` : binary);
    return (await executable(file)) ? file : null;
  } catch {
    return null;
  }
};

export interface RunResult {
  code: number | null;
  timedOut: boolean;
  /** The first 4 KiB of stderr. */
  stderr: string;
  /** The last 4 KiB of stderr (where ffmpeg says why it stopped). */
  stderrTail: string;
}

const STDERR_KEEP = 4096;

/** Converted output above this is refused (a crafted document could expand without bound). */
export const OUTPUT_CAP = 200 * 1024 * 1024;

/**
 * Runs a program in its own process group with a time limit (the whole group is killed when it runs over, or when
 * `signal` aborts, also if it had already aborted), a minimal environment and stdin closed. stderr is kept (first
 * and last 4 KiB) for the job's error message; stdout is passed to `onStdout` when given (e.g. ffmpeg's
 * `-progress pipe:1`), otherwise discarded.
 */
export const runTool = (
  command: string[],
  options: {
    timeoutMs: number;
    cwd: string;
    env?: Record<string, string>;
    signal?: AbortSignal;
    onStdout?: (chunk: string) => void;
  },
) =>
  new Promise<RunResult>((resolvePromise) => {
    const [file, ...args] = command;
    const child = spawn(file!, args, {
      cwd: options.cwd,
      detached: true,
      stdio: ['ignore', options.onStdout ? 'pipe' : 'ignore', 'pipe'],
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8', ...options.env },
    });
    let stderr = '';
    let tail = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      if (stderr.length < STDERR_KEEP) stderr += text;
      tail = (tail + text).slice(-STDERR_KEEP);
    });
    if (options.onStdout) {
      const onStdout = options.onStdout;
      child.stdout?.setEncoding('utf8');
      child.stdout?.on('data', (chunk: string) => onStdout(chunk));
    }
    let timedOut = false;
    const kill = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, options.timeoutMs);
    const onAbort = () => kill();
    if (options.signal?.aborted) kill();
    else options.signal?.addEventListener('abort', onAbort, { once: true });
    let settled = false;
    const done = (code: number | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      resolvePromise({ code, timedOut, stderr: stderr.slice(0, STDERR_KEEP), stderrTail: tail });
    };
    child.on('error', (error) => {
      stderr += String(error);
      tail = (tail + String(error)).slice(-STDERR_KEEP);
      done(null);
    });
    child.on('close', (code) => done(code));
  });

/**
 * What this machine converts with, one line per kind of work, for a person: `npm start` prints it once and
 * `pnpm admin process-media` before it runs.
 */
export const describeTools = (tools: Tools) => {
  const builtin = tools.builtinDocuments;
  const office = tools.soffice
    ? `系统 LibreOffice（${tools.soffice}）`
    : builtin
      ? '内置 LibreOffice（WebAssembly，转换时约占 1.3 GB 内存；装上系统 LibreOffice 后更快，并优先使用）'
      : '无（Office 文档不能在线预览；安装 LibreOffice 或打开 BUILTIN_DOCUMENTS）';
  const pages = tools.pdftoppm
    ? `poppler 的 pdftoppm（${tools.pdftoppm}）`
    : builtin
      ? '内置 pdf.js（装上 poppler-utils 后优先使用）'
      : '无（文档没有试读页与页数）';
  const media = !tools.ffmpeg
    ? '无（音视频不能转码，原文件仍可下载）'
    : tools.ffmpeg.includes(`${path.sep}node_modules${path.sep}`)
      ? `npm 自带的 ffmpeg（${tools.ffmpeg}）`
      : `系统 ffmpeg（${tools.ffmpeg}）`;
  return [`文档转换：${office}`, `文档页面图片与页数：${pages}`, `音视频转码：${media}`];
};

/** Whether `unshare -rn` works here (it needs user namespaces, or root). */
const probeNoNetwork = async () => {
  const unshare = await which('unshare');
  if (!unshare) return [];
  const result = await runTool([unshare, '-rn', 'true'], { timeoutMs: 3000, cwd: '/' });
  return result.code === 0 ? [unshare, '-rn'] : [];
};

/**
 * Finds the converters. ffmpeg: FFMPEG_PATH when set (it must exist), else PATH, else a binary from an installed
 * npm package (@ffmpeg-installer/<platform>-<arch>); ffprobe: beside a configured ffmpeg, else PATH, else
 * @ffprobe-installer/<platform>-<arch>. pdfinfo likewise beside a configured pdftoppm, else PATH.
 */
export const detectTools = async (config: Config): Promise<Tools> => {
  const [soffice, ffmpeg, ffprobe, pdftoppm, pdfinfo, noNetwork, prlimit] = await Promise.all([
    resolve(config.LIBREOFFICE_PATH, ['soffice', 'libreoffice']),
    config.FFMPEG_PATH
      ? resolve(config.FFMPEG_PATH, [])
      : (async () => (await which('ffmpeg')) ?? (await fromNpmPackage('@ffmpeg-installer', 'ffmpeg')))(),
    (async () =>
      (await companion(config.FFMPEG_PATH, 'ffprobe')) ?? (await fromNpmPackage('@ffprobe-installer', 'ffprobe')))(),
    resolve(config.PDFTOPPM_PATH, ['pdftoppm']),
    companion(config.PDFTOPPM_PATH, 'pdfinfo'),
    probeNoNetwork(),
    which('prlimit'),
  ]);
  return {
    soffice,
    ffmpeg,
    ffprobe,
    pdftoppm,
    pdfinfo,
    builtinDocuments: config.BUILTIN_DOCUMENTS && builtinDocumentsAvailable(),
    noNetwork,
    fileSizeCap: (bytes) => (prlimit ? [prlimit, `--fsize=${bytes}`, '--'] : []),
  };
};
