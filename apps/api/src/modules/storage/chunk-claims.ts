import { randomBytes } from 'node:crypto';
import { readFileSync, readlinkSync } from 'node:fs';
import fs, { type FileHandle } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { syncDir } from './fsync.ts';

/**
 * Who may write a chunked upload's data file, on a local disk shared by every api instance.
 *
 * A chunk is written straight into the data file at its offset, without staging. So that no two writers ever write
 * the same bytes (a late write of a losing writer would otherwise land on bytes already acknowledged), a writer
 * first claims the upload's committed position R by creating the symbolic link `w-<R>.<generation>` next to the
 * data file (creation fails if it exists: one writer wins, on every instance sharing the disk; its target names
 * the writer's process) and only writes at offsets ≥ R. A claim is kept after its chunk is committed (its time set
 * to 1970: nobody holds it), so a writer that read R before someone else committed from R finds the claim and writes
 * nothing: a missing claim for the offset a writer read therefore means that offset is still the committed position.
 * A writer whose chunk fails removes its claim once its last write has ended, so the next one can claim R again (a
 * writer whose claim lapsed keeps it instead: see Claim.release). A writer finding a live claim waits for it to end
 * (a racing re-send of the same chunk then simply finds the upload moved on).
 *
 * A writer that dies (crash, kill, power cut) leaves its claim behind. Another writer takes over only when the
 * claim's writer is known gone (its process is gone: same machine and PID namespace; it was this process's and no
 * writer here holds it; or it was kept) or silent (live writers touch their claim every 5 s; silent for 60 s), and
 * only after the database confirms the upload still stands at R; it then creates the next generation. A live writer
 * stops writing (and does not commit) once it has not managed to touch its claim for 20 s, well before anyone may
 * take over. (Across machines sharing a disk, that assumes their clocks agree within half a minute.)
 */

const HEARTBEAT_MS = 5_000;
const FENCE_MS = 20_000;
const STALE_MS = 60_000;
/** How long a writer finding the offset taken waits for the other writer to finish before giving up. */
const WAIT_MS = 10_000;
const POLL_MS = 50;
const MAX_GENERATIONS = 64;

const readOr = (read: () => string) => {
  try {
    return read().trim();
  } catch {
    return '';
  }
};

/** This process, as written into its claims. */
const self = {
  host: os.hostname(),
  boot: readOr(() => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8')),
  pidns: readOr(() => readlinkSync('/proc/self/ns/pid')),
  pid: process.pid,
  token: randomBytes(12).toString('hex'),
};
/** The target of a claim link naming a writer process (this one, by default). */
export const claimIdentity = (who: Partial<typeof self> = {}) => {
  const w = { ...self, ...who };
  return [w.host, w.boot, w.pidns, w.pid, w.token, ''].join('|');
};
/** A claim is a symbolic link whose target names its writer: made (O_EXCL-like), read and timed in one call each. */
const IDENTITY = claimIdentity();

/** Claims held by a live writer of this process, by file. */
const held = new Map<string, Claim>();

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException)?.code;

const processAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return codeOf(error) === 'EPERM';
  }
};

/** Whether the writer of an existing claim may still write: live, stale (dead or silent), or vanished meanwhile. */
const inspect = async (file: string): Promise<'live' | 'stale' | 'vanished'> => {
  let content: string;
  let mtimeMs: number;
  try {
    [content, { mtimeMs }] = await Promise.all([fs.readlink(file), fs.lstat(file)]);
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return 'vanished';
    throw error;
  }
  const [host, boot, pidns, pid, token, end] = content.split('|');
  const complete = end === '';
  if (complete && token === self.token) return held.has(file) ? 'live' : 'stale';
  if (complete && host === self.host && boot === self.boot && pidns && pidns === self.pidns) {
    // Same machine, same boot, same PID namespace: the process answers for itself.
    const n = Number(pid);
    if (Number.isSafeInteger(n) && n > 0 && (n === self.pid || !processAlive(n))) return 'stale';
  }
  return Date.now() - mtimeMs > STALE_MS ? 'stale' : 'live';
};

export class ClaimLapsedError extends Error {
  constructor(file: string) {
    super(`chunk claim ${file} could not be kept alive; writing stopped`);
    this.name = 'ClaimLapsedError';
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A held claim: its heartbeat runs until it is kept or released. */
export class Claim {
  private lastBeat: number;
  private timer: NodeJS.Timeout | null = null;
  private beating: Promise<unknown> = Promise.resolve();
  private ended = false;
  private markEnded!: () => void;
  /** Resolves when the claim is kept or released. */
  readonly over = new Promise<void>((resolve) => {
    this.markEnded = resolve;
  });

  constructor(readonly file: string) {
    this.lastBeat = performance.now();
  }

  /** The claim file exists: keep touching it while the chunk is written. */
  start() {
    this.timer = setInterval(() => {
      const at = performance.now();
      const now = new Date();
      this.beating = fs.lutimes(this.file, now, now).then(
        () => {
          if (at > this.lastBeat) this.lastBeat = at;
        },
        () => {},
      );
    }, HEARTBEAT_MS);
    this.timer.unref();
    return this;
  }

  /** The claim file could not be created: nothing to undo. */
  abort() {
    this.ended = true;
    held.delete(this.file);
    this.markEnded();
  }

  /** Not touched for FENCE_MS: another writer may have taken the offset over (or soon may). */
  private lapsed() {
    return performance.now() - this.lastBeat > FENCE_MS;
  }

  /** Throws unless this writer may still write (and commit). */
  assertHeld() {
    if (this.ended || this.lapsed()) throw new ClaimLapsedError(this.file);
  }

  private async end() {
    this.ended = true;
    if (this.timer) clearInterval(this.timer);
    await this.beating;
  }

  /**
   * The chunk was committed (or its commit's outcome is unknown): the claim stays, marking the offset as taken. Its
   * time is set to 1970 so other instances see at once that no writer holds it any more (they then ask the database).
   */
  async keep() {
    await this.end();
    await fs.lutimes(this.file, 0, 0).catch(() => {});
    held.delete(this.file);
    this.markEnded();
  }

  /**
   * The chunk was not committed: the offset can be claimed again. A lapsed claim is kept instead of removed: another
   * writer may have taken it over with the next generation and committed, and removing this generation would let a
   * writer that read the old position claim it afresh and write over those acknowledged bytes. Kept, it makes that
   * writer ask the database, and go on to the next generation only if the upload still stands here.
   */
  async release() {
    const lapsed = this.lapsed();
    await this.end();
    const undo = lapsed ? fs.lutimes(this.file, 0, 0).catch(() => {}) : fs.rm(this.file, { force: true });
    await undo.finally(() => {
      held.delete(this.file);
      this.markEnded();
    });
  }
}

/**
 * Claims offset `offset` of the upload whose folder is `dir` (see the top of this file). When a live writer has it,
 * waits up to 10 s for that writer to be done, then looks again: `busy` means the offset is not (or no longer) the
 * upload's position, or its writer is still at it.
 */
export const acquireClaim = async (
  dir: string,
  offset: number,
  stillAt: () => Promise<boolean>,
  waitMs = WAIT_MS,
): Promise<Claim | 'busy' | 'gone'> => {
  const deadline = performance.now() + waitMs;
  let generation = 0;
  for (let tries = 0; generation < MAX_GENERATIONS && tries < 1000; tries++) {
    const file = path.join(dir, `w-${offset}.${generation}`);
    const mine = held.get(file);
    if (!mine) {
      // Registered before the file exists, so a writer of this process looking at the file sees it live.
      const claim = new Claim(file);
      held.set(file, claim);
      try {
        await fs.symlink(IDENTITY, file);
        return claim.start();
      } catch (error) {
        claim.abort();
        if (codeOf(error) === 'ENOENT') return 'gone';
        if (codeOf(error) !== 'EEXIST') throw error;
      }
    }
    const state = mine ? 'live' : await inspect(file);
    if (state === 'vanished') continue; // released meanwhile: try the same name again
    if (state === 'stale') {
      if (!(await stillAt())) return 'busy';
      generation++;
      continue;
    }
    const left = deadline - performance.now();
    if (left <= 0) return 'busy';
    await (mine ? Promise.race([mine.over, sleep(left)]) : sleep(Math.min(POLL_MS, left)));
  }
  return 'busy';
};

/** Bytes gathered (by reference, not copied) before one positioned writev. */
const WRITE_BATCH = 1 << 20;

/**
 * Writes one chunk into an upload's data file from the claimed offset on, with positioned writes of up to 1 MiB
 * gathered from the stream, then makes it durable. Every write checks the claim first. While the chunk is still
 * arriving, what is written so far is flushed to disk in the background, so the final fsync has little left to do.
 */
export class ChunkWriter {
  private position: number;
  private inflight: Promise<unknown> = Promise.resolve();
  private flushing: Promise<unknown> | null = null;
  private closing = false;
  private closed = false;
  written = 0;
  /** When bytes last came in or a write last started or ended (performance.now()): not fed for long = stalled. */
  lastActivity = performance.now();

  constructor(
    private readonly claim: Claim,
    private readonly handle: FileHandle,
    readonly offset: number,
    /** Folders to fsync with the data (a data file new with this chunk). */
    private readonly dirs: string[],
  ) {
    this.position = offset;
  }

  /** A writable taking the chunk's bytes in order. */
  stream(): Writable {
    let batch: Buffer[] = [];
    let size = 0;
    const flush = () => {
      const buffers = batch;
      batch = [];
      size = 0;
      return this.write(buffers);
    };
    return new Writable({
      highWaterMark: WRITE_BATCH,
      write: (chunk: Buffer, _encoding, callback) => {
        this.lastActivity = performance.now();
        batch.push(chunk);
        size += chunk.length;
        if (size < WRITE_BATCH) {
          callback();
          return;
        }
        flush().then(() => {
          this.flushInBackground();
          callback();
        }, callback);
      },
      final: (callback) => {
        if (size === 0) callback();
        else flush().then(() => callback(), callback);
      },
    });
  }

  private write(buffers: Buffer[]) {
    if (this.closing) return Promise.reject(new Error('chunk writer closed'));
    const run = async () => {
      let pending = buffers;
      let left = pending.reduce((sum, b) => sum + b.length, 0);
      while (left > 0) {
        this.claim.assertHeld();
        this.lastActivity = performance.now();
        const { bytesWritten } = await this.handle.writev(pending, this.position);
        this.lastActivity = performance.now();
        this.position += bytesWritten;
        this.written += bytesWritten;
        left -= bytesWritten;
        if (left > 0) pending = skipBytes(pending, bytesWritten);
      }
    };
    const done = run();
    this.inflight = done.catch(() => {});
    return done;
  }

  private flushInBackground() {
    if (this.flushing || this.closing) return;
    this.flushing = this.handle
      .datasync()
      .catch(() => {})
      .finally(() => {
        this.flushing = null;
      });
  }

  /** fsync: every byte written is durable when this resolves. */
  async sync() {
    await this.inflight;
    await this.flushing;
    this.claim.assertHeld();
    await this.handle.datasync();
    for (const dir of this.dirs) await syncDir(dir);
    this.claim.assertHeld();
  }

  /** Throws unless the claim still allows committing. */
  assertHeld() {
    this.claim.assertHeld();
  }

  private async close() {
    this.closing = true;
    await this.inflight;
    await this.flushing;
    if (this.closed) return;
    this.closed = true;
    await this.handle.close();
  }

  /** Committed, or the commit's outcome is unknown: the claim stays. */
  async keep() {
    try {
      await this.close();
    } finally {
      await this.claim.keep();
    }
  }

  /** Not committed: once no write of this writer is in flight, the offset may be claimed again. */
  async release() {
    try {
      await this.close();
    } finally {
      await this.claim.release();
    }
  }
}

const skipBytes = (buffers: Buffer[], n: number) => {
  const out: Buffer[] = [];
  let skip = n;
  for (const b of buffers) {
    if (skip >= b.length) {
      skip -= b.length;
      continue;
    }
    out.push(skip > 0 ? b.subarray(skip) : b);
    skip = 0;
  }
  return out;
};
