import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * SHA-256 of uploads, computed on a worker thread so hashing (~10–30 ms per 4 MiB without SHA instructions) neither
 * blocks the event loop nor delays a chunk's acknowledgment. On the local disk the worker reads the acknowledged
 * bytes from the upload's data file itself after each commit (`follow`), so nothing is copied on this thread and a
 * worker falling behind holds no memory: it is only waited for at completion. Elsewhere (S3) the bytes are copied to
 * the worker in 1 MiB batches and hashed there while the chunk is written and committed. Messages to the worker are handled in order, so a digest
 * asked for after the last chunk's commit covers every byte sent before it. The worker is shared by every api
 * instance in the process, unref'd (it never keeps the process alive) and replaced if it dies, in which case the
 * states it held are forgotten and digests fall back to reading the stored object.
 */

/** Bytes copied to the worker per message. */
const BATCH = 1 << 20;
/** Bytes sent but not yet hashed above which senders wait (bounds the memory a slow worker can take). */
const BACKLOG = 8 * BATCH;
const SPARE = 4;

/**
 * The worker's code: `./hash-worker.mjs` next to this module in the sources, and next to the bundle in dist/ (build.mjs
 * emits it as its own entry point), so the same relative URL finds it from both.
 */
export const HASH_WORKER_URL = new URL('./hash-worker.mjs', import.meta.url);

type Message =
  | { op: 'fork'; id: number; from: string | null }
  | { op: 'update'; id: number; buffer: ArrayBuffer; length: number }
  | { op: 'commit'; id: number; key: string }
  | { op: 'discard'; id: number }
  | { op: 'drop'; key: string }
  | { op: 'digest'; key: string | null; id: number; seq: number }
  | { op: 'follow'; key: string; path: string; to: number }
  | { op: 'fileDigest'; key: string; path: string; size: number; seq: number };

/** The process's hashing thread. */
class HashThread {
  private worker: Worker | null = null;
  /** Changes whenever the worker is replaced: states of an older generation are gone. */
  generation = 0;
  private backlog = 0;
  private waiters: (() => void)[] = [];
  private readonly results = new Map<number, (hex: string | null) => void>();
  private seq = 0;
  private nextId = 0;
  /** Batch buffers the worker is done with, for reuse (no allocation, and no wait for the worker's GC to free them). */
  private readonly spare: ArrayBuffer[] = [];

  newId() {
    return ++this.nextId;
  }

  buffer() {
    const spare = this.spare.pop();
    return spare ? Buffer.from(spare) : Buffer.allocUnsafeSlow(BATCH);
  }

  private missing: boolean | null = null;

  /**
   * False when the worker file is missing (a build error, said once as a process warning): uploads still work, their
   * SHA-256 is then computed on this thread from the stored object at completion.
   */
  usable() {
    if (this.missing === null) {
      this.missing = !existsSync(fileURLToPath(HASH_WORKER_URL));
      if (this.missing) {
        process.emitWarning(`upload hash worker not found at ${HASH_WORKER_URL}: hashing on the main thread instead`);
      }
    }
    return !this.missing;
  }

  private spawn() {
    const worker = new Worker(HASH_WORKER_URL, { execArgv: [] });
    worker.unref();
    type Reply = { op: 'ack'; length: number; buffer: ArrayBuffer } | { op: 'result'; seq: number; hex: string | null };
    worker.on('message', (m: Reply) => {
      if (m.op === 'ack') {
        if (this.spare.length < SPARE) this.spare.push(m.buffer);
        this.backlog -= m.length;
        if (this.backlog < BACKLOG) this.wake();
        return;
      }
      const resolve = this.results.get(m.seq);
      this.results.delete(m.seq);
      if (this.results.size === 0) worker.unref();
      resolve?.(m.hex);
    });
    const lost = () => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.generation++;
      this.backlog = 0;
      this.wake();
      for (const resolve of this.results.values()) resolve(null);
      this.results.clear();
    };
    worker.on('error', (error) => {
      process.emitWarning(`upload hash worker failed (digests fall back to reading stored objects): ${error.message}`);
      lost();
    });
    worker.on('exit', lost);
    this.worker = worker;
    return worker;
  }

  private wake() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  post(message: Message) {
    const worker = this.worker ?? this.spawn();
    if (message.op === 'update') {
      this.backlog += message.length;
      worker.postMessage(message, [message.buffer]);
    } else {
      worker.postMessage(message);
    }
  }

  /** Resolves once the worker has caught up enough; null when it is not behind. */
  caughtUp(): Promise<void> | null {
    if (this.backlog < BACKLOG) return null;
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** A digest from the worker, once it has handled every message sent before; null when it lost the state. */
  digest(key: string | null, id = 0): Promise<string | null> {
    return this.ask((seq) => ({ op: 'digest', key, id, seq }));
  }

  /** The digest of the first `size` bytes of a file state (read from `path` from 0 when the worker has none). */
  fileDigest(key: string, path: string, size: number): Promise<string | null> {
    return this.ask((seq) => ({ op: 'fileDigest', key, path, size, seq }));
  }

  private ask(message: (seq: number) => Message): Promise<string | null> {
    const seq = ++this.seq;
    const result = new Promise<string | null>((resolve) => this.results.set(seq, resolve));
    this.post(message(seq));
    this.worker?.ref();
    return result;
  }
}

const thread = new HashThread();

/** One chunk's (or one object's) SHA-256 in the making; bytes go to the worker in batches. */
export class HashFork {
  private batch: Buffer | null = null;
  private fill = 0;

  constructor(
    readonly id: number,
    readonly generation: number,
  ) {}

  /** Hashes `bytes` after those already given; answers a promise to wait on when the worker is behind. */
  update(bytes: Buffer): Promise<void> | null {
    let at = 0;
    while (at < bytes.length) {
      if (!this.batch) {
        this.batch = thread.buffer();
        this.fill = 0;
      }
      const copied = bytes.copy(this.batch, this.fill, at);
      at += copied;
      this.fill += copied;
      if (this.fill === BATCH) this.flush();
    }
    return thread.caughtUp();
  }

  /** Sends what is batched (the end of a chunk). */
  flush() {
    if (!this.batch || this.fill === 0) return;
    const buffer = this.batch.buffer as ArrayBuffer;
    const length = this.fill;
    this.batch = null;
    this.fill = 0;
    if (this.generation === thread.generation) thread.post({ op: 'update', id: this.id, buffer, length });
  }
}

interface Entry {
  offset: number;
  generation: number;
  touchedAt: number;
}

const IDLE_MS = 6 * 3_600_000;
let instances = 0;

/**
 * Running SHA-256 of chunked uploads, tied to the byte offset it covers. Local disk (`follow`, `fileDigest`): after
 * each acknowledged chunk the worker reads on in the data file up to the acknowledged offset; lacking a state (a
 * restart, or chunks that went to another instance) it reads the file from byte 0, in the background. S3 (`fork`,
 * `commit`, `digest`): a chunk hashes into a copy of the state at its start offset, and the copy replaces the state
 * only when the chunk is acknowledged; when the next chunk lands on another api instance, or after a restart, the
 * state is missing and the digest is computed from the assembled object at completion instead (slower, same
 * answer). Nothing here needs to be durable.
 */
export class RunningHashes {
  private readonly entries = new Map<string, Entry>();
  /** Keys in the shared worker are per instance: two api instances in one process keep their own states. */
  private readonly prefix = `${++instances}:`;

  /** A hash positioned at `offset` for a new chunk, or null when this instance does not hold that state. */
  fork(uploadId: string, offset: number): HashFork | null {
    this.evictIdle();
    if (!thread.usable()) return null;
    if (offset !== 0) {
      const entry = this.entries.get(uploadId);
      if (!entry || entry.offset !== offset || entry.generation !== thread.generation) return null;
    }
    const fork = new HashFork(thread.newId(), thread.generation);
    thread.post({ op: 'fork', id: fork.id, from: offset === 0 ? null : this.prefix + uploadId });
    return fork;
  }

  /** The chunk was acknowledged: its hash now covers the upload up to `offset`. */
  commit(uploadId: string, hash: HashFork, offset: number) {
    hash.flush();
    if (hash.generation !== thread.generation) {
      this.entries.delete(uploadId);
      return;
    }
    thread.post({ op: 'commit', id: hash.id, key: this.prefix + uploadId });
    this.entries.set(uploadId, { offset, generation: hash.generation, touchedAt: Date.now() });
  }

  /**
   * Local disk: the upload's bytes up to `offset` are acknowledged in the file at `path`; the worker hashes what it
   * has not yet read of them (from byte 0 when it holds no state for the upload: after a restart, or when earlier
   * chunks went to another instance).
   */
  follow(uploadId: string, path: string, offset: number) {
    this.evictIdle();
    if (!thread.usable()) return;
    thread.post({ op: 'follow', key: this.prefix + uploadId, path, to: offset });
    this.entries.set(uploadId, { offset, generation: thread.generation, touchedAt: Date.now() });
  }

  /**
   * Local disk: the hex digest of the upload's `size` bytes, now in the file at `path` (the object the data file
   * became; the worker still reads the data file it has open, the same bytes). Null when the worker is missing or
   * lost, or the file cannot be read.
   */
  async fileDigest(uploadId: string, path: string, size: number): Promise<string | null> {
    this.entries.delete(uploadId);
    if (!thread.usable()) return null;
    return thread.fileDigest(this.prefix + uploadId, path, size);
  }

  /** The chunk was not acknowledged: forget its hash. */
  discard(hash: HashFork) {
    if (hash.generation === thread.generation) thread.post({ op: 'discard', id: hash.id });
  }

  /** Hex digest when the state covers exactly `size` bytes; the state is dropped either way. */
  async digest(uploadId: string, size: number): Promise<string | null> {
    const entry = this.entries.get(uploadId);
    this.entries.delete(uploadId);
    if (!entry || entry.generation !== thread.generation) return null;
    if (entry.offset !== size) {
      thread.post({ op: 'drop', key: this.prefix + uploadId });
      return null;
    }
    return thread.digest(this.prefix + uploadId);
  }

  drop(uploadId: string) {
    if (this.entries.delete(uploadId)) thread.post({ op: 'drop', key: this.prefix + uploadId });
  }

  private evictIdle() {
    const now = Date.now();
    for (const [id, entry] of this.entries) if (now - entry.touchedAt > IDLE_MS) this.drop(id);
  }
}

const sha256Here = async (open: () => Promise<Readable>) => {
  const hash = createHash('sha256');
  for await (const chunk of await open()) hash.update(chunk as Buffer);
  return hash.digest('hex');
};

/** SHA-256 of a whole stream, hashed on the worker (on this thread if the worker is missing or lost meanwhile). */
export const sha256OfStream = async (open: () => Promise<Readable>): Promise<string> => {
  if (!thread.usable()) return sha256Here(open);
  const fork = new HashFork(thread.newId(), thread.generation);
  thread.post({ op: 'fork', id: fork.id, from: null });
  try {
    for await (const chunk of await open()) {
      const wait = fork.update(chunk as Buffer);
      if (wait) await wait;
    }
  } catch (error) {
    if (fork.generation === thread.generation) thread.post({ op: 'discard', id: fork.id });
    throw error;
  }
  fork.flush();
  const hex = fork.generation === thread.generation ? await thread.digest(null, fork.id) : null;
  return hex ?? sha256Here(open);
};
