import { Transform, type TransformCallback } from 'node:stream';
import type { HashFork } from './hasher.ts';

/** The chunk's bytes did not match its Content-Range (too few or too many). */
export class ChunkDataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChunkDataError';
  }
}

/**
 * Passes a chunk on without the `skip` bytes already stored (an overlapping re-send), hashing what it passes (on the
 * hashing worker: this only copies the bytes there, waiting when the worker is behind), and fails as soon as the
 * chunk carries more than `skip + length` bytes, or at its end when it carried fewer.
 */
export class ChunkSlicer extends Transform {
  private seen = 0;

  constructor(
    private readonly skip: number,
    private readonly length: number,
    private readonly hash: HashFork | null,
  ) {
    super({ highWaterMark: 1 << 20 });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    const from = this.seen;
    this.seen += chunk.length;
    if (this.seen > this.skip + this.length) {
      callback(new ChunkDataError(`chunk longer than its Content-Range (${this.skip + this.length} bytes)`));
      return;
    }
    const start = Math.max(0, this.skip - from);
    if (start >= chunk.length) {
      callback();
      return;
    }
    const out = start === 0 ? chunk : chunk.subarray(start);
    const wait = this.hash?.update(out);
    if (wait) wait.then(() => callback(null, out));
    else callback(null, out);
  }

  override _flush(callback: TransformCallback) {
    if (this.seen !== this.skip + this.length) {
      callback(new ChunkDataError(`chunk carried ${this.seen} of ${this.skip + this.length} bytes`));
      return;
    }
    this.hash?.flush();
    callback();
  }
}
