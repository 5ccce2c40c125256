import { Worker } from 'node:worker_threads';
import { Mutex } from 'async-mutex';
import { DOCUMENT_WORKER_URL } from './builtin-available.ts';
import { MediaError } from './media-error.ts';

/**
 * Documents without system tools: Office → PDF with LibreOffice compiled to WebAssembly and PDF pages → images with
 * pdf.js, both from npm, on one worker thread (document-worker.mjs) so the api's event loop stays free. A machine
 * with only Node gets previews, sample pages and page counts this way; a system LibreOffice and poppler stay
 * preferred where installed (faster, and no 1.3 GB thread). One request at a time; a request that runs over its
 * time or is cancelled ends the thread (a wasm call cannot be interrupted), and the next request starts a new one.
 * The thread is also renewed after a number of conversions (LibreOffice's heap only grows) and ended when idle.
 */

/** Conversions after which the thread is renewed. */
const RENEW_AFTER = 40;
/** Idle time after which the thread (and its LibreOffice heap) is let go. */
const IDLE_MS = 5 * 60_000;

type Request =
  | { op: 'toPdf'; input: string; output: string; extension: string }
  | { op: 'render'; pdf: string; outDir: string; pages: number; width: number; format: 'jpeg' | 'png' }
  | { op: 'count'; pdf: string };
type Reply = { id: number; result?: unknown; error?: string };

class DocumentThread {
  private worker: Worker | null = null;
  private readonly turn = new Mutex();
  private conversions = 0;
  private idle: NodeJS.Timeout | null = null;
  private nextId = 0;

  private spawn() {
    const worker = new Worker(DOCUMENT_WORKER_URL, { execArgv: [] });
    worker.unref();
    this.conversions = 0;
    return worker;
  }

  /** Ends the thread now (a request in flight is answered as failed). */
  async stop() {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }

  /** Sends one request and waits for its answer, its time limit, or `signal`. */
  run<T>(request: Request, { timeoutMs, signal }: { timeoutMs: number; signal?: AbortSignal }): Promise<T> {
    return this.turn.runExclusive(async () => {
      if (signal?.aborted) throw new MediaError('处理已取消', 'aborted');
      if (this.idle) clearTimeout(this.idle);
      if (request.op === 'toPdf' && this.conversions >= RENEW_AFTER) await this.stop();
      this.worker ??= this.spawn();
      const worker = this.worker;
      if (request.op === 'toPdf') this.conversions++;
      const id = ++this.nextId;
      try {
        return await new Promise<T>((resolve, reject) => {
          const finish = (settle: () => void) => {
            clearTimeout(timer);
            signal?.removeEventListener('abort', onAbort);
            worker.off('message', onMessage);
            worker.off('error', onError);
            worker.off('exit', onExit);
            settle();
          };
          const end = (error: MediaError) => {
            void this.stop();
            finish(() => reject(error));
          };
          const onMessage = (reply: Reply) => {
            if (reply.id !== id) return;
            finish(() => (reply.error === undefined ? resolve(reply.result as T) : reject(new Error(reply.error))));
          };
          const onError = (error: Error) => end(new MediaError('文档转换组件出错', 'failed', String(error)));
          const onExit = () => end(new MediaError('文档转换组件意外退出', 'failed'));
          const onAbort = () => end(new MediaError('处理已取消', 'aborted'));
          const timer = setTimeout(() => end(new MediaError('文档转换超时', 'timeout')), timeoutMs);
          worker.on('message', onMessage);
          worker.on('error', onError);
          worker.on('exit', onExit);
          signal?.addEventListener('abort', onAbort, { once: true });
          worker.ref();
          worker.postMessage({ ...request, id });
        });
      } finally {
        this.worker?.unref();
        if (this.worker) {
          this.idle = setTimeout(() => void this.turn.runExclusive(() => this.stop()), IDLE_MS);
          this.idle.unref();
        }
      }
    });
  }
}

/** The process's document thread, shared by every api instance in it. */
const thread = new DocumentThread();

/** Ends the document thread, for shutdown and tests; the next request starts a new one. */
export const stopDocumentThread = () => thread.stop();

/** Office document → PDF at `output`; false when LibreOffice could not read the document. */
export const builtinOfficeToPdf = async (
  input: string,
  output: string,
  options: { timeoutMs: number; signal?: AbortSignal },
) => {
  const extension = input.slice(input.lastIndexOf('.') + 1).toLowerCase();
  const { written } = await thread.run<{ written: boolean }>({ op: 'toPdf', input, output, extension }, options);
  return written;
};

const UNREADABLE = '无法读取的 PDF 文件（文件可能已损坏或已加密）';

/** pdf.js refusing the file is the file's fault; anything else (the thread's limits) is not. */
const asMediaError = (error: unknown) =>
  error instanceof MediaError ? error : new MediaError(UNREADABLE, 'invalid', String((error as Error)?.message));

/** A PDF's page count, read with pdf.js. */
export const builtinPdfPageCount = async (pdf: string, options: { timeoutMs: number; signal?: AbortSignal }) => {
  try {
    return (await thread.run<{ pageCount: number }>({ op: 'count', pdf }, options)).pageCount;
  } catch (error) {
    throw asMediaError(error);
  }
};

/**
 * The first `pages` pages of a PDF as `p-1.jpg`, `p-2.jpg`, … (or .png) in `outDir`, `width` pixels wide, drawn by
 * pdf.js; answers the document's page count and how many were drawn.
 */
export const builtinRenderPages = async (
  pdf: string,
  outDir: string,
  request: { pages: number; width: number; format: 'jpeg' | 'png' },
  options: { timeoutMs: number; signal?: AbortSignal },
) => {
  try {
    return await thread.run<{ pageCount: number; rendered: number }>(
      { op: 'render', pdf, outDir, ...request },
      options,
    );
  } catch (error) {
    throw asMediaError(error);
  }
};
