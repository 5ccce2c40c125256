import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  builtinOfficeToPdf,
  builtinPdfPageCount,
  builtinRenderPages,
} from '../../apps/api/src/modules/preview/builtin-documents.ts';
import { MediaError } from '../../apps/api/src/modules/preview/media-error.ts';
import { storeDocument } from '../../apps/api/src/modules/uploads/document.ts';
import { type TestApp, testAppFor } from '../support/app.ts';
import { loginAs } from '../support/auth.ts';
import { docx } from '../support/files.ts';
import { cookieOf, postDocument } from '../support/uploads.ts';

/**
 * The built-in document thread (WebAssembly LibreOffice and pdf.js on a worker thread) under its limits: a request
 * over its time ends the thread and the next one starts afresh; a file pdf.js refuses is the file's fault. Its
 * previews of real documents are tested in demo-content-preview.test.ts. And the queue's order: a document a
 * person waits for is converted before background work (a seed's files, work queued again after an install).
 */

describe('the document thread', () => {
  it('ends a conversion that runs over its time, and the next one still converts', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'zyk-builtin-thread-'));
    const input = path.join(dir, 'design.docx');
    writeFileSync(input, docx('正数和负数：比 0 大的数叫做正数，比 0 小的数叫做负数。'));
    const late = builtinOfficeToPdf(input, path.join(dir, 'late.pdf'), { timeoutMs: 50 });
    await expect(late).rejects.toBeInstanceOf(MediaError);
    await expect(late).rejects.toMatchObject({ kind: 'timeout' });
    expect(await builtinOfficeToPdf(input, path.join(dir, 'design.pdf'), { timeoutMs: 120_000 })).toBe(true);
    const pdf = path.join(dir, 'design.pdf');
    expect(readFileSync(pdf).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const count = await builtinPdfPageCount(pdf, { timeoutMs: 30_000 });
    expect(count).toBeGreaterThan(0);
    const drawn = await builtinRenderPages(
      pdf,
      path.join(dir, 'pages'),
      { pages: 2, width: 600, format: 'jpeg' },
      { timeoutMs: 30_000 },
    );
    expect(drawn).toEqual({ pageCount: count, rendered: Math.min(2, count) });
  }, 300_000);

  it('says a file that is not a PDF cannot be read, as the file’s fault', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'zyk-builtin-bad-'));
    const bad = path.join(dir, 'bad.pdf');
    writeFileSync(bad, '%PDF-1.4 this is not a document');
    await expect(builtinPdfPageCount(bad, { timeoutMs: 30_000 })).rejects.toMatchObject({ kind: 'invalid' });
  }, 60_000);
});

describe('a teacher’s upload ahead of a backlog', () => {
  let t: TestApp;
  let cookie: string;
  testAppFor((app) => (t = app), {
    env: {
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'zyk-backlog-')),
      JOB_WORKER: 'true',
      MEDIA_CONCURRENCY: '1',
      RATE_LIMITS: 'false',
    },
  });
  beforeAll(async () => {
    cookie = cookieOf((await loginAs(t, 'wangcy')).jar);
  });
  afterAll(async () => {
    t?.app.server.closeAllConnections();
  });

  const previewReady = (ids: string[]) =>
    t.prisma.fileDerivative.count({ where: { fileId: { in: ids }, variant: 'preview', status: 'ready' } });

  /** Twelve documents stored as a seed stores them (background work), by lijg; answers their file ids. */
  const seedBacklog = async (nameAndText: (i: number) => [string, string]) => {
    const user = await t.prisma.user.findFirstOrThrow({
      where: { userName: 'lijg' },
      select: { id: true, memberId: true, userName: true },
    });
    const seeder = { ...user, isAdmin: false, sessionId: '' };
    const backlog: string[] = [];
    for (let i = 0; i < 12; i++) {
      const [filename, text] = nameAndText(i);
      const part = { filename, file: Readable.from(docx(text)) };
      backlog.push((await storeDocument(t.app, t.config, seeder, part, { background: true })).id);
    }
    return backlog;
  };

  it('converts the teacher’s document next, while a seed’s conversions wait behind it', async () => {
    const backlog = await seedBacklog((i) => [`积压文档${i}.docx`, `第 ${i} 份积压的教学设计：有理数的加法。`]);
    const before = await previewReady(backlog);
    const { json } = await postDocument(t.url, cookie, '老师刚上传的教学设计.docx', docx('老师刚上传：正数和负数。'));
    const mine = json.data.id as string;
    await vi.waitFor(async () => expect(await previewReady([mine])).toBe(1), { timeout: 120_000, interval: 200 });
    // At most the one background conversion that was running when the upload arrived finished in between.
    expect((await previewReady(backlog)) - before).toBeLessThanOrEqual(1);
    expect(await previewReady(backlog)).toBeLessThan(backlog.length);
  }, 180_000);

  it('converts a waiting document next once someone opens its preview', async () => {
    const backlog = await seedBacklog((i) => [`又一份积压${i}.docx`, `第 ${i} 份：数轴与相反数。`]);
    const opened = backlog.at(-1)!;
    const before = await previewReady(backlog);
    // Its owner opens it (an unpublished file is theirs to see).
    const owner = cookieOf((await loginAs(t, 'lijg')).jar);
    const res = await fetch(`${t.url}/api/open/onlinePreview?fileId=${opened}`, { headers: { cookie: owner } });
    expect(((await res.json()) as { data: { mode: string } }).data.mode).toBe('converting');
    await vi.waitFor(async () => expect(await previewReady([opened])).toBe(1), { timeout: 120_000, interval: 200 });
    // The opened one, and at most the one that was running when it was opened.
    expect((await previewReady(backlog)) - before).toBeLessThanOrEqual(2);
  }, 180_000);
});
