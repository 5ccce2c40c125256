import { type Readable, Transform, type TransformCallback } from 'node:stream';

/**
 * The bytes of staging objects this process wrote lately (S3 assembly), kept so the chunk that closes a part can send
 * them again from memory instead of reading them back from S3. The staging object stays the durable copy: another
 * instance, this one after a restart, or an entry evicted here reads it back as before. Bounded by total bytes;
 * the oldest entries go first.
 */
export class RecentStages {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /**
   * `source` with a copy of its bytes taken on the way (copied: a parser may reuse the buffers it passes on), to
   * `keep` under the staging object's key once the object is stored with `length` bytes. Errors of `source` pass on.
   */
  collect(source: Readable, length: number) {
    const copy = length <= this.maxBytes ? Buffer.allocUnsafeSlow(length) : null;
    let filled = 0;
    const stream = new Transform({
      transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
        if (copy && filled + chunk.length <= length) chunk.copy(copy, filled);
        filled += chunk.length;
        callback(null, chunk);
      },
    });
    source.once('error', (error) => stream.destroy(error));
    source.pipe(stream);
    return {
      stream,
      keep: (key: string, stored: number) => {
        if (copy && filled === length && stored === length) this.set(key, copy);
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

  forget(key: string) {
    const bytes = this.entries.get(key);
    if (!bytes) return;
    this.entries.delete(key);
    this.bytes -= bytes.length;
  }

  /** Bytes held now. */
  get heldBytes() {
    return this.bytes;
  }
}
