import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './net.ts';

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 's3rver-server.mjs');

/** Starts s3rver in its own process on a loopback port, with a bucket; `env` points the api at it. */
export const startS3rver = async (bucket = 'ziyuanku-test') => {
  const port = await freePort();
  const directory = mkdtempSync(path.join(os.tmpdir(), 'zyk-s3-'));
  const child: ChildProcess = spawn(process.execPath, [SCRIPT, String(port), directory, bucket], {
    cwd: path.dirname(SCRIPT),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('s3rver did not start in 15 s')), 15_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    directory,
    bucket,
    pid: child.pid!,
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY: 'S3RVER',
      S3_SECRET_KEY: 'S3RVER',
      S3_REGION: 'us-east-1',
    },
    /** s3rver's folder of parts for unfinished multipart uploads (empty when none are open). */
    uploadsDir: path.join(directory, bucket, '._S3rver_uploads'),
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(directory, { recursive: true, force: true });
    },
  };
};

export type S3rverProcess = Awaited<ReturnType<typeof startS3rver>>;
