import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../apps/api/src/config.ts';
import { createStorage } from '../../apps/api/src/modules/storage/plugin.ts';
import type { S3Storage } from '../../apps/api/src/modules/storage/s3.ts';
import type { ObjectStorage } from '../../apps/api/src/modules/storage/types.ts';
import { sha256 } from '../support/files.ts';
import { type S3rverProcess, startS3rver } from '../support/s3rver.ts';

/** The storage interface, the same checks for both drivers: local disk and S3 (a real s3rver process). */

const collect = async (stream: Readable) => {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
};

/** A stream that hands out `data` in uneven pieces, like a network would. */
const trickle = (data: Buffer) =>
  Readable.from(
    (function* () {
      for (let i = 0; i < data.length; ) {
        const n = 1 + ((i * 7919) % 200_000);
        yield data.subarray(i, i + n);
        i += n;
      }
    })(),
  );

let s3: S3rverProcess;
const drivers: Record<string, ObjectStorage> = {};

beforeAll(async () => {
  s3 = await startS3rver();
  drivers.local = await createStorage(
    loadConfig({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'zyk-store-')), STORAGE_DRIVER: 'local' }),
  );
  const remote = await createStorage(loadConfig({ DATA_DIR: os.tmpdir(), ...s3.env }));
  await (remote as S3Storage).init();
  drivers.s3 = remote;
}, 60_000);
afterAll(async () => {
  await s3?.stop();
});

describe.each(['local', 's3'])('%s driver', (name) => {
  const storage = () => drivers[name]!;

  it('puts a stream of unknown length and reads it back whole and by range', async () => {
    const data = randomBytes(11 * 1024 * 1024 + 17); // over one S3 buffered part
    const { size } = await storage().put('f/te/stream-unknown', trickle(data));
    expect(size).toBe(data.length);
    expect(await storage().stat('f/te/stream-unknown')).toEqual({ size: data.length });
    expect(sha256(await collect(await storage().get('f/te/stream-unknown')))).toBe(sha256(data));
    const part = await collect(await storage().get('f/te/stream-unknown', { start: 5_000_000, end: 5_000_099 }));
    expect(part.equals(data.subarray(5_000_000, 5_000_100))).toBe(true);
    const last = await collect(
      await storage().get('f/te/stream-unknown', { start: data.length - 1, end: data.length - 1 }),
    );
    expect(last.equals(data.subarray(data.length - 1))).toBe(true);
  });

  it('puts a stream of known length and a buffer', async () => {
    const data = randomBytes(300_000);
    expect((await storage().put('f/te/known', trickle(data), { size: data.length })).size).toBe(data.length);
    expect((await collect(await storage().get('f/te/known'))).equals(data)).toBe(true);
    await storage().put('f/te/buffer', Buffer.from('你好'));
    expect((await collect(await storage().get('f/te/buffer'))).toString()).toBe('你好');
    await storage().put('f/te/empty', Buffer.alloc(0));
    expect(await storage().stat('f/te/empty')).toEqual({ size: 0 });
  });

  it('leaves no object when the source stream fails half way', async () => {
    const failing = Readable.from(
      (async function* () {
        yield randomBytes(9 * 1024 * 1024);
        throw new Error('client went away');
      })(),
    );
    await expect(storage().put('f/te/failed', failing)).rejects.toThrow('client went away');
    expect(await storage().stat('f/te/failed')).toBeNull();
  });

  it('deletes idempotently, one or many; a missing object is null on stat and an error on get', async () => {
    await storage().put('f/te/a', Buffer.from('a'));
    await storage().put('f/te/b', Buffer.from('b'));
    await storage().delete('f/te/a');
    await storage().delete('f/te/a');
    await storage().deleteMany(['f/te/b', 'f/te/never']);
    expect(await storage().stat('f/te/a')).toBeNull();
    expect(await storage().stat('f/te/b')).toBeNull();
    await expect(storage().get('f/te/a')).rejects.toMatchObject({ name: 'StorageNotFoundError' });
  });

  it('refuses keys that are not generated ids (path traversal, absolute paths, odd characters)', async () => {
    for (const key of ['../escape', '/etc/passwd', 'f/../../x', 'f/te/a b', '', 'f//x', 'f/te/教案.pdf']) {
      await expect(storage().put(key, Buffer.from('x')), key).rejects.toThrow('invalid storage key');
    }
  });

  it('reports ready', async () => {
    expect(await storage().check()).toBe(true);
  });
});

describe('s3 driver specifics', () => {
  it('answers a presigned GET that carries the content disposition', async () => {
    const storage = drivers.s3!;
    await storage.put('f/te/presigned', Buffer.from('presigned body'));
    const url = await storage.presignedGet('f/te/presigned', {
      ttlSeconds: 60,
      contentType: 'application/pdf',
      contentDisposition: "attachment; filename*=UTF-8''%E6%95%99%E6%A1%88.pdf",
    });
    const res = await fetch(url!);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('presigned body');
    expect(res.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''%E6%95%99%E6%A1%88.pdf");
    expect(await drivers.local!.presignedGet('f/te/x', { ttlSeconds: 60 })).toBeNull();
  });

  it('multipart: parts at least 5 MiB except the last, completed in number order with gaps allowed', async () => {
    const storage = drivers.s3 as S3Storage;
    const a = randomBytes(5 * 1024 * 1024);
    const b = randomBytes(1234);
    const id = await storage.createMultipart('f/te/multi');
    const etagA = await storage.uploadPart('f/te/multi', id, 1, Readable.from([a]), a.length);
    const etagB = await storage.uploadPart('f/te/multi', id, 3, b, b.length);
    await storage.completeMultipart('f/te/multi', id, [
      { part: 1, etag: etagA },
      { part: 3, etag: etagB },
    ]);
    expect(sha256(await collect(await storage.get('f/te/multi')))).toBe(sha256(Buffer.concat([a, b])));
  });

  it('readiness fails when the S3 server is unreachable', async () => {
    const broken = await createStorage(
      loadConfig({ DATA_DIR: os.tmpdir(), ...s3.env, S3_ENDPOINT: 'http://127.0.0.1:9', S3_BUCKET: 'nobucket' }),
    );
    await expect(broken.check()).rejects.toThrow();
  });
});
