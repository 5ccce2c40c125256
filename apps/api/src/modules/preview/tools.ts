import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.ts';

/** External programs the preview worker uses when they are installed; null = not available. */
export interface Tools {
  soffice: string | null;
  ffmpeg: string | null;
  pdftoppm: string | null;
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

export interface RunResult {
  code: number | null;
  timedOut: boolean;
  stderr: string;
}

/**
 * Runs a program in its own process group with a time limit (the whole group is killed when it runs over), a
 * minimal environment and stdin closed. stderr is kept (first 4 KiB) for the job's error message.
 */
export const runTool = (
  command: string[],
  options: { timeoutMs: number; cwd: string; env?: Record<string, string>; signal?: AbortSignal },
) =>
  new Promise<RunResult>((resolvePromise) => {
    const [file, ...args] = command;
    const child = spawn(file!, args, {
      cwd: options.cwd,
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8', ...options.env },
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      if (stderr.length < 4096) stderr += chunk.toString('utf8');
    });
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
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const done = (code: number | null) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      resolvePromise({ code, timedOut, stderr: stderr.slice(0, 4096) });
    };
    child.on('error', (error) => {
      stderr += String(error);
      done(null);
    });
    child.on('close', (code) => done(code));
  });

/** Whether `unshare -rn` works here (it needs user namespaces, or root). */
const probeNoNetwork = async () => {
  const unshare = await which('unshare');
  if (!unshare) return [];
  const result = await runTool([unshare, '-rn', 'true'], { timeoutMs: 3000, cwd: '/' });
  return result.code === 0 ? [unshare, '-rn'] : [];
};

export const detectTools = async (config: Config): Promise<Tools> => {
  const [soffice, ffmpeg, pdftoppm, noNetwork, prlimit] = await Promise.all([
    resolve(config.LIBREOFFICE_PATH, ['soffice', 'libreoffice']),
    resolve(config.FFMPEG_PATH, ['ffmpeg']),
    resolve(config.PDFTOPPM_PATH, ['pdftoppm']),
    probeNoNetwork(),
    which('prlimit'),
  ]);
  return {
    soffice,
    ffmpeg,
    pdftoppm,
    noNetwork,
    fileSizeCap: (bytes) => (prlimit ? [prlimit, `--fsize=${bytes}`, '--'] : []),
  };
};
