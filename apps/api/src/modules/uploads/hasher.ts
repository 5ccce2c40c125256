import { createHash, type Hash } from 'node:crypto';

interface Entry {
  offset: number;
  hash: Hash;
  touchedAt: number;
}

const IDLE_MS = 6 * 3_600_000;

/**
 * Running SHA-256 of chunked uploads, kept in memory per upload and tied to the byte offset it covers. A chunk hashes
 * into a copy of the state at its start offset; the copy replaces the state only when the chunk is acknowledged.
 * When the next chunk lands on another api instance, or after a restart, the state is missing and the digest is
 * computed from the assembled object at completion instead (slower, same answer): nothing here needs to be durable.
 */
export class RunningHashes {
  private readonly entries = new Map<string, Entry>();

  /** A hash positioned at `offset` for a new chunk, or null when this instance does not hold that state. */
  fork(uploadId: string, offset: number): Hash | null {
    this.evictIdle();
    if (offset === 0) return createHash('sha256');
    const entry = this.entries.get(uploadId);
    if (!entry || entry.offset !== offset) return null;
    return entry.hash.copy();
  }

  /** The chunk was acknowledged: its hash now covers the upload up to `offset`. */
  commit(uploadId: string, hash: Hash, offset: number) {
    this.entries.set(uploadId, { offset, hash, touchedAt: Date.now() });
  }

  /** Hex digest when the state covers exactly `size` bytes; the state is dropped either way. */
  digest(uploadId: string, size: number): string | null {
    const entry = this.entries.get(uploadId);
    this.entries.delete(uploadId);
    return entry && entry.offset === size ? entry.hash.digest('hex') : null;
  }

  drop(uploadId: string) {
    this.entries.delete(uploadId);
  }

  private evictIdle() {
    const now = Date.now();
    for (const [id, entry] of this.entries) if (now - entry.touchedAt > IDLE_MS) this.entries.delete(id);
  }
}
