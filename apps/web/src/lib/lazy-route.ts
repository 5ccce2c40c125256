import { CHUNK_LOAD_TIMEOUT_MS } from '@zyk/shared';

/** A page area (script) or its style sheet that could not be loaded, or not within the time limit. */
export class ChunkLoadError extends Error {
  constructor(
    readonly kind: 'script' | 'style',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ChunkLoadError';
  }
}

// What browsers and Vite's preload helper say when a chunk cannot be fetched.
const STYLE_FAILURE = /Unable to preload CSS/i;
const SCRIPT_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Loading chunk/i;

export const toChunkLoadError = (error: unknown): unknown => {
  if (error instanceof ChunkLoadError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (STYLE_FAILURE.test(message)) return new ChunkLoadError('style', message, { cause: error });
  if (SCRIPT_FAILURE.test(message)) return new ChunkLoadError('script', message, { cause: error });
  return error; // an error thrown while the module ran is a bug, not a loading failure
};

/**
 * Wraps a dynamic import for a route's `lazy`: load failures become ChunkLoadError, and a load that has not
 * finished after 120 s is given up on.
 */
export const loadChunk = <T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError('script', `chunk not loaded within ${timeoutMs} ms`)),
      timeoutMs,
    );
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(toChunkLoadError(error));
      },
    );
  });
