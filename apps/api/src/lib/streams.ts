import type { Readable, Writable } from 'node:stream';

/**
 * Pipes `source` into `target` and returns `target`, passing on the source's failure (which `pipe` does not): a
 * consumer of `target` then sees the error instead of waiting forever. A source that failed or was destroyed before
 * this call (a multipart file part whose request was already cut off when the route got to it) fails `target` at once.
 */
export const pipeInto = <T extends Writable>(source: Readable, target: T): T => {
  if (source.errored || (source.destroyed && !source.readableEnded)) {
    target.destroy(source.errored ?? new Error('Premature close'));
    return target;
  }
  source.once('error', (error) => target.destroy(error));
  return source.pipe(target);
};
