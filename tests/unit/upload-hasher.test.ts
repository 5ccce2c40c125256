import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RunningHashes } from '../../apps/api/src/modules/uploads/hasher.ts';

/**
 * The running SHA-256 of uploads on the local disk: the worker reads the acknowledged bytes from the data file
 * itself. These check that its digest is the file's, whether it followed every chunk, joined half way (a restart, or
 * chunks that went to another instance), or only sees the finished object.
 */

const dir = mkdtempSync(path.join(os.tmpdir(), 'zyk-hasher-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const MiB = 1024 * 1024;

/** Writes `bytes` into a new file chunk by chunk, calling `acknowledged(file, end)` after each. */
const writeInChunks = async (bytes: Buffer, chunk: number, acknowledged: (file: string, end: number) => void) => {
  const file = path.join(dir, `data-${randomBytes(4).toString('hex')}`);
  const handle = await open(file, 'w');
  try {
    for (let at = 0; at < bytes.length; at += chunk) {
      const piece = bytes.subarray(at, at + chunk);
      await handle.write(piece, 0, piece.length, at);
      await handle.datasync();
      acknowledged(file, at + piece.length);
    }
  } finally {
    await handle.close();
  }
  return file;
};

describe('running upload hashes read from the data file', () => {
  it('digests a file followed chunk by chunk, read on after the data file became its object', async () => {
    const bytes = randomBytes(5 * MiB + 12_345);
    const hashes = new RunningHashes();
    const file = await writeInChunks(bytes, 2 * MiB, (f, end) => hashes.follow('a', f, end));
    const object = `${file}.object`;
    renameSync(file, object);
    expect(await hashes.fileDigest('a', object, bytes.length)).toBe(sha256(bytes));
  });

  it('digests from byte 0 when this instance joined half way or never followed the upload', async () => {
    const bytes = randomBytes(3 * MiB + 7);
    const first = new RunningHashes();
    const second = new RunningHashes();
    const file = await writeInChunks(bytes, MiB, (f, end) => (end <= MiB ? first : second).follow('b', f, end));
    expect(await second.fileDigest('b', file, bytes.length)).toBe(sha256(bytes));
    expect(await new RunningHashes().fileDigest('b', file, bytes.length)).toBe(sha256(bytes));
    first.drop('b');
  });

  it('answers null, not a wrong digest, for a file that is shorter than the upload or gone', async () => {
    const bytes = randomBytes(MiB);
    const file = path.join(dir, 'short');
    writeFileSync(file, bytes);
    const hashes = new RunningHashes();
    expect(await hashes.fileDigest('c', file, bytes.length + 1)).toBeNull();
    hashes.follow('d', path.join(dir, 'missing'), 10);
    expect(await hashes.fileDigest('d', path.join(dir, 'missing'), 10)).toBeNull();
  });
});
