import { ERRORS, type ErrorName } from '@zyk/shared';

/** A failure the client should see: its code maps to an HTTP status and a Chinese message. */
export class AppError extends Error {
  readonly code: number;
  readonly status: number;

  constructor(
    readonly kind: ErrorName,
    message?: string,
  ) {
    super(message ?? ERRORS[kind].msg);
    this.name = 'AppError';
    this.code = ERRORS[kind].code;
    this.status = ERRORS[kind].status;
  }
}

export const envelopeOk = <T>(data: T) => ({ code: 0, success: true, msg: '操作成功', data });
export const envelopeError = (code: number, msg: string) => ({ code, success: false, msg, data: null });

/**
 * A form body that cannot be read as multipart: cut off, a wrong boundary, a broken part header (busboy's errors
 * carry no code), or @fastify/multipart's refusals of the request's shape.
 */
export const isMultipartError = (error: unknown) => {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_PROTO_VIOLATION') return true;
  return (
    typeof message === 'string' &&
    /^(Unexpected end of (multipart data|form)|Malformed part header|Multipart: Boundary not found|Part terminated early)/.test(
      message,
    )
  );
};

/** A refusal of bad input with its Chinese message (400). */
export const badRequest = (msg: string) => new AppError('BAD_REQUEST', msg);
