import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ChunkWriter, claimIdentity } from '../../apps/api/src/modules/storage/chunk-claims.ts';
import { newId } from '../../apps/api/src/modules/storage/keys.ts';
import { LocalStorage } from '../../apps/api/src/modules/storage/local.ts';

/**
 * Claims on the local disk (storage/chunk-claims.ts): a chunk is written straight into the upload's data file, so
 * only one writer may write from the upload's position, and nobody ever writes over acknowledged bytes again.
 */

let storage: LocalStorage;
let sleeper: ChildProcess;

beforeAll(async () => {
  storage = new LocalStorage(mkdtempSync(path.join(os.tmpdir(), 'zyk-claims-')));
  await storage.init();
  sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 120000)'], { stdio: 'ignore' });
});
afterAll(() => {
  sleeper?.kill();
  if (storage) rmSync(storage.root, { recursive: true, force: true });
});

const dirOf = (id: string) => path.join(storage.root, '.uploads', id);
const dataOf = (id: string) => readFileSync(path.join(dirOf(id), 'data'));
const claimsOf = (id: string) =>
  readdirSync(dirOf(id))
    .filter((f) => f.startsWith('w-'))
    .sort();

const writeAll = async (writer: ChunkWriter, bytes: Buffer) => {
  await pipeline(Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]), writer.stream());
  await writer.sync();
};

const claim = async (id: string, offset: number, stillAt: () => Promise<boolean>, waitMs?: number) => {
  const writer = await storage.claimChunk(id, offset, stillAt, waitMs);
  if (typeof writer === 'string') throw new Error(`expected a writer, got ${writer}`);
  return writer;
};

/** stillAt answers, counting how often the database was asked. */
const db = (answer: boolean) => {
  const asked = { count: 0 };
  const stillAt = async () => {
    asked.count++;
    return answer;
  };
  return { stillAt, asked };
};

/** An upload whose first chunk's claim was left behind by the writer `who` (with its link's time `mtime`). */
const leftBehind = async (who: Parameters<typeof claimIdentity>[0], mtime?: Date) => {
  const id = newId();
  await fs.mkdir(dirOf(id), { recursive: true });
  await fs.writeFile(path.join(dirOf(id), 'data'), Buffer.alloc(100, 7));
  const link = path.join(dirOf(id), 'w-0.0');
  await fs.symlink(claimIdentity(who), link);
  if (mtime) await fs.lutimes(link, mtime, mtime);
  return id;
};

describe('one writer per offset', () => {
  it('a second writer of the same offset waits for the first; once it committed, the offset is taken', async () => {
    const id = newId();
    const first = await claim(id, 0, db(true).stillAt);
    const second = db(false);
    const waiting = storage.claimChunk(id, 0, second.stillAt, 5_000);
    const bytes = Buffer.alloc(64 * 1024, 1);
    await writeAll(first, bytes);
    await first.keep(); // committed
    expect(await waiting).toBe('busy');
    expect(second.asked.count).toBe(1);
    expect(dataOf(id).equals(bytes)).toBe(true);
    expect(claimsOf(id)).toEqual(['w-0.0']);
  });

  it('a writer whose chunk failed gives the offset back at once, and its bytes are written over', async () => {
    const id = newId();
    const first = await claim(id, 0, db(true).stillAt);
    await writeAll(first, Buffer.alloc(50_000, 1));
    const waiting = storage.claimChunk(id, 0, db(true).stillAt, 5_000);
    await first.release(); // not committed
    const second = await waiting;
    if (typeof second === 'string') throw new Error(second);
    const bytes = Buffer.alloc(80_000, 2);
    await writeAll(second, bytes);
    await second.keep();
    expect(dataOf(id).equals(bytes)).toBe(true);
  });

  it('a writer that read an older position finds its claim kept and writes nothing over committed bytes', async () => {
    const id = newId();
    const a = await claim(id, 0, db(true).stillAt);
    await writeAll(a, Buffer.alloc(1000, 1));
    await a.keep();
    const b = await claim(id, 1000, db(true).stillAt);
    await writeAll(b, Buffer.alloc(1000, 2));
    await b.keep();
    const late = db(false); // the database: the upload is at 2000 now
    expect(await storage.claimChunk(id, 0, late.stillAt, 200)).toBe('busy');
    expect(await storage.claimChunk(id, 1000, late.stillAt, 200)).toBe('busy');
    expect(late.asked.count).toBe(2);
    expect(dataOf(id).equals(Buffer.concat([Buffer.alloc(1000, 1), Buffer.alloc(1000, 2)]))).toBe(true);
    expect(claimsOf(id)).toEqual(['w-0.0', 'w-1000.0']);
  });

  it('answers gone when the upload’s folder does not exist past offset 0', async () => {
    expect(await storage.claimChunk(newId(), 4096, db(true).stillAt)).toBe('gone');
  });
});

describe('claims left behind', () => {
  const otherToken = 'f'.repeat(24);

  it('are taken over at once when their process is gone, after the database confirms the position', async () => {
    const dead = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((resolve) => dead.once('exit', resolve));
    const id = await leftBehind({ pid: dead.pid!, token: otherToken });
    const asked = db(true);
    const writer = await claim(id, 0, asked.stillAt, 0);
    expect(asked.asked.count).toBe(1);
    expect(claimsOf(id)).toEqual(['w-0.0', 'w-0.1']);
    await writeAll(writer, Buffer.alloc(10, 3));
    await writer.keep();
    expect(dataOf(id).subarray(0, 10).equals(Buffer.alloc(10, 3))).toBe(true);
  });

  it('by an earlier process with this process’s id (a restarted container) are taken over at once', async () => {
    const id = await leftBehind({ pid: process.pid, token: otherToken });
    const writer = await claim(id, 0, db(true).stillAt, 0);
    await writer.release();
  });

  it('are never taken over when the database says the upload moved on', async () => {
    const dead = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((resolve) => dead.once('exit', resolve));
    const id = await leftBehind({ pid: dead.pid!, token: otherToken });
    expect(await storage.claimChunk(id, 0, db(false).stillAt, 0)).toBe('busy');
    expect(claimsOf(id)).toEqual(['w-0.0']);
    expect(dataOf(id).equals(Buffer.alloc(100, 7))).toBe(true);
  });

  it('of a live process, or of another machine, wait while the writer keeps them fresh, then are taken over', async () => {
    const live = await leftBehind({ pid: sleeper.pid!, token: otherToken });
    const asked = db(true);
    expect(await storage.claimChunk(live, 0, asked.stillAt, 200)).toBe('busy');
    const remote = await leftBehind({ host: 'another-machine', pid: 4242, token: otherToken });
    expect(await storage.claimChunk(remote, 0, asked.stillAt, 200)).toBe('busy');
    expect(asked.asked.count).toBe(0);
    // Silent for over a minute: its writer has stopped writing long ago.
    const old = new Date(Date.now() - 2 * 60_000);
    for (const id of [live, remote]) {
      await fs.lutimes(path.join(dirOf(id), 'w-0.0'), old, old);
      const writer = await claim(id, 0, asked.stillAt, 0);
      await writer.release();
    }
    expect(asked.asked.count).toBe(2);
  });

  it('of a writer that lapsed and was taken over stay when it gives up: nobody writes over the new writer’s bytes', async () => {
    const id = newId();
    const slow = await claim(id, 0, db(true).stillAt);
    await writeAll(slow, Buffer.alloc(1000, 1));
    // Another api process on this disk (a fresh copy of the modules: its own claims, its own identity).
    vi.resetModules();
    const { LocalStorage: OtherLocalStorage } = await import('../../apps/api/src/modules/storage/local.ts');
    const other = new OtherLocalStorage(storage.root);
    // The slow writer could not touch its claim for over 20 s (frozen, disk hung): it may no longer write.
    const now = performance.now.bind(performance);
    const frozen = vi.spyOn(performance, 'now').mockImplementation(() => now() + 25_000);
    try {
      expect(() => slow.assertHeld()).toThrow(/could not be kept alive/);
      // The other process takes the offset over (here at once: the claim names this process's id, as a restarted
      // container's would), writes and commits: the upload now stands at 1000.
      const next = await other.claimChunk(id, 0, db(true).stillAt, 0);
      if (typeof next === 'string') throw new Error(next);
      const bytes = Buffer.alloc(1000, 2);
      await writeAll(next, bytes);
      await next.keep();
      await slow.release(); // the lapsed writer gives up only now
    } finally {
      frozen.mockRestore();
    }
    expect(claimsOf(id)).toEqual(['w-0.0', 'w-0.1']);
    // A writer that read position 0 before that commit asks the database, which says the upload moved on.
    const late = db(false);
    expect(await storage.claimChunk(id, 0, late.stillAt, 200)).toBe('busy');
    expect(late.asked.count).toBe(1);
    expect(dataOf(id).equals(Buffer.alloc(1000, 2))).toBe(true);
  });
});
