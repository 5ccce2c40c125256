import type { RunResult } from './tools.ts';

/**
 * Why a media job could not be done:
 * - `invalid`: the file itself (corrupt, empty, not audio/video, an unreadable PDF); retrying cannot help;
 * - `failed`: the tool stopped with an error on a file it could read (may be worth one more try);
 * - `timeout`: the time limit ran out; `aborted`: the caller's signal stopped it;
 * - `unavailable`: a tool this needs is not installed.
 */
export type MediaErrorKind = 'invalid' | 'failed' | 'timeout' | 'aborted' | 'unavailable';

/** A media job's failure. `reason` is Chinese and may be shown to the uploader; `detail` is for logs. */
export class MediaError extends Error {
  readonly reason: string;
  readonly kind: MediaErrorKind;
  readonly detail: string;

  constructor(reason: string, kind: MediaErrorKind = 'failed', detail = '') {
    super(detail ? `${reason} (${detail.slice(-300)})` : reason);
    this.name = 'MediaError';
    this.reason = reason;
    this.kind = kind;
    this.detail = detail;
  }
}

/**
 * The last meaningful line of a tool's stderr, short and without paths or URLs (a presigned address carries a
 * signature; temp folders mean nothing to a user).
 */
export const stderrSummary = (result: Pick<RunResult, 'stderrTail'>, hide: string[] = []) => {
  let text = result.stderrTail;
  for (const secret of hide) if (secret) text = text.split(secret).join('…');
  const lines = text
    .replace(/[a-z][a-z0-9+.-]*:\/\/\S+/gi, '<url>')
    .replace(/(?:\/[^\s/:'"]+){2,}/g, (p) => p.split('/').pop() ?? p)
    .split(/\r?\n/)
    .map((line) => line.replace(/^\[[^\]]*@ 0x[0-9a-f]+\]\s*/i, '').trim())
    .filter((line) => line && !/^(Conversion failed!?|Exiting normally.*)$/i.test(line));
  return (lines.at(-1) ?? '').slice(0, 160);
};

/**
 * Turns a finished tool run into an error, or nothing when it succeeded: time-outs and aborts have their own
 * reasons; any other non-zero exit is `failed` with `prefix` and the stderr summary.
 */
export const runFailure = (
  result: RunResult,
  signal: AbortSignal | undefined,
  { prefix, timeout, hide = [] }: { prefix: string; timeout: string; hide?: string[] },
) => {
  if (signal?.aborted) return new MediaError('处理已取消', 'aborted', result.stderrTail);
  if (result.timedOut) return new MediaError(timeout, 'timeout', result.stderrTail);
  if (result.code === 0) return null;
  // Killed without a word (e.g. past the file size cap): say that much.
  const summary = stderrSummary(result, hide) || (result.code === null ? '处理程序异常退出' : `退出码 ${result.code}`);
  return new MediaError(`${prefix}：${summary}`, 'failed', result.stderrTail);
};
