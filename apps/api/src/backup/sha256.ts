import { createHash } from 'node:crypto';
import { type Readable, Transform, type TransformCallback, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A pass-through that hashes (SHA-256) and counts the bytes flowing through it. */
export class Sha256Tap extends Transform {
  bytes = 0;
  private readonly hash = createHash('sha256');

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    callback(null, chunk);
  }

  /** The hex digest; call once, after the stream ended. */
  digest() {
    return this.hash.digest('hex');
  }
}

/** A sink that drops what it is given (when only the digest is wanted). */
export const discardSink = () =>
  new Writable({
    write(_chunk, _encoding, callback) {
      callback();
    },
  });

/** Size and SHA-256 of a stream's bytes, read through. */
export const digestStream = async (source: Readable) => {
  const tap = new Sha256Tap();
  await pipeline(source, tap, discardSink());
  return { size: tap.bytes, sha256: tap.digest() };
};
