import { ERRORS, type ErrorName } from '@zyk/shared';

/** A failure the client should see: its code maps to an HTTP status and a Chinese message (DESIGN.md §2). */
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
