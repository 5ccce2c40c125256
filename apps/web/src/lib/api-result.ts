import { type Envelope, ERRORS } from '@zyk/shared';

/** An answer with a non-zero code, carrying the server's Chinese message. */
export class ApiFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiFailure';
  }
}

/**
 * For screens that show a failure in place (a details page that does not exist, a list that could not load):
 * the data of a successful answer, otherwise an ApiFailure with the server's message. No toast: keeps
 * non-zero codes quiet; the screen shows the message where the content would have been.
 */
export const unwrap = <T>(envelope: Envelope<T>): T => {
  if (envelope.code === 0) return envelope.data;
  throw new ApiFailure(envelope.code, envelope.msg || '操作失败，请稍后重试');
};

/** The text to show for any error a query or mutation ended with. */
export const errorText = (error: unknown, fallback = '加载失败，请稍后重试'): string =>
  error instanceof Error && error.message ? error.message : fallback;

/** The session behind this tab is gone (expired, logged out elsewhere). */
export const isUnauthorized = (error: unknown) =>
  error instanceof ApiFailure && error.code === ERRORS.UNAUTHORIZED.code;
