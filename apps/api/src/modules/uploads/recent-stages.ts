import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeInto } from '../../lib/streams.ts';

/** Reusable buffers kept at most. */
const SPARES = 4;

/**
 * The bytes of staging objects this process wrote lately (S3 assembly), kept so the chunk that closes a part can send
 * them again from memory instead of reading them back from S3. The staging object stays the durable copy: another
 * instance, this one after a restart, or an entry evicted here reads it back as before. Bounded by total bytes;
 * the oldest entries go first. Copies no longer needed are reused for the next ones (a few spares): fresh 4 MiB
 * buffers for every chunk grew the api's memory by tens of MiB before the garbage collector caught up.
 */
export class RecentStages {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;
  private readonly spares: Buffer[] = [];

  /** `maxBytes` held at most; `spareSize`: the size of reusable buffers (the largest chunk). */
  constructor(
    private readonly maxBytes: number,
    private readonly spareSize: number,
  ) {}

  private buffer(length: number) {
    if (length > this.spareSize) return Buffer.allocUnsafeSlow(length);
    return (this.spares.pop() ?? Buffer.allocUnsafeSlow(this.spareSize)).subarray(0, length);
  }

  /**
   * `source` with a copy of its bytes taken on the way (copied: a parser may reuse the buffers it passes on), to
   * `keep` under the staging object's key once the object is stored with `length` bytes. Errors of `source` pass on.
   */
  collect(source: Readable, length: number) {
    const copy = length <= this.maxBytes ? this.buffer(length) : null;
    let filled = 0;
    const stream = new Transform({
      transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
        if (copy && filled + chunk.length <= length) chunk.copy(copy, filled);
        filled += chunk.length;
        callback(null, chunk);
      },
    });
    pipeInto(source, stream);
    return {
      stream,
      keep: (key: string, stored: number) => {
        if (copy && filled === length && stored === length) this.set(key, copy);
        else if (copy) this.recycle(copy);
      },
    };
  }

  private set(key: string, bytes: Buffer) {
    this.forget(key);
    this.entries.set(key, bytes);
    this.bytes += bytes.length;
    for (const [oldest] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.forget(oldest);
    }
  }

  /** The object's bytes if they are still here and of the expected size; else null (read the object instead). */
  get(key: string, size: number): Buffer[] | null {
    const bytes = this.entries.get(key);
    return bytes && bytes.length === size ? [bytes] : null;
  }

  /** Drops the copy (it may still be read by a part upload in flight: it is not reused). */
  forget(key: string) {
    const bytes = this.entries.get(key);
    if (!bytes) return null;
    this.entries.delete(key);
    this.bytes -= bytes.length;
    return bytes;
  }

  /**
   * Drops the copy and reuses its buffer. Only for a copy nothing reads any more: its object was sent in a part that
   * is now committed (an attempt still sending it cannot commit), or its staging lost before being committed.
   */
  release(key: string) {
    const bytes = this.forget(key);
    if (bytes) this.recycle(bytes);
  }

  private recycle(bytes: Buffer) {
    if (bytes.buffer.byteLength === this.spareSize && this.spares.length < SPARES) {
      this.spares.push(Buffer.from(bytes.buffer, bytes.byteOffset, this.spareSize));
    }
  }

  /** Bytes held now. */
  get heldBytes() {
    return this.bytes;
  }
}
