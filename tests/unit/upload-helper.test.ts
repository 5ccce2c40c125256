import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fenToYuanInput, formatBytes, MESSAGES, UPLOAD, yuanToFen } from '@zyk/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { baseNameOf, extensionOf, isMediaFile, shortName } from '../../apps/web/src/features/upload/lib/file-rules.ts';
import { RESUME_STORAGE_KEY, resumeKeyOf } from '../../apps/web/src/features/upload/lib/resume-store.ts';
import { type Timers, TransportError, xhrTransport } from '../../apps/web/src/features/upload/lib/transport.ts';
import { Uploader } from '../../apps/web/src/features/upload/lib/upload-helper.ts';
import {
  HELPER_MESSAGES,
  STATUS_LABELS,
  supportsUpload,
  UPLOAD_HELPER_DEFAULTS,
  type UploaderEvent,
  type UploaderOptions,
  type UploadItem,
  type UploadStatus,
} from '../../apps/web/src/features/upload/lib/upload-types.ts';

/**
 * The upload helper against an in-memory server speaking the api's protocol, through an
 * injected fetch and the test's fake timers. No React, no DOM: the helper must run in plain Node.
 */

const MiB = 1024 * 1024;

// ------------------------------------------------------------------------------------------------ fake server

type Plan =
  | 'network' // the request fails without an answer
  | 'hang' // no answer until the caller gives up
  | { status: number; body: unknown }; // this answer instead of the real one

interface Upload {
  name: string;
  size: number;
  received: number;
  fileId: string | null;
}

interface Logged {
  at: number;
  method: string;
  path: string;
  range: string | null;
  query: URLSearchParams;
  bytes: number;
}

class MemoryStorage {
  readonly map = new Map<string, string>();
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
}

/** The api's upload endpoints in memory: document form upload, init, metauri, chunk uri. */
class FakeServer {
  uploads = new Map<string, Upload>();
  log: Logged[] = [];
  /** Answers to use instead of the real ones, per endpoint, in order. */
  plans: Record<'document' | 'init' | 'meta' | 'chunk', Plan[]> = { document: [], init: [], meta: [], chunk: [] };
  /** How long each answer takes. */
  latency = 20;
  /** Chunk requests (numbered from 1) that get no answer. */
  failChunks = new Set<number>();
  private chunkCalls = 0;
  private next = 1;

  fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://app.test');
    const headers = new Headers(init?.headers);
    const body = init?.body;
    const file = body instanceof FormData ? (body.get('file') as Blob | null) : null;
    const endpoint = url.pathname.endsWith('/document')
      ? 'document'
      : url.pathname.endsWith('/init')
        ? 'init'
        : url.pathname.endsWith('/meta')
          ? 'meta'
          : 'chunk';
    this.log.push({
      at: Date.now(),
      method: init?.method ?? 'GET',
      path: url.pathname,
      range: headers.get('content-range'),
      query: url.searchParams,
      bytes: file?.size ?? 0,
    });
    let plan = this.plans[endpoint].shift();
    if (endpoint === 'chunk' && this.failChunks.has(++this.chunkCalls)) plan = 'network';
    const signal = init?.signal;
    await new Promise<void>((resolve, reject) => {
      const abort = () => reject(new DOMException('aborted', 'AbortError'));
      if (signal?.aborted) return abort();
      signal?.addEventListener('abort', abort, { once: true });
      if (plan !== 'hang') setTimeout(resolve, this.latency);
    });
    if (plan === 'network') throw new TypeError('Failed to fetch');
    // ('hang' never gets here: it only ends by the abort above)
    const answer = (plan as Exclude<Plan, string> | undefined) ?? this.handle(endpoint, url, headers, body, file);
    const text = JSON.stringify(answer.body);
    return { status: answer.status, text: async () => text } as Response;
  }) as typeof fetch;

  private chunkBody(result: number, received: number, fileId: string | null = null, code = 0, msg = '操作成功') {
    return { code, success: code === 0, msg, data: { result, received, fileId }, result, received };
  }

  private handle(
    endpoint: string,
    url: URL,
    headers: Headers,
    body: unknown,
    file: Blob | null,
  ): { status: number; body: unknown } {
    if (endpoint === 'document') {
      const name = (file as File).name;
      return {
        status: 200,
        body: {
          code: 0,
          success: true,
          msg: '上传成功',
          data: { id: `doc${this.next++}`, name, size: file?.size, type: extensionOf(name), kind: 'document' },
        },
      };
    }
    if (endpoint === 'init') {
      const { filename, filesize } = JSON.parse(String(body)) as { filename: string; filesize: number };
      const ccvid = `cc${this.next++}`;
      this.uploads.set(ccvid, { name: filename, size: filesize, received: 0, fileId: null });
      return {
        status: 200,
        body: {
          code: 0,
          success: true,
          msg: '操作成功',
          data: {
            uri: `/api/upload/video/chunk?ccvid=${ccvid}&uid=M1`,
            ccvid,
            uid: 'M1',
            metauri: '/api/upload/video/meta',
            servicetype: 'video',
            errMsg: null,
            errorType: null,
          },
        },
      };
    }
    const upload = this.uploads.get(url.searchParams.get('ccvid') ?? '');
    if (!upload) return { status: 404, body: this.chunkBody(-1, 0, null, 40400, MESSAGES.upload.uploadNotFound) };
    if (endpoint === 'meta') {
      if (upload.fileId) return { status: 200, body: this.chunkBody(1, upload.size, upload.fileId) };
      return { status: 200, body: this.chunkBody(0, upload.received) };
    }
    const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(headers.get('content-range') ?? '');
    if (!m || !file || Number(m[3]) !== upload.size || Number(m[2]) - Number(m[1]) + 1 !== file.size) {
      return { status: 400, body: this.chunkBody(-3, upload.received, null, 40000, MESSAGES.upload.dataError) };
    }
    const [start, end] = [Number(m[1]), Number(m[2])];
    if (start > upload.received || end < upload.received)
      return { status: 200, body: this.chunkBody(0, upload.received) };
    upload.received = end + 1;
    if (upload.received === upload.size) {
      upload.fileId = `vid-${url.searchParams.get('ccvid')}`;
      return { status: 200, body: this.chunkBody(1, upload.size, upload.fileId) };
    }
    return { status: 200, body: this.chunkBody(0, upload.received) };
  }

  chunks() {
    return this.log.filter((r) => r.range !== null);
  }
  paths() {
    return this.log.map((r) => r.path.split('/').pop());
  }
}

// ------------------------------------------------------------------------------------------------ helpers

const file = (name: string, size: number, lastModified = 1_700_000_000_000) =>
  new File([new Uint8Array(size)], name, { lastModified });

let server: FakeServer;
let storage: MemoryStorage;
let made: Uploader[] = [];

const uploader = (options: UploaderOptions = {}) => {
  const u = new Uploader({
    fetch: server.fetch,
    storage,
    maxVideoSize: UPLOAD.videoMaxBytes,
    maxAttachmentSize: UPLOAD.documentMaxBytes,
    ...options,
  });
  made.push(u);
  return u;
};

/** Lets fake time pass in small steps until `condition` holds. */
const until = async (condition: () => boolean, maxMs = 200_000, stepMs = 5) => {
  for (let waited = 0; waited <= maxMs; waited += stepMs) {
    if (condition()) return;
    await vi.advanceTimersByTimeAsync(stepMs);
  }
  throw new Error(`not reached within ${maxMs} ms`);
};

const only = (u: Uploader) => u.getItems()[0] as UploadItem;

/** Every status an item went through, in order. */
const statusTrail = (u: Uploader) => {
  const trail = new Map<string, UploadStatus[]>();
  u.subscribe(() => {
    for (const item of u.getItems()) {
      const seen = trail.get(item.uuid) ?? [];
      if (seen.at(-1) !== item.status) seen.push(item.status);
      trail.set(item.uuid, seen);
    }
  });
  return trail;
};

const messages = (u: Uploader) => {
  const said: string[] = [];
  u.subscribe((event) => {
    if (event.type === 'message') said.push(event.text);
  });
  return said;
};

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-03-01T08:00:00+08:00') });
  server = new FakeServer();
  storage = new MemoryStorage();
  made = [];
});

afterEach(() => {
  for (const u of made) u.destroy();
  vi.useRealTimers();
});

// ------------------------------------------------------------------------------------------------ tests

describe('the helper stands alone', () => {
  it('imports no React, antd or DOM-only module: only the shared package and its own files', () => {
    const dir = path.resolve(import.meta.dirname, '../../apps/web/src/features/upload/lib');
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.ts') && n !== 'agreement.ts')) {
      const imports = [...readFileSync(path.join(dir, name), 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1]);
      for (const source of imports)
        expect(source, `${name} imports ${source}`).toMatch(/^(@zyk\/shared|\.\/[\w-]+\.ts)$/);
    }
  });
});

describe('file rules', () => {
  it('shortens names over 9 characters to 8 and an ellipsis, counting characters not bytes', () => {
    expect(shortName('一元二次方程教学设')).toBe('一元二次方程教学设'); // 9: unchanged
    expect(shortName('一元二次方程教学设计.docx')).toBe('一元二次方程教学…');
    expect(shortName('abcdefghij')).toBe('abcdefgh…');
    expect(shortName('a.mp4')).toBe('a.mp4');
    expect(shortName('😀😀😀😀😀😀😀😀😀😀')).toBe('😀😀😀😀😀😀😀😀…');
  });

  it('sends video and audio through the chunked upload, everything else through the form', () => {
    for (const ext of [
      'wmv',
      'rmvb',
      'mpg',
      'mov',
      '3gp',
      'mp4',
      'mkv',
      'avi',
      'flv',
      'wav',
      'mp3',
      'flac',
      'aac',
      'm4a',
    ]) {
      expect(isMediaFile(`课.${ext}`)).toBe(true);
      expect(isMediaFile(`课.${ext.toUpperCase()}`)).toBe(true);
    }
    for (const name of ['a.docx', 'a.pdf', 'a.txt', 'a.png', 'mp4', 'a.mp4.txt']) expect(isMediaFile(name)).toBe(false);
    expect(baseNameOf('勾股定理.教学设计.docx')).toBe('勾股定理.教学设计');
    expect(extensionOf('.bashrc')).toBe('');
  });

  it('turns 元 into integer 分 without floating-point drift', () => {
    expect(yuanToFen(19.99)).toBe(1999);
    expect(yuanToFen('0.1')).toBe(10);
    expect(yuanToFen(0)).toBe(0);
    expect(yuanToFen(0.1 + 0.2)).toBe(30); // 0.30000000000000004: rounded to the fen
    expect(yuanToFen('12.345')).toBeNull();
    expect(yuanToFen(-1)).toBeNull();
    expect(yuanToFen('abc')).toBeNull();
    expect(fenToYuanInput(1999)).toBe('19.99');
    expect(fenToYuanInput(500)).toBe('5');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(50 * MiB)).toBe('50 MB');
  });
});

describe('selection rules', () => {
  it('has the spec defaults', () => {
    expect(UPLOAD_HELPER_DEFAULTS).toMatchObject({
      limit: 1,
      maxVideoSize: MiB,
      maxAttachmentSize: MiB,
      chunkSize: MiB,
      concurrency: 1,
      maxRetries: 10,
      retryDelayMs: 500,
      resumeQueryTimeoutMs: 5_000,
      uploadTimeoutMs: 30_000,
      progressIntervalMs: 100,
      bitrateIntervalMs: 500,
    });
    expect(STATUS_LABELS.ready).toBe('排队等待中');
  });

  it('says the browser does not support uploads without File, FormData or Blob slicing', () => {
    expect(supportsUpload(globalThis)).toBe(true);
    expect(supportsUpload({ File, FormData, Blob: function Blob() {} as unknown })).toBe(false);
    expect(supportsUpload({ File, Blob })).toBe(false);
    const u = uploader({ environment: { FormData, Blob } });
    const said = messages(u);
    const { added, rejected } = u.addFiles([file('a.pdf', 10)]);
    expect(added).toEqual([]);
    expect(rejected).toEqual([{ name: null, message: MESSAGES.upload.unsupportedBrowser }]);
    expect(said).toEqual(['浏览器不支持此上传方式']);
  });

  it('allows one file per selection by default and refuses the whole selection beyond the limit', () => {
    const u = uploader();
    const said = messages(u);
    expect(u.addFiles([file('a.pdf', 10), file('b.pdf', 10)]).added).toEqual([]);
    expect(said).toEqual(['单次最多上传 10 个文件，请重新选择']);
    expect(u.getItems()).toEqual([]);

    const ten = uploader({ limit: 10, autoStart: false });
    const eleven = Array.from({ length: 11 }, (_, i) => file(`${i}.pdf`, 10));
    expect(ten.addFiles(eleven).added).toHaveLength(0);
    expect(ten.addFiles(eleven.slice(0, 10)).added).toHaveLength(10);

    const capped = uploader({ limit: 5, maxItems: 6, autoStart: false, limitMessage: '最多 6 个' });
    const saidCapped = messages(capped);
    capped.addFiles(eleven.slice(0, 5));
    capped.addFiles(eleven.slice(5, 7));
    expect(saidCapped).toEqual(['最多 6 个']);
    expect(capped.getItems()).toHaveLength(5);
  });

  it('refuses oversize videos and attachments with their own messages; the defaults are 1 MiB', () => {
    const strict = new Uploader({ fetch: server.fetch, storage, limit: 10, autoStart: false });
    made.push(strict);
    const said = messages(strict);
    strict.addFiles([file('课.mp4', MiB + 1), file('教案.docx', MiB + 1), file('小.mp4', MiB), file('空.pdf', 0)]);
    expect(said).toEqual([
      MESSAGES.upload.videoTooLarge,
      MESSAGES.upload.attachmentTooLarge,
      MESSAGES.upload.emptyFile,
    ]);
    expect(strict.getItems().map((i) => i.name)).toEqual(['小.mp4']);

    const screens = uploader({ limit: 10, autoStart: false });
    const saidScreens = messages(screens);
    const big = { name: '大.mp4', size: UPLOAD.videoMaxBytes + 1, type: 'video/mp4', slice: () => new Blob() };
    const doc = { name: '大.pdf', size: UPLOAD.documentMaxBytes + 1, type: '', slice: () => new Blob() };
    const ok = { name: '整.mp4', size: UPLOAD.videoMaxBytes, type: 'video/mp4', slice: () => new Blob() };
    screens.addFiles([big, doc, ok]);
    expect(saidScreens).toEqual(['视频文件过大', '附件文件过大']);
    expect(screens.getItems().map((i) => i.name)).toEqual(['整.mp4']);
  });

  it('refuses extensions it does not accept, and the same file twice', () => {
    const u = uploader({ limit: 10, accept: ['mp4'], autoStart: false });
    const said = messages(u);
    u.addFiles([file('a.exe', 10), file('a.mp4', 10)]);
    u.addFiles([file('a.mp4', 10)]);
    expect(said).toEqual([MESSAGES.upload.mediaTypeNotAllowed, HELPER_MESSAGES.duplicate]);
    expect(uploader({ accept: ['pdf'] }).addFiles([file('a.mp4', 1)]).rejected[0]?.message).toBe(
      MESSAGES.upload.documentTypeNotAllowed,
    );
  });

  it('keeps the item fields of the spec', () => {
    const u = uploader({ autoStart: false, categoryId: '7', categoryDesc: '微课', tag: '数学', notifyUrl: '/n' });
    const { added } = u.addFiles([
      new File([new Uint8Array(3)], '一元二次方程教学设计.pdf', { type: 'application/pdf' }),
    ]);
    expect(added[0]).toMatchObject({
      name: '一元二次方程教学设计.pdf',
      shortName: '一元二次方程教学…',
      size: 3,
      type: 'application/pdf',
      url: '/api/upload/document',
      categoryId: '7',
      categoryDesc: '微课',
      tag: '数学',
      notifyUrl: '/n',
      progress: { loaded: 0, total: 3, bitrate: 0 },
      retries: 0,
      failMsg: null,
      status: 'added',
      method: 'form',
    });
    expect(added[0]?.uuid).toMatch(/\S{8,}/);
  });
});

describe('queue and form upload', () => {
  it('goes added → ready → uploading → success, one upload at a time, the next waiting in line', async () => {
    const u = uploader({ limit: 10 });
    const trail = statusTrail(u);
    u.addFiles([file('一.pdf', 100), file('二.docx', 200)]);
    await until(() => u.getItems().some((i) => i.status === 'uploading'));
    expect(u.getItems().map((i) => i.status)).toEqual(['uploading', 'ready']);
    await until(() => u.getItems().every((i) => i.status === 'success'));
    for (const seen of trail.values()) expect(seen).toEqual(['added', 'ready', 'uploading', 'success']);
    expect(u.getItems().map((i) => i.fileId)).toEqual(['doc1', 'doc2']);
    expect(only(u).file).toMatchObject({ id: 'doc1', name: '一.pdf', size: 100 });
    expect(only(u).progress).toEqual({ loaded: 100, total: 100, bitrate: 0 });
    // strictly one after the other
    expect(server.paths()).toEqual(['document', 'document']);
  });

  it('shows the server message when a document is refused, without retrying', async () => {
    const u = uploader();
    server.plans.document.push({
      status: 415,
      body: { code: 41500, success: false, msg: MESSAGES.upload.contentMismatch, data: null },
    });
    u.addFiles([file('假.docx', 100)]);
    await until(() => only(u).status === 'failure');
    expect(only(u).failMsg).toBe(MESSAGES.upload.contentMismatch);
    expect(server.log).toHaveLength(1);
  });

  it('retries a form upload after a network failure, 500 ms later', async () => {
    const u = uploader();
    server.plans.document.push('network');
    u.addFiles([file('a.pdf', 100)]);
    await until(() => only(u).retries === 1);
    expect(only(u)).toMatchObject({ status: 'uploading', notice: MESSAGES.upload.networkRetrying });
    await until(() => only(u).status === 'success');
    const [first, second] = server.log;
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(500 + server.latency);
  });
});

describe('chunked upload', () => {
  it('sends 1 MiB chunks with Content-Range to the uri and finishes with the file id', async () => {
    const u = uploader();
    const trail = statusTrail(u);
    u.addFiles([file('勾股定理.mp4', 3.5 * MiB)]);
    await until(() => only(u).status === 'success');
    expect([...trail.values()][0]).toEqual(['added', 'ready', 'uploading', 'success']);
    expect(server.paths()).toEqual(['init', 'chunk', 'chunk', 'chunk', 'chunk']);
    const size = 3.5 * MiB;
    expect(server.chunks().map((c) => c.range)).toEqual([
      `bytes 0-${MiB - 1}/${size}`,
      `bytes ${MiB}-${2 * MiB - 1}/${size}`,
      `bytes ${2 * MiB}-${3 * MiB - 1}/${size}`,
      `bytes ${3 * MiB}-${size - 1}/${size}`,
    ]);
    expect(server.chunks().map((c) => c.bytes)).toEqual([MiB, MiB, MiB, MiB / 2]);
    expect(only(u)).toMatchObject({
      fileId: 'vid-cc1',
      url: '/api/upload/video/chunk?ccvid=cc1&uid=M1',
      method: 'chunked',
    });
    // finished: nothing left to resume
    expect(storage.map.get(RESUME_STORAGE_KEY)).toBeUndefined();
  });

  it('caps the chunk size at 4 MiB', async () => {
    const u = uploader({ chunkSize: 16 * MiB });
    u.addFiles([file('a.mp4', 9 * MiB)]);
    await until(() => only(u).status === 'success');
    expect(server.chunks().map((c) => c.bytes)).toEqual([4 * MiB, 4 * MiB, MiB]);
  });

  it('on a network failure waits 500 ms × attempt, asks where to resume, then goes on', async () => {
    server.failChunks = new Set([2, 3]); // the 2nd chunk request and its first retry get no answer
    const u = uploader();
    u.addFiles([file('课.mp4', 3 * MiB)]);
    await until(() => only(u).retries === 1);
    expect(only(u)).toMatchObject({ status: 'uploading', notice: '网络异常，正在重试' });
    await until(() => only(u).status === 'success');
    expect(server.paths()).toEqual(['init', 'chunk', 'chunk', 'meta', 'chunk', 'meta', 'chunk', 'chunk']);
    const at = (i: number) => server.log[i]!.at;
    // the 2nd chunk fails → 500 ms → position query; fails again → 1000 ms → position query
    expect(at(3) - at(2)).toBe(server.latency + 500);
    expect(at(5) - at(4)).toBe(server.latency + 1000);
    expect(Object.fromEntries(server.log[3]!.query)).toEqual({
      ccvid: 'cc1',
      uid: 'M1',
      filename: '课.mp4',
      filesize: String(3 * MiB),
      servicetype: 'video',
    });
    expect(server.log[6]!.range).toBe(`bytes ${MiB}-${2 * MiB - 1}/${3 * MiB}`);
    // progress resets the retry count
    expect(only(u).retries).toBe(0);
  });

  it('gives up after 10 retries', async () => {
    const u = uploader();
    u.addFiles([file('课.mp4', 2 * MiB)]);
    await until(() => server.chunks().length === 1);
    for (let i = 0; i < 30; i++) server.plans.chunk.push('network');
    const start = Date.now();
    await until(() => only(u).status === 'failure');
    expect(only(u).retries).toBe(10);
    expect(only(u).failMsg).toBe(HELPER_MESSAGES.networkFailed);
    // the first chunk went through; the second was tried 11 times (the first try and 10 retries)
    expect(server.chunks()).toHaveLength(12);
    expect(server.paths().filter((p) => p === 'meta')).toHaveLength(10);
    // waits 500 ms × 1…10 = 27.5 s in all
    expect(Date.now() - start).toBeGreaterThanOrEqual(27_500);
    // the saved upload info stays: a retry later (or after a reload) can continue
    expect(storage.map.get(RESUME_STORAGE_KEY)).toContain('cc1');
    server.plans.chunk.length = 0; // the network is back
    expect(u.retry(only(u).uuid)).toBe(true);
    await until(() => only(u).status === 'success');
  });

  it('result -1 fails at once; -2 retries; -3 retries only once there is progress', async () => {
    const gone = uploader();
    server.plans.chunk.push({
      status: 404,
      body: {
        code: 40400,
        success: false,
        msg: MESSAGES.upload.uploadNotFound,
        data: { result: -1, received: 0, fileId: null },
        result: -1,
        received: 0,
      },
    });
    gone.addFiles([file('a.mp4', 2 * MiB)]);
    await until(() => only(gone).status === 'failure');
    expect(only(gone).failMsg).toBe('上传失败（错误码 -1）：上传任务不存在或已过期，请重新上传');
    expect(only(gone).retries).toBe(0);
    expect(storage.map.get(RESUME_STORAGE_KEY)).toBeUndefined();

    server = new FakeServer();
    const busy = uploader();
    server.plans.chunk.push({
      status: 503,
      body: {
        code: 50300,
        success: false,
        msg: MESSAGES.upload.storageUnavailable,
        data: { result: -2, received: 0, fileId: null },
        result: -2,
        received: 0,
      },
    });
    busy.addFiles([file('b.mp4', 2 * MiB)]);
    await until(() => only(busy).status === 'success');
    expect(server.paths()).toEqual(['init', 'chunk', 'meta', 'chunk', 'chunk']);

    server = new FakeServer();
    const bad = uploader();
    const minus3 = (received: number) => ({
      status: 400,
      body: {
        code: 40000,
        success: false,
        msg: MESSAGES.upload.dataError,
        data: { result: -3, received, fileId: null },
        result: -3,
        received,
      },
    });
    server.plans.chunk.push(minus3(0));
    bad.addFiles([file('c.mp4', 2 * MiB)]);
    await until(() => only(bad).status === 'failure');
    expect(only(bad).failMsg).toBe('上传失败（错误码 -3）：上传数据有误');
    expect(server.paths()).toEqual(['init', 'chunk']);

    server = new FakeServer();
    const partial = uploader();
    partial.addFiles([file('d.mp4', 3 * MiB)]);
    await until(() => server.chunks().length === 1);
    server.plans.chunk.push(minus3(MiB));
    await until(() => only(partial).status === 'success');
    expect(server.paths()).toEqual(['init', 'chunk', 'chunk', 'meta', 'chunk', 'chunk']);
  });

  it('asks for the resume position within 5 s and says so when it cannot get it', async () => {
    const u = uploader({ maxRetries: 2 });
    u.addFiles([file('a.mp4', 2 * MiB)]);
    await until(() => server.chunks().length === 1);
    server.plans.chunk.push('network');
    server.plans.meta.push('hang', 'hang', 'hang');
    await until(() => only(u).status === 'failure');
    expect(only(u).failMsg).toBe(MESSAGES.upload.resumePointFailed);
    const metas = server.log.filter((r) => r.path.endsWith('/meta'));
    expect(metas).toHaveLength(2);
    // each query gave up after 5 s; the next one came 500 × 2 ms later
    expect(metas[1]!.at - metas[0]!.at).toBe(5_000 + 1_000);
  });

  it('gives a chunk 30 s, then retries', async () => {
    const u = uploader();
    u.addFiles([file('a.mp4', 2 * MiB)]);
    server.plans.chunk.push('hang');
    await until(() => only(u).retries === 1);
    const [, chunk] = server.log;
    expect(Date.now() - chunk!.at).toBeGreaterThanOrEqual(30_000);
    expect(Date.now() - chunk!.at).toBeLessThan(30_100);
    await until(() => only(u).status === 'success');
  });

  it('pauses, resumes from the server position, and cancels', async () => {
    const u = uploader({ limit: 10 });
    const trail = statusTrail(u);
    u.addFiles([file('a.mp4', 4 * MiB), file('b.mp4', 2 * MiB)]);
    await until(() => server.chunks().length === 2);
    const [a, b] = u.getItems() as [UploadItem, UploadItem];
    expect(u.pause(a.uuid)).toBe(true);
    expect(u.get(a.uuid)?.status).toBe('paused');
    // the next in line starts
    await until(() => u.get(b.uuid)?.status === 'uploading');
    expect(u.pause(b.uuid)).toBe(true);
    const before = server.log.length;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(server.log).toHaveLength(before); // nothing goes out while paused

    expect(u.resume(a.uuid)).toBe(true);
    await until(() => u.get(a.uuid)?.status === 'success');
    // resumed: asked where to go on, then only the rest
    const afterResume = server.log.slice(before);
    expect(afterResume[0]?.path).toMatch(/\/meta$/);
    expect(u.get(a.uuid)?.fileId).toBe('vid-cc1');
    expect(trail.get(a.uuid)).toEqual(['added', 'ready', 'uploading', 'paused', 'ready', 'uploading', 'success']);

    expect(u.cancel(b.uuid)).toBe(true);
    expect(u.get(b.uuid)?.status).toBe('canceled');
    expect(u.resume(b.uuid)).toBe(false);
    expect(u.cancel(a.uuid)).toBe(false); // done is done
    expect(storage.map.get(RESUME_STORAGE_KEY)).toBeUndefined();
    u.remove(b.uuid);
    expect(u.getItems().map((i) => i.name)).toEqual(['a.mp4']);
  });

  it('after a page reload, continues the same file from where the server is', async () => {
    const first = uploader();
    const chosen = file('微课-分数的初步认识.mp4', 5 * MiB, 1_700_000_123_000);
    first.addFiles([chosen]);
    await until(() => server.chunks().length === 3);
    first.destroy(); // the page goes away mid-upload
    const saved = JSON.parse(storage.map.get(RESUME_STORAGE_KEY) ?? '[]') as { key: string; ccvid: string }[];
    expect(saved).toMatchObject([{ key: resumeKeyOf(chosen), ccvid: 'cc1' }]);
    const received = server.uploads.get('cc1')!.received;
    expect(received).toBeGreaterThanOrEqual(2 * MiB);

    const second = uploader();
    expect(second.pendingResumes().map((r) => r.name)).toEqual(['微课-分数的初步认识.mp4']);
    const before = server.log.length;
    second.addFiles([file('微课-分数的初步认识.mp4', 5 * MiB, 1_700_000_123_000)]);
    await until(() => only(second).status === 'success');
    const after = server.log.slice(before);
    expect(after[0]?.path).toMatch(/\/meta$/); // no new init
    expect(after.filter((r) => r.path.endsWith('/init'))).toHaveLength(0);
    expect(after[1]?.range).toBe(`bytes ${received}-${received + MiB - 1}/${5 * MiB}`);
    expect(only(second)).toMatchObject({ resumedFrom: received, fileId: 'vid-cc1' });
    expect(second.pendingResumes()).toEqual([]);

    // Given up on: the same file starts afresh.
    const third = uploader();
    third.addFiles([file('另一个.mp4', 3 * MiB)]);
    await until(() => server.chunks().length >= 8);
    third.destroy();
    const fourth = uploader();
    expect(fourth.pendingResumes().map((r) => r.name)).toEqual(['另一个.mp4']);
    fourth.forgetResume(fourth.pendingResumes()[0]!.key);
    expect(fourth.pendingResumes()).toEqual([]);
    fourth.addFiles([file('另一个.mp4', 3 * MiB)]);
    await until(() => only(fourth).status === 'success');
    expect(server.paths().filter((p) => p === 'init')).toHaveLength(3);
  });

  it('starts over when the server no longer knows the saved upload; a different file is not confused with it', async () => {
    const first = uploader();
    first.addFiles([file('a.mp4', 3 * MiB)]);
    await until(() => server.chunks().length === 1);
    first.destroy();
    server.uploads.clear(); // expired on the server

    const second = uploader();
    second.addFiles([file('a.mp4', 3 * MiB)]);
    await until(() => only(second).status === 'success');
    expect(server.paths().slice(-5)).toEqual(['meta', 'init', 'chunk', 'chunk', 'chunk']);

    // same name, other modification time: another file, a fresh upload
    const third = uploader();
    third.addFiles([file('a.mp4', 3 * MiB, 42)]);
    await until(() => only(third).status === 'success');
    expect(server.paths().slice(-4)).toEqual(['init', 'chunk', 'chunk', 'chunk']);
  });

  it('reports progress at most every 100 ms and the bitrate every 500 ms', async () => {
    server.latency = 230; // each answer takes 230 ms: 1 MiB per 230 ms once the chunks go
    const u = uploader();
    const progress: { at: number; loaded: number; bitrate: number }[] = [];
    u.subscribe((event: UploaderEvent) => {
      if (event.type === 'progress') progress.push({ at: Date.now(), ...event.item.progress });
    });
    u.addFiles([file('a.mp4', 6 * MiB)]);
    await until(() => server.chunks().length === 5);
    const gaps = progress.slice(1).map((p, i) => p.at - progress[i]!.at);
    expect(progress.length).toBeGreaterThan(1);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(100);
    for (const p of progress) expect(p.at % 100).toBe(0);
    // measured at 1000 ms over the window since 500 ms: 2 MiB in 500 ms ≈ 33.5 Mbit/s
    const rate = only(u).progress.bitrate;
    expect(rate).toBeGreaterThan(20_000_000);
    expect(rate).toBeLessThan(45_000_000);
    await until(() => only(u).status === 'success');
    expect(only(u).progress.bitrate).toBe(0);
  });

  it('works with injected timers and a transport of its own', async () => {
    const pending: { fn: () => void; at: number }[] = [];
    let now = 0;
    const timers: Timers = {
      setTimeout: (fn, ms) => pending.push({ fn, at: now + ms }),
      clearTimeout: () => {},
      setInterval: () => 0,
      clearInterval: () => {},
      now: () => now,
    };
    const calls: string[] = [];
    const u = new Uploader({
      timers,
      storage: null,
      transport: async (req) => {
        calls.push(`${req.method} ${req.url}`);
        if (calls.length === 1) throw new TransportError('network');
        return { status: 200, body: { code: 0, msg: '', data: { id: 'x1', name: 'a.txt', size: 1, type: 'txt' } } };
      },
    });
    made.push(u);
    u.addFiles([file('a.txt', 1)]);
    await vi.advanceTimersByTimeAsync(0);
    expect(only(u).retries).toBe(1);
    expect(pending.map((p) => p.at)).toEqual([500]);
    now = 500;
    pending.shift()?.fn();
    await vi.advanceTimersByTimeAsync(0);
    expect(only(u)).toMatchObject({ status: 'success', fileId: 'x1' });
    expect(calls).toEqual(['POST /api/upload/document', 'POST /api/upload/document']);
  });
});

describe('XMLHttpRequest transport', () => {
  it('reports upload progress and times out only when nothing moves for the limit', async () => {
    class FakeXhr {
      static last: FakeXhr;
      status = 0;
      responseText = '';
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      upload = { onprogress: null as ((e: { loaded: number }) => void) | null };
      headers: Record<string, string> = {};
      aborted = false;
      constructor() {
        FakeXhr.last = this;
      }
      open() {}
      setRequestHeader(name: string, value: string) {
        this.headers[name] = value;
      }
      send() {}
      abort() {
        this.aborted = true;
        this.onabort?.();
      }
    }
    const transport = xhrTransport(() => new FakeXhr());
    const sent: number[] = [];
    const done = transport({
      method: 'POST',
      url: '/x',
      headers: { 'content-range': 'bytes 0-9/10' },
      timeoutMs: 30_000,
      signal: new AbortController().signal,
      onUploadProgress: (n) => sent.push(n),
    });
    const xhr = FakeXhr.last;
    expect(xhr.headers['content-range']).toBe('bytes 0-9/10');
    for (let i = 1; i <= 3; i++) {
      await vi.advanceTimersByTimeAsync(20_000);
      xhr.upload.onprogress?.({ loaded: i * 100 });
    }
    expect(sent).toEqual([100, 200, 300]);
    xhr.status = 200;
    xhr.responseText = '{"result":1}';
    xhr.onload?.();
    await expect(done).resolves.toEqual({ status: 200, body: { result: 1 } });

    const stuck = transport({ method: 'GET', url: '/y', timeoutMs: 30_000, signal: new AbortController().signal });
    const outcome = stuck.catch((error: TransportError) => error.kind);
    await vi.advanceTimersByTimeAsync(30_000);
    await expect(outcome).resolves.toBe('timeout');
    expect(FakeXhr.last.aborted).toBe(true);
  });
});
