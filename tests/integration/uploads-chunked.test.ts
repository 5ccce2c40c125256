import { existsSync, lstatSync, mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MESSAGES, UPLOAD } from '@zyk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../apps/api/src/config.ts';
import { ChunkedUploads } from '../../apps/api/src/modules/uploads/chunked.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { loginAs } from '../support/auth.ts';
import { fakeMp4, sha256 } from '../support/files.ts';
import { databaseFingerprint } from '../support/fingerprint.ts';
import { startInstance } from '../support/instances.ts';
import {
  chunkInTwoHalves,
  cookieOf,
  initVideo,
  queryPosition,
  sendChunk,
  uploadVideo,
  type VideoInfo,
} from '../support/uploads.ts';

/** The spec's chunked video upload on the local-disk driver: resumable, durable, shared by instances. */

const MiB = 1024 * 1024;
let t: TestApp;
let dataDir: string;
let env: Record<string, string>;
let lijg: string;
let wangcy: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'zyk-chunks-'));
  env = { DATA_DIR: dataDir, RATE_LIMITS: 'false', JOB_WORKER: 'false' };
  t = await startTestApp({ env });
  lijg = cookieOf((await loginAs(t, 'lijg')).jar);
  wangcy = cookieOf((await loginAs(t, 'wangcy')).jar);
});
afterAll(async () => {
  t?.app.server.closeAllConnections();
  await t?.close();
});

const start = async (name: string, data: Buffer, cookie = lijg) => {
  // Earlier tests' unfinished uploads count as idle (over an hour old) so the per-user cap does not bite here.
  await t.prisma.chunkedUpload.updateMany({ where: { status: 'uploading' }, data: { updatedAt: new Date(0) } });
  const res = await initVideo(t.url, cookie, name, data.length);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data;
};

/** The stored bytes of a finished upload, fetched through a signed URL. */
const downloaded = async (fileId: string, cookie = lijg) => {
  const info = await fetch(`${t.url}/api/file/info/${fileId}`, { headers: { cookie } }).then((r) => r.json());
  const res = await fetch(`${t.url}${info.data.downloadUrl}`);
  return Buffer.from(await res.arrayBuffer());
};

const uploadDir = (ccvid: string) => path.join(dataDir, 'objects', '.uploads', ccvid);
/**
 * What a chunk left in its upload's folder besides the data file and the claims of committed chunks (kept with their
 * time set to 1970): a claim still held or not given back, or any other file. Empty once no chunk is in flight.
 */
const leftBehind = (ccvid: string) =>
  existsSync(uploadDir(ccvid))
    ? readdirSync(uploadDir(ccvid)).filter(
        (f) => f !== 'data' && !(f.startsWith('w-') && lstatSync(path.join(uploadDir(ccvid), f)).mtimeMs === 0),
      )
    : [];

describe('init', () => {
  it('answers the spec video upload info for video and audio', async () => {
    const video = await start('第一课.mp4', Buffer.alloc(10));
    expect(video).toMatchObject({ metauri: '/api/upload/video/meta', servicetype: 'video', errMsg: null });
    expect(video.uri).toBe(`/api/upload/video/chunk?ccvid=${video.ccvid}&uid=${encodeURIComponent(video.uid)}`);
    expect(video.ccvid).toMatch(/^[a-z2-7]{26}$/);
    const audio = await start('朗读.mp3', Buffer.alloc(10));
    expect(audio.servicetype).toBe('audio');
  });

  it.each([
    ['课件.pptx', 100, 415, MESSAGES.upload.mediaTypeNotAllowed],
    ['安装包.exe', 100, 415, MESSAGES.upload.mediaTypeNotAllowed],
    ['长视频.mp4', 1024 * MiB + 1, 413, MESSAGES.upload.videoTooLarge],
    ['空.mp4', 0, 400, MESSAGES.upload.emptyFile],
  ])('rejects %s of %d bytes (%d), changing nothing', async (name, size, status, msg) => {
    const before = await databaseFingerprint(t.databaseUrl);
    const res = await initVideo(t.url, lijg, name, size);
    expect(res.status).toBe(status);
    expect(res.json.msg).toBe(msg);
    expect(await databaseFingerprint(t.databaseUrl)).toBe(before);
  });

  it('accepts a file of exactly 1 GiB', async () => {
    const res = await initVideo(t.url, lijg, '整节课.mp4', 1024 * MiB);
    expect(res.status).toBe(200);
    await t.prisma.chunkedUpload.delete({ where: { id: res.json.data.ccvid } });
  });
});

describe('a whole upload', () => {
  it('stores a file byte for byte in 1 MiB chunks, records size and sha256, answers 1 at the end', async () => {
    const data = fakeMp4(3 * MiB + 12_345);
    const info = await start('分数的初步认识.mp4', data);
    const first = await sendChunk(t.url, lijg, info, 0, data.subarray(0, MiB), data.length);
    expect(first.json).toMatchObject({ code: 0, result: 0, received: MiB, data: { result: 0, received: MiB } });
    const done = await uploadVideo(t.url, lijg, info, '分数的初步认识.mp4', data);
    expect(done.data).toMatchObject({ result: 1, received: data.length });
    const file = await t.prisma.storedFile.findUniqueOrThrow({ where: { id: done.data!.fileId! } });
    expect(file).toMatchObject({ sha256: sha256(data), kind: 'video', mimeType: 'video/mp4', extension: 'mp4' });
    expect(Number(file.size)).toBe(data.length);
    expect(sha256(await downloaded(file.id))).toBe(sha256(data));
    expect(existsSync(uploadDir(info.ccvid))).toBe(false); // staging cleaned up
    // Asking again after completion answers 1 (idempotent), and re-sending a chunk does too.
    expect((await queryPosition(t.url, lijg, info, 'x.mp4', data.length)).json.data).toMatchObject({ result: 1 });
    const again = await sendChunk(t.url, lijg, info, 0, data.subarray(0, MiB), data.length);
    expect(again.json.data).toMatchObject({ result: 1, received: data.length, fileId: file.id });
  });

  it('uses 4 MiB chunks and a file that is a single short chunk', async () => {
    const data = fakeMp4(9 * MiB + 7);
    const info = await start('四兆分片.mp4', data);
    const done = await uploadVideo(t.url, lijg, info, '四兆分片.mp4', data, 4 * MiB);
    expect(sha256(await downloaded(done.data!.fileId!))).toBe(sha256(data));
    const tiny = fakeMp4(5000);
    const tinyInfo = await start('短.mp4', tiny);
    const one = await sendChunk(t.url, lijg, tinyInfo, 0, tiny, tiny.length);
    expect(one.json.data).toMatchObject({ result: 1, received: 5000 });
  });
});

describe('out of order, overlapping, duplicate and bad chunks', () => {
  it('answers a gap with 0 and the true position, a duplicate with 0, stores only the new part of an overlap', async () => {
    const data = fakeMp4(4 * MiB);
    const info = await start('乱序.mp4', data);
    const size = data.length;
    await sendChunk(t.url, lijg, info, 0, data.subarray(0, MiB), size);
    const gap = await sendChunk(t.url, lijg, info, 2 * MiB, data.subarray(2 * MiB, 3 * MiB), size);
    expect(gap.status).toBe(200);
    expect(gap.json.data).toMatchObject({ result: 0, received: MiB });
    const duplicate = await sendChunk(t.url, lijg, info, 0, data.subarray(0, MiB), size);
    expect(duplicate.json.data).toMatchObject({ result: 0, received: MiB });
    // [0.5 MiB, 2.5 MiB) overlaps what is stored: only [1 MiB, 2.5 MiB) is new
    const overlap = await sendChunk(t.url, lijg, info, MiB / 2, data.subarray(MiB / 2, 2.5 * MiB), size);
    expect(overlap.json.data).toMatchObject({ result: 0, received: 2.5 * MiB });
    const done = await uploadVideo(t.url, lijg, info, '乱序.mp4', data);
    expect(done.data!.result).toBe(1);
    expect(sha256(await downloaded(done.data!.fileId!))).toBe(sha256(data));
  });

  it.each([
    ['a chunk larger than 4 MiB', 0, 5 * MiB, (n: number, s: number) => `bytes ${s}-${s + n - 1}/${6 * MiB}`, 413],
    [
      'a chunk under 1 MiB that is not the last',
      0,
      MiB / 2,
      (n: number, s: number) => `bytes ${s}-${s + n - 1}/${6 * MiB}`,
      400,
    ],
    ['a malformed Content-Range', 0, MiB, () => 'items 0-1', 400],
    ['no Content-Range', 0, MiB, () => '', 400],
    ['a total that is not the file size', 0, MiB, (n: number) => `bytes 0-${n - 1}/${7 * MiB}`, 400],
    ['more bytes than the range says', 0, MiB + 10, () => `bytes 0-${MiB - 1}/${6 * MiB}`, 400],
    ['fewer bytes than the range says', 0, MiB - 10, () => `bytes 0-${MiB - 1}/${6 * MiB}`, 400],
    ['a range past the end', 0, MiB, () => `bytes ${6 * MiB}-${7 * MiB - 1}/${6 * MiB}`, 400],
  ])('rejects %s with -3 and the upload data message, storing nothing', async (_label, from, length, range, status) => {
    const data = fakeMp4(6 * MiB);
    const info = await start('坏分片.mp4', data);
    const before = await databaseFingerprint(t.databaseUrl);
    const res = await sendChunk(
      t.url,
      lijg,
      info,
      from,
      data.subarray(from, from + length),
      data.length,
      range(length, from),
    );
    expect(res.status).toBe(status);
    expect(res.json).toMatchObject({
      success: false,
      msg: MESSAGES.upload.dataError,
      data: { result: -3, received: 0 },
    });
    expect(await databaseFingerprint(t.databaseUrl)).toBe(before);
    expect(leftBehind(info.ccvid)).toEqual([]);
  });

  it('rejects a chunk without a file part', async () => {
    const data = fakeMp4(2 * MiB);
    const info = await start('无文件.mp4', data);
    const res = await fetch(`${t.url}${info.uri}`, {
      method: 'POST',
      headers: { cookie: lijg, 'content-range': `bytes 0-${MiB - 1}/${data.length}` },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).data.result).toBe(-3);
  });
});

describe('resuming', () => {
  it('resumes after the connection is cut in the middle of a chunk, ending byte-identical', async () => {
    const data = fakeMp4(3 * MiB + 100);
    const info = await start('断网.mp4', data);
    await sendChunk(t.url, lijg, info, 0, data.subarray(0, MiB), data.length);

    // Half of the second chunk's body, then the socket dies.
    const cut = chunkInTwoHalves(t.url, lijg, info, MiB, data.subarray(MiB, 2 * MiB), data.length);
    await cut.halfSent;
    await new Promise((r) => setTimeout(r, 200));
    cut.cut();
    await new Promise((r) => setTimeout(r, 300));

    const position = await queryPosition(t.url, lijg, info, '断网.mp4', data.length);
    expect(position.json.data).toMatchObject({ result: 0, received: MiB });
    expect(leftBehind(info.ccvid)).toEqual([]);
    const done = await uploadVideo(t.url, lijg, info, '断网.mp4', data);
    expect(sha256(await downloaded(done.data!.fileId!))).toBe(sha256(data));
  });

  it('resumes after an api restart, ending byte-identical (sha256 from the stored object)', async () => {
    const data = fakeMp4(3 * MiB + 5);
    const first = await startInstance(t.databaseUrl, env);
    const res = await initVideo(first.url, lijg, '重启.mp4', data.length);
    const info = res.json.data;
    await sendChunk(first.url, lijg, info, 0, data.subarray(0, MiB), data.length);
    await sendChunk(first.url, lijg, info, MiB, data.subarray(MiB, 2 * MiB), data.length);
    await first.close();

    const second = await startInstance(t.databaseUrl, env);
    try {
      const position = await queryPosition(second.url, lijg, info, '重启.mp4', data.length);
      expect(position.json.data).toMatchObject({ result: 0, received: 2 * MiB });
      const done = await uploadVideo(second.url, lijg, info, '重启.mp4', data);
      const file = await t.prisma.storedFile.findUniqueOrThrow({ where: { id: done.data!.fileId! } });
      expect(file.sha256).toBe(sha256(data));
      expect(sha256(await downloaded(file.id))).toBe(sha256(data));
    } finally {
      await second.close();
    }
  });

  it('lets two api instances share one upload, chunk by chunk, and race on the same chunk harmlessly', async () => {
    const data = fakeMp4(5 * MiB + 3);
    const other = await startInstance(t.databaseUrl, env);
    try {
      const info = await start('双实例.mp4', data);
      // Both instances take the same first chunk at once: one stores it, the other answers the true position.
      const [a, b] = await Promise.all([
        sendChunk(t.url, lijg, info, 0, data.subarray(0, MiB), data.length),
        sendChunk(other.url, lijg, info, 0, data.subarray(0, MiB), data.length),
      ]);
      expect([a.json.data!.result, b.json.data!.result]).toEqual([0, 0]);
      expect(Math.max(a.json.data!.received, b.json.data!.received)).toBe(MiB);
      const done = await uploadVideo([other.url, t.url], lijg, info, '双实例.mp4', data);
      const file = await t.prisma.storedFile.findUniqueOrThrow({ where: { id: done.data!.fileId! } });
      expect(file.sha256).toBe(sha256(data));
      expect(sha256(await downloaded(file.id))).toBe(sha256(data));
    } finally {
      await other.close();
    }
  });
});

describe('concurrent identical chunks', () => {
  it('counts and stores a chunk sent many times at once (two instances) exactly once', async () => {
    const data = fakeMp4(6 * MiB + 77);
    const other = await startInstance(t.databaseUrl, env);
    try {
      const info = await start('并发重发.mp4', data);
      const sendAll = (from: number, length: number) =>
        Promise.all(
          [t.url, t.url, t.url, other.url, other.url, t.url].map((url) =>
            sendChunk(url, lijg, info, from, data.subarray(from, from + length), data.length),
          ),
        );
      // Six copies of the first 4 MiB chunk at once: one is stored, the others answer the position after it.
      for (const answer of await sendAll(0, 4 * MiB)) {
        expect(answer.status).toBe(200);
        expect(answer.json.data).toMatchObject({ result: 0, received: 4 * MiB });
      }
      let row = await t.prisma.chunkedUpload.findUniqueOrThrow({ where: { id: info.ccvid } });
      expect(Number(row.received)).toBe(4 * MiB);
      // Six copies of an overlapping chunk [3 MiB, 5 MiB): only [4 MiB, 5 MiB) is new, and counted once.
      for (const answer of await sendAll(3 * MiB, 2 * MiB)) {
        expect(answer.json.data).toMatchObject({ result: 0, received: 5 * MiB });
      }
      row = await t.prisma.chunkedUpload.findUniqueOrThrow({ where: { id: info.ccvid } });
      expect(Number(row.received)).toBe(5 * MiB);
      await new Promise((r) => setTimeout(r, 100)); // committed claims are marked kept just after the answer
      expect(leftBehind(info.ccvid)).toEqual([]);
      // The last chunk six times at once: answers 1 with the one file, or (while another request is completing the
      // upload) 0 with every byte received; the position then answers 1 with that file.
      const last = await sendAll(5 * MiB, data.length - 5 * MiB);
      const fileIds = new Set(last.filter((a) => a.json.data!.result === 1).map((a) => a.json.data!.fileId));
      for (const answer of last) expect(answer.json.data!.received).toBe(data.length);
      expect(fileIds.size).toBe(1);
      const position = await queryPosition(t.url, lijg, info, '并发重发.mp4', data.length);
      expect(position.json.data).toMatchObject({ result: 1, fileId: [...fileIds][0] });
      const file = await t.prisma.storedFile.findUniqueOrThrow({ where: { id: [...fileIds][0]! } });
      expect(Number(file.size)).toBe(data.length);
      expect(file.sha256).toBe(sha256(data));
      expect(sha256(await downloaded(file.id))).toBe(sha256(data));
      expect(await t.prisma.storedFile.count({ where: { originalName: '并发重发.mp4' } })).toBe(1);
    } finally {
      await other.close();
    }
  });
});

describe('racing chunks with different bytes', () => {
  it('stores one of them whole: the recorded sha256 is that of the stored file', async () => {
    const data = fakeMp4(2 * MiB + 10);
    const rival = Buffer.from(data);
    rival.fill(0x55, 4096, MiB); // the same file head, other bytes in the rest of the first chunk
    const other = await startInstance(t.databaseUrl, env);
    try {
      const info = await start('两个版本.mp4', data);
      // One instance gets half of the first chunk, then the other gets the rival first chunk whole, then the rest
      // of the first one arrives: its late bytes must not land on whatever was acknowledged meanwhile.
      const slow = chunkInTwoHalves(t.url, lijg, info, 0, data.subarray(0, MiB), data.length);
      await slow.halfSent;
      await new Promise((r) => setTimeout(r, 300));
      const fast = sendChunk(other.url, lijg, info, 0, rival.subarray(0, MiB), data.length);
      await new Promise((r) => setTimeout(r, 300));
      slow.sendRest();
      const answers = await Promise.all([slow.response, fast]);
      for (const answer of answers) expect(answer.json.data).toMatchObject({ result: 0, received: MiB });
      // The rest through the instance that got the rival chunk: had it won, its running hash would cover it.
      const done = await uploadVideo(other.url, lijg, info, '两个版本.mp4', data);
      const file = await t.prisma.storedFile.findUniqueOrThrow({ where: { id: done.data!.fileId! } });
      const stored = await downloaded(file.id);
      expect(sha256(stored)).toBe(file.sha256);
      expect([sha256(data), sha256(rival)]).toContain(file.sha256);
    } finally {
      await other.close();
    }
  });
});

describe('ownership', () => {
  let info: VideoInfo;
  const data = fakeMp4(2 * MiB);
  beforeAll(async () => {
    info = await start('李老师的课.mp4', data);
    await sendChunk(t.url, lijg, info, 0, data.subarray(0, MiB), data.length);
  });

  it('another user can neither append to nor query someone else’s upload', async () => {
    const before = await databaseFingerprint(t.databaseUrl);
    const chunk = await sendChunk(t.url, wangcy, info, MiB, data.subarray(MiB), data.length);
    expect(chunk.status).toBe(404);
    expect(chunk.json).toMatchObject({ msg: MESSAGES.upload.uploadNotFound, data: { result: -1 } });
    const forged = await sendChunk(
      t.url,
      wangcy,
      { ...info, uri: info.uri.replace(/uid=[^&]+/, 'uid=x') },
      MiB,
      data.subarray(MiB),
      data.length,
    );
    expect(forged.json.data?.result).toBe(-1);
    const position = await queryPosition(t.url, wangcy, info, 'x.mp4', data.length);
    expect(position.status).toBe(404);
    expect(position.json.data?.result).toBe(-1);
    expect(await databaseFingerprint(t.databaseUrl)).toBe(before);
  });

  it('another user cannot read the finished file; its owner and an administrator can', async () => {
    const done = await uploadVideo(t.url, lijg, info, '李老师的课.mp4', data);
    const fileId = done.data!.fileId!;
    const other = await fetch(`${t.url}/api/file/info/${fileId}`, { headers: { cookie: wangcy } });
    expect(other.status).toBe(403);
    const preview = await fetch(`${t.url}/api/open/onlinePreview?fileId=${fileId}`, { headers: { cookie: wangcy } });
    expect(preview.status).toBe(403);
    const anonymous = await fetch(`${t.url}/api/open/onlinePreview?fileId=${fileId}`);
    expect(anonymous.status).toBe(401);
    const admin = cookieOf((await loginAs(t, 'admin', 'Admin@2026')).jar);
    expect((await fetch(`${t.url}/api/file/info/${fileId}`, { headers: { cookie: admin } })).status).toBe(200);
  });
});

describe('content check at completion', () => {
  it('refuses bytes that are not audio or video, keeping nothing', async () => {
    const data = Buffer.alloc(MiB + 10, 0x41);
    const info = await start('其实是文本.mp4', data);
    const files = await t.prisma.storedFile.count();
    const done = await sendChunk(t.url, lijg, info, 0, data.subarray(0, MiB), data.length);
    expect(done.json.data!.result).toBe(0);
    const last = await sendChunk(t.url, lijg, info, MiB, data.subarray(MiB), data.length);
    expect(last.status).toBe(415);
    expect(last.json).toMatchObject({ msg: MESSAGES.upload.contentMismatch, data: { result: -1 } });
    expect(await t.prisma.storedFile.count()).toBe(files);
    expect(existsSync(uploadDir(info.ccvid))).toBe(false);
    const row = await t.prisma.chunkedUpload.findUniqueOrThrow({ where: { id: info.ccvid } });
    expect(existsSync(path.join(dataDir, 'objects', (row.assembly as { key: string }).key))).toBe(false);
    const position = await queryPosition(t.url, lijg, info, 'x.mp4', data.length);
    expect(position.json).toMatchObject({ msg: MESSAGES.upload.uploadFailed, data: { result: -1 } });
  });
});

describe('limits and expiry', () => {
  it(`allows at most ${UPLOAD.maxFilesPerSelection} unfinished uploads at once per user`, async () => {
    const cookie = cookieOf((await loginAs(t, 'liujy')).jar);
    for (let i = 0; i < UPLOAD.maxFilesPerSelection; i++) {
      expect((await initVideo(t.url, cookie, `第${i}课.mp4`, 100)).status).toBe(200);
    }
    const over = await initVideo(t.url, cookie, '第十一课.mp4', 100);
    expect(over.status).toBe(429);
    expect(over.json.msg).toBe(MESSAGES.upload.tooManyActiveUploads);
    expect(over.json.msg).toBe('进行中的上传过多，请稍后再试');
  });

  it('expires an abandoned upload: the sweep removes its bytes and row; it then answers -1', async () => {
    const data = fakeMp4(3 * MiB);
    const info = await start('放弃.mp4', data);
    await sendChunk(t.url, lijg, info, 0, data.subarray(0, MiB), data.length);
    expect(existsSync(uploadDir(info.ccvid))).toBe(true);
    await t.prisma.chunkedUpload.update({
      where: { id: info.ccvid },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await sendChunk(t.url, lijg, info, MiB, data.subarray(MiB, 2 * MiB), data.length)).json.data!.result).toBe(
      -1,
    );
    const result = await t.app.chunkedUploads.sweep();
    expect(result.expired).toBeGreaterThanOrEqual(1);
    expect(existsSync(uploadDir(info.ccvid))).toBe(false);
    expect(await t.prisma.chunkedUpload.findUnique({ where: { id: info.ccvid } })).toBeNull();
    const position = await queryPosition(t.url, lijg, info, '放弃.mp4', data.length);
    expect(position.json).toMatchObject({ msg: MESSAGES.upload.uploadNotFound, data: { result: -1 } });
  });

  it('sweeps the same with statements through Prisma, as the admin command does (no pg pool of its own)', async () => {
    const data = fakeMp4(3 * MiB);
    const info = await start('命令清理.mp4', data);
    await sendChunk(t.url, lijg, info, 0, data.subarray(0, MiB), data.length);
    await t.prisma.chunkedUpload.update({
      where: { id: info.ccvid },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
    const cli = new ChunkedUploads(t.prisma, t.app.storage, config, t.app.log);
    expect((await cli.sweep()).expired).toBeGreaterThanOrEqual(1);
    expect(existsSync(uploadDir(info.ccvid))).toBe(false);
    expect(await t.prisma.chunkedUpload.findUnique({ where: { id: info.ccvid } })).toBeNull();
  });
});
