import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3Storage } from '../../apps/api/src/modules/storage/s3.ts';
import type { AssemblyState } from '../../apps/api/src/modules/uploads/assembly.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { loginAs } from '../support/auth.ts';
import { docx, fakeMp4, onPath, sha256 } from '../support/files.ts';
import { startInstance } from '../support/instances.ts';
import { type S3rverProcess, startS3rver } from '../support/s3rver.ts';
import {
  chunkInTwoHalves,
  cookieOf,
  initVideo,
  postDocument,
  queryPosition,
  sendChunk,
  uploadVideo,
} from '../support/uploads.ts';

/**
 * Uploads on the S3 driver against a real s3rver process: 1–4 MiB chunks staged as objects until a ≥ 5 MiB part can
 * be sent, the last chunk closing the last part; state in Postgres, so restarts and other instances carry on.
 */

const MiB = 1024 * 1024;
let s3: S3rverProcess;
let t: TestApp;
let env: Record<string, string>;
let cookie: string;

beforeAll(async () => {
  s3 = await startS3rver();
  env = {
    ...s3.env,
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'zyk-s3app-')),
    FILE_URL_SECRET: 'test-secret-shared-by-instances-0123456789',
    RATE_LIMITS: 'false',
    JOB_WORKER: 'false',
  };
  t = await startTestApp({ env });
  cookie = cookieOf((await loginAs(t, 'zhangxm')).jar);
}, 60_000);
afterAll(async () => {
  t?.app.server.closeAllConnections();
  await t?.close();
  await s3?.stop();
});

const storage = () => t.app.storage as S3Storage;
const stagedKeys = async (ccvid: string) => {
  const keys: string[] = [];
  for await (const item of storage().client.listObjectsV2(s3.bucket, `u/${ccvid}/`, true) as AsyncIterable<{
    name?: string;
  }>) {
    if (item.name) keys.push(item.name);
  }
  return keys;
};
const openMultiparts = () => (existsSync(s3.uploadsDir) ? readdirSync(s3.uploadsDir) : []);
const downloaded = async (fileId: string) => {
  const info = await fetch(`${t.url}/api/file/info/${fileId}`, { headers: { cookie } }).then((r) => r.json());
  return Buffer.from(await (await fetch(`${t.url}${info.data.downloadUrl}`)).arrayBuffer());
};

describe('chunked upload on S3', () => {
  it('stages small chunks, sends parts of at least 5 MiB, completes byte-identical and leaves nothing behind', async () => {
    const data = fakeMp4(12 * MiB + 4321);
    const { json } = await initVideo(t.url, cookie, '立体几何.mp4', data.length);
    const info = json.data;
    const seen: AssemblyState[] = [];
    for (let at = 0; at < data.length; ) {
      const chunk = data.subarray(at, at + MiB);
      const res = await sendChunk(t.url, cookie, info, at, chunk, data.length);
      at = res.json.data!.received;
      const row = await t.prisma.chunkedUpload.findUniqueOrThrow({ where: { id: info.ccvid } });
      seen.push(row.assembly as unknown as AssemblyState);
      if (row.status === 'uploading') {
        // every acknowledged byte is either staged or in a part
        const state = row.assembly as unknown as AssemblyState;
        const held =
          (state.staged ?? []).reduce((s, x) => s + x.size, 0) + (state.parts ?? []).reduce((s, p) => s + p.size, 0);
        expect(held).toBe(Number(row.received));
        expect((await stagedKeys(info.ccvid)).sort()).toEqual((state.staged ?? []).map((s) => s.key).sort());
      }
    }
    const final = seen[seen.length - 1]!;
    const parts = final.parts!;
    expect(parts.length).toBeGreaterThanOrEqual(2);
    for (const p of parts.slice(0, -1)) expect(p.size).toBeGreaterThanOrEqual(5 * MiB);
    const row = await t.prisma.chunkedUpload.findUniqueOrThrow({ where: { id: info.ccvid } });
    expect(row.status).toBe('done');
    const file = await t.prisma.storedFile.findUniqueOrThrow({ where: { id: row.storedFileId! } });
    expect(file.sha256).toBe(sha256(data));
    expect(sha256(await downloaded(file.id))).toBe(sha256(data));
    expect(await stagedKeys(info.ccvid)).toEqual([]);
    expect(openMultiparts()).toEqual([]);
  });

  it('resumes through another instance after a restart, with 4 MiB chunks', async () => {
    const data = fakeMp4(14 * MiB + 99);
    const first = await startInstance(t.databaseUrl, env);
    const info = (await initVideo(first.url, cookie, '重启续传.mp4', data.length)).json.data;
    await sendChunk(first.url, cookie, info, 0, data.subarray(0, 4 * MiB), data.length); // staged
    await sendChunk(first.url, cookie, info, 4 * MiB, data.subarray(4 * MiB, 8 * MiB), data.length); // part 1
    await sendChunk(first.url, cookie, info, 8 * MiB, data.subarray(8 * MiB, 12 * MiB), data.length); // staged
    await first.close();
    const second = await startInstance(t.databaseUrl, env);
    try {
      expect((await queryPosition(second.url, cookie, info, '重启续传.mp4', data.length)).json.data).toMatchObject({
        result: 0,
        received: 12 * MiB,
      });
      const done = await uploadVideo([second.url, t.url], cookie, info, '重启续传.mp4', data, 4 * MiB);
      const file = await t.prisma.storedFile.findUniqueOrThrow({ where: { id: done.data!.fileId! } });
      expect(file.sha256).toBe(sha256(data));
      expect(sha256(await downloaded(file.id))).toBe(sha256(data));
    } finally {
      await second.close();
    }
  });

  it('closes a part from the memory copy of the chunk this instance staged, without reading it back', async () => {
    const data = fakeMp4(9 * MiB + 7);
    const info = (await initVideo(t.url, cookie, '内存暂存.mp4', data.length)).json.data;
    await sendChunk(t.url, cookie, info, 0, data.subarray(0, 4 * MiB), data.length); // staged
    const [staged] = await stagedKeys(info.ccvid);
    // The staging object vanishes: only a part sent from memory can still hold the right bytes.
    await storage().delete(staged!);
    const part = await sendChunk(t.url, cookie, info, 4 * MiB, data.subarray(4 * MiB, 8 * MiB), data.length);
    expect(part.json.data).toMatchObject({ result: 0, received: 8 * MiB });
    const done = await uploadVideo(t.url, cookie, info, '内存暂存.mp4', data);
    const file = await t.prisma.storedFile.findUniqueOrThrow({ where: { id: done.data!.fileId! } });
    expect(file.sha256).toBe(sha256(data));
    expect(sha256(await downloaded(file.id))).toBe(sha256(data));
  });

  it('counts a staged chunk and a part-closing chunk sent many times at once exactly once', async () => {
    const data = fakeMp4(10 * MiB + 17);
    const other = await startInstance(t.databaseUrl, env);
    try {
      const info = (await initVideo(t.url, cookie, '并发重发.mp4', data.length)).json.data;
      const sendAll = (from: number, length: number) =>
        Promise.all(
          [t.url, t.url, other.url, other.url].map((url) =>
            sendChunk(url, cookie, info, from, data.subarray(from, from + length), data.length),
          ),
        );
      const state = async () => {
        const row = await t.prisma.chunkedUpload.findUniqueOrThrow({ where: { id: info.ccvid } });
        return { received: Number(row.received), assembly: row.assembly as unknown as AssemblyState };
      };
      // 4 MiB, four times at once: staged once; the losers' staging objects are gone.
      for (const a of await sendAll(0, 4 * MiB)) expect(a.json.data).toMatchObject({ result: 0, received: 4 * MiB });
      let now = await state();
      expect(now.received).toBe(4 * MiB);
      expect(now.assembly.staged).toHaveLength(1);
      expect(await stagedKeys(info.ccvid)).toEqual([now.assembly.staged![0]!.key]);
      // The next 4 MiB closes a part of 8 MiB, four times at once: one part, counted once.
      for (const a of await sendAll(4 * MiB, 4 * MiB)) {
        expect(a.json.data).toMatchObject({ result: 0, received: 8 * MiB });
      }
      now = await state();
      expect(now.received).toBe(8 * MiB);
      // One part listed (its number is that of the attempt that won: each attempt got its own).
      expect(now.assembly.parts).toEqual([expect.objectContaining({ size: 8 * MiB })]);
      expect(now.assembly.staged ?? []).toEqual([]);
      expect(openMultiparts()).toHaveLength(1);
      const done = await uploadVideo([other.url, t.url], cookie, info, '并发重发.mp4', data, 4 * MiB);
      const file = await t.prisma.storedFile.findUniqueOrThrow({ where: { id: done.data!.fileId! } });
      expect(file.sha256).toBe(sha256(data));
      expect(sha256(await downloaded(file.id))).toBe(sha256(data));
      expect(await stagedKeys(info.ccvid)).toEqual([]);
      expect(openMultiparts()).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('keeps the committed part when a rival copy of it is uploaded to S3 after the commit', async () => {
    const data = fakeMp4(16 * MiB + 5);
    const rival = Buffer.from(data);
    rival.fill(0x55, 12 * MiB, 16 * MiB); // other bytes in the chunk that closes the second part
    const other = await startInstance(t.databaseUrl, env);
    try {
      const info = (await initVideo(t.url, cookie, '两个版本.mp4', data.length)).json.data;
      for (let at = 0; at < 12 * MiB; at += 4 * MiB) {
        await sendChunk(t.url, cookie, info, at, data.subarray(at, at + 4 * MiB), data.length); // staged, part, staged
      }
      // Half of one copy of [12 MiB, 16 MiB) reaches this instance, which starts its part; the rival copy is stored
      // whole through the other instance and committed; only then does the first copy's part finish uploading.
      const slow = chunkInTwoHalves(t.url, cookie, info, 12 * MiB, data.subarray(12 * MiB, 16 * MiB), data.length);
      await slow.halfSent;
      await new Promise((r) => setTimeout(r, 300));
      const fast = await sendChunk(other.url, cookie, info, 12 * MiB, rival.subarray(12 * MiB, 16 * MiB), data.length);
      expect(fast.json.data).toMatchObject({ result: 0, received: 16 * MiB });
      slow.sendRest();
      expect((await slow.response).json.data).toMatchObject({ result: 0, received: 16 * MiB });
      const done = await uploadVideo(other.url, cookie, info, '两个版本.mp4', rival);
      const file = await t.prisma.storedFile.findUniqueOrThrow({ where: { id: done.data!.fileId! } });
      expect(file.sha256).toBe(sha256(rival));
      expect(sha256(await downloaded(file.id))).toBe(sha256(rival));
      expect(openMultiparts()).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('expires an abandoned upload: staged objects deleted, multipart upload aborted', async () => {
    const data = fakeMp4(12 * MiB);
    const info = (await initVideo(t.url, cookie, '放弃.mp4', data.length)).json.data;
    for (let at = 0; at < 7 * MiB; at += MiB)
      await sendChunk(t.url, cookie, info, at, data.subarray(at, at + MiB), data.length);
    expect((await stagedKeys(info.ccvid)).length).toBeGreaterThan(0);
    expect(openMultiparts().length).toBe(1);
    await t.prisma.chunkedUpload.update({ where: { id: info.ccvid }, data: { expiresAt: new Date(Date.now() - 1) } });
    const result = await t.app.chunkedUploads.sweep();
    expect(result.expired).toBe(1);
    expect(await stagedKeys(info.ccvid)).toEqual([]);
    expect(openMultiparts()).toEqual([]);
    expect(await t.prisma.chunkedUpload.findUnique({ where: { id: info.ccvid } })).toBeNull();
  });

  it('sweeps staged objects no upload row points at', async () => {
    await storage().put('u/orphanorphanorphanorphanor/0-abc', Buffer.from('left behind'));
    const result = await t.app.chunkedUploads.sweep(new Date(Date.now() + 48 * 3_600_000));
    expect(result.orphans).toBeGreaterThanOrEqual(1);
    expect(await stagedKeys('orphanorphanorphanorphanor')).toEqual([]);
  });
});

describe('documents and downloads on S3', () => {
  it('streams a document into the bucket and serves ranges from it', async () => {
    const bytes = docx('立体几何初步');
    const { status, json } = await postDocument(t.url, cookie, '几何.docx', bytes);
    expect(status).toBe(200);
    const info = await fetch(`${t.url}/api/file/info/${json.data.id}`, { headers: { cookie } }).then((r) => r.json());
    const res = await fetch(`${t.url}${info.data.url}`, { headers: { range: 'bytes=10-19' } });
    expect(res.status).toBe(206);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes.subarray(10, 20))).toBe(true);
  });

  it('reports storage in /readyz', async () => {
    const res = await fetch(`${t.url}/readyz`);
    expect((await res.json()).checks.storage).toBe('ok');
  });
});

describe.runIf(onPath('ffmpeg') && onPath('ffprobe'))('media on S3', () => {
  it('transcodes a video read from the bucket (presigned URL) and serves its playlist from the bucket', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'zyk-s3media-'));
    const source = path.join(dir, 'lesson.avi');
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x240:rate=25:duration=3',
      '-f',
      'lavfi',
      '-i',
      'sine=duration=3',
      '-shortest',
      source,
    ]);
    const bytes = readFileSync(source);
    const info = (await initVideo(t.url, cookie, '课堂实录.avi', bytes.length)).json.data;
    const fileId = (await uploadVideo(t.url, cookie, info, '课堂实录.avi', bytes)).data!.fileId!;
    await t.app.previews.drain();
    const answer = await fetch(`${t.url}/api/open/onlinePreview?fileId=${fileId}`, { headers: { cookie } }).then((r) =>
      r.json(),
    );
    expect(answer.data.media.state).toBe('ready');
    const master = await fetch(`${t.url}${answer.data.media.hlsUrl}`);
    expect(master.status).toBe(200);
    expect(await master.text()).toContain('#EXT-X-STREAM-INF');
    const row = await t.prisma.fileDerivative.findUniqueOrThrow({
      where: { fileId_variant: { fileId, variant: 'hls' } },
    });
    const objects: string[] = [];
    for await (const item of storage().client.listObjectsV2(s3.bucket, `${row.storageKey}/`, true) as AsyncIterable<{
      name?: string;
    }>) {
      if (item.name) objects.push(item.name.slice(row.storageKey!.length + 1));
    }
    const files = Object.keys((row.meta as { files: Record<string, number> }).files);
    expect(files.length).toBeGreaterThan(3);
    expect(objects.sort()).toEqual(files.sort());
  }, 60_000);
});
