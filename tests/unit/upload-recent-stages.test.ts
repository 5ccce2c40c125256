import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { RecentStages } from '../../apps/api/src/modules/uploads/recent-stages.ts';

/**
 * The S3 assembly's memory copy of staging objects: what it answers must be exactly the bytes stored under a key, or
 * nothing (the object is then read back from S3).
 */

/** Streams `bytes` through a collector as a parser would hand them on (in pieces), then keeps it under `key`. */
const stage = async (recent: RecentStages, key: string, bytes: Buffer, declared = bytes.length) => {
  const pieces = [bytes.subarray(0, 3), bytes.subarray(3, 100), bytes.subarray(100)];
  const copy = recent.collect(Readable.from(pieces), declared);
  const received: Buffer[] = [];
  await pipeline(copy.stream, async (source: AsyncIterable<Buffer>) => {
    for await (const piece of source) received.push(piece);
  });
  copy.keep(key, Buffer.concat(received).length);
  return Buffer.concat(received);
};

const joined = (buffers: Buffer[] | null) => (buffers ? Buffer.concat(buffers) : null);

describe('RecentStages', () => {
  it('passes the bytes on unchanged and answers a copy that does not follow later writes to the source buffers', async () => {
    const recent = new RecentStages(1024, 512);
    const bytes = randomBytes(300);
    const original = Buffer.from(bytes);
    expect(await stage(recent, 'u/a/0-x', bytes)).toEqual(original);
    bytes.fill(0); // a parser reusing its buffer
    expect(joined(recent.get('u/a/0-x', 300))).toEqual(original);
  });

  it('answers nothing for an unknown key or a size other than the stored one', async () => {
    const recent = new RecentStages(1024, 512);
    await stage(recent, 'u/a/0-x', randomBytes(300));
    expect(recent.get('u/a/0-y', 300)).toBeNull();
    expect(recent.get('u/a/0-x', 299)).toBeNull();
  });

  it('keeps nothing when the stream carried other than the declared length', async () => {
    const recent = new RecentStages(1024, 512);
    await stage(recent, 'u/short', randomBytes(200), 300);
    await stage(recent, 'u/long', randomBytes(400), 300);
    expect(recent.get('u/short', 200)).toBeNull();
    expect(recent.get('u/long', 400)).toBeNull();
    expect(recent.heldBytes).toBe(0);
  });

  it('stays within its byte budget, the oldest entries going first', async () => {
    const recent = new RecentStages(1000, 512);
    await stage(recent, 'a', randomBytes(400));
    await stage(recent, 'b', randomBytes(400));
    const c = await stage(recent, 'c', randomBytes(400));
    expect(recent.heldBytes).toBe(800);
    expect(recent.get('a', 400)).toBeNull();
    expect(joined(recent.get('c', 400))).toEqual(c);
    await stage(recent, 'big', randomBytes(2000)); // larger than the budget: not kept, nothing evicted for it
    expect(recent.get('big', 2000)).toBeNull();
    expect(recent.heldBytes).toBe(800);
    recent.forget('b');
    recent.forget('c');
    expect(recent.heldBytes).toBe(0);
  });

  it('reuses the buffer of a released copy, never that of a forgotten one (a part upload may still read it)', async () => {
    const recent = new RecentStages(1024, 512);
    await stage(recent, 'a', randomBytes(300));
    const a = recent.get('a', 300)![0]!;
    recent.release('a');
    await stage(recent, 'b', randomBytes(400));
    const b = recent.get('b', 400)![0]!;
    expect(b.buffer).toBe(a.buffer);
    const bBytes = Buffer.from(b);
    recent.forget('b');
    await stage(recent, 'c', randomBytes(200));
    expect(recent.get('c', 200)![0]!.buffer).not.toBe(b.buffer);
    expect(b).toEqual(bBytes);
  });

  it('passes an error of the source on to the stream the storage reads', async () => {
    const recent = new RecentStages(1024, 512);
    const source = new Readable({ read() {} });
    const copy = recent.collect(source, 100);
    const failure = new Error('chunk longer than its Content-Range');
    const read = pipeline(copy.stream, async (s: AsyncIterable<Buffer>) => {
      for await (const _ of s);
    });
    source.destroy(failure);
    await expect(read).rejects.toBe(failure);
  });
});
