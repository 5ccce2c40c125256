import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoFile, demoFilesFor, type LessonSpec } from '../../apps/api/src/demo/content/index.ts';
import {
  builtinOfficeToPdf,
  builtinPdfPageCount,
  builtinRenderPages,
} from '../../apps/api/src/modules/preview/builtin-documents.ts';
import { MediaError } from '../../apps/api/src/modules/preview/media-error.ts';
import { type TestApp, testAppFor } from '../support/app.ts';
import { loginAs } from '../support/auth.ts';
import { cookieOf, postDocument } from '../support/uploads.ts';

/**
 * Office previews on a machine with only Node: no soffice, no pdftoppm (their paths point nowhere), so the built-in
 * WebAssembly LibreOffice and pdf.js make the preview PDF, the thumbnail and the sample pages. The PDFs must carry
 * the Chinese text as real glyphs (a CJK font embedded, the text extractable), not boxes.
 */

const LESSON: Omit<LessonSpec, 'kind'> = {
  stage: '初中',
  subject: '数学',
  grade: 7,
  edition: '人教版',
  volume: '七年级上册',
  unit: '第一章 有理数',
  lesson: '1.1 正数和负数',
  author: '王春燕',
};

/** The text of every page, read with pdf.js (the api's copy: nothing from the system). */
const pdfText = async (pdf: Buffer) => {
  const fromApi = createRequire(path.resolve(import.meta.dirname, '../../apps/api/package.json'));
  /** The part of pdf.js used here (its types belong to the api's dependencies). */
  type PdfJs = {
    getDocument: (options: object) => {
      promise: Promise<{
        numPages: number;
        getPage: (n: number) => Promise<{ getTextContent: () => Promise<{ items: { str?: string }[] }> }>;
        destroy: () => Promise<void>;
      }>;
    };
  };
  const pdfjs = (await import(pathToFileURL(fromApi.resolve('pdfjs-dist/legacy/build/pdf.mjs')).href)) as PdfJs;
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), verbosity: 0, isEvalSupported: false }).promise;
  let text = '';
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    text += content.items.map((item) => item.str ?? '').join('');
  }
  await doc.destroy();
  return { pages: doc.numPages, text };
};

const embeddedFonts = (pdf: Buffer) =>
  [...pdf.toString('latin1').matchAll(/\/BaseFont\s*\/([^\s/<>[\]]+)/g)].map((m) => m[1]!.replace(/^[A-Z]{6}\+/, ''));

describe('Office previews with Node alone (built-in converters)', () => {
  let t: TestApp;
  let cookie: string;
  testAppFor((app) => (t = app), {
    env: {
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'zyk-builtin-docs-')),
      LIBREOFFICE_PATH: '/nonexistent/soffice',
      PDFTOPPM_PATH: '/nonexistent/pdftoppm',
      JOB_WORKER: 'false',
      RATE_LIMITS: 'false',
    },
  });
  beforeAll(async () => {
    cookie = cookieOf((await loginAs(t, 'wangcy')).jar);
  });
  afterAll(async () => {
    t?.app.server.closeAllConnections();
  });

  /** Uploads a file, runs its preview jobs, and answers its derivatives and the preview PDF. */
  const previewOf = async (file: DemoFile) => {
    const { status, json } = await postDocument(t.url, cookie, file.fileName, file.bytes);
    expect(status, json.msg).toBe(200);
    const id = json.data.id as string;
    await t.app.previews.drain();
    const rows = await t.prisma.fileDerivative.findMany({ where: { fileId: id } });
    const res = await fetch(`${t.url}/api/open/onlinePreview?fileId=${id}`, { headers: { cookie } });
    const answer = (await res.json()) as { data: { mode: string; url: string | null } };
    expect(answer.data.mode).toBe('pdf');
    const pdf = Buffer.from(await (await fetch(`${t.url}${answer.data.url}`)).arrayBuffer());
    return { id, rows, pdf };
  };

  it('turns a 教学设计 .docx, a 课件 .pptx and a 成绩分析表 .xlsx into PDFs with the Chinese drawn', async () => {
    expect(t.app.previews.tools).toMatchObject({ soffice: null, pdftoppm: null, builtinDocuments: true });
    const [design] = await demoFilesFor({ ...LESSON, kind: '教学设计' });
    const [slides] = await demoFilesFor({ ...LESSON, kind: '课件' });
    const [, scores] = await demoFilesFor({ ...LESSON, kind: '试卷' });
    for (const [file, words] of [
      [design!, ['正数和负数', '教学目标']],
      [slides!, ['正数和负数', '学习目标']],
      [scores!, ['正数和负数', '成绩分析表']],
    ] as const) {
      const { rows, pdf } = await previewOf(file);
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(rows.find((r) => r.variant === 'preview')).toMatchObject({ status: 'ready', source: 'libreoffice-wasm' });
      const { text } = await pdfText(pdf);
      for (const word of words) expect(text.replace(/\s+/g, ''), file.fileName).toContain(word);
      expect(embeddedFonts(pdf), file.fileName).toContain('NotoSansSC-Regular');
      // The thumbnail is the first page, drawn by pdf.js.
      const thumbnail = rows.find((r) => r.variant === 'thumbnail');
      expect(thumbnail).toMatchObject({ status: 'ready', source: 'pdfjs' });
      const thumb = await fetch(`${t.url}/api/file/thumbnail/${rows[0]!.fileId}`, { headers: { cookie } });
      expect(
        Buffer.from(await thumb.arrayBuffer())
          .subarray(1, 4)
          .toString(),
      ).toBe('PNG');
    }
  }, 300_000);

  it('draws the sample pages and counts the pages of the PDF the document became', async () => {
    const [design] = await demoFilesFor({ ...LESSON, kind: '教学设计' });
    const { id, pdf } = await previewOf(design!);
    await t.app.previews.enqueue(id, 'pages');
    await t.app.previews.drain();
    const pages = await t.prisma.fileDerivative.findUniqueOrThrow({
      where: { fileId_variant: { fileId: id, variant: 'pages' } },
    });
    expect(pages).toMatchObject({ status: 'ready', source: 'pdfjs' });
    const meta = pages.meta as { pageCount: number; images: string[] };
    expect(meta.pageCount).toBe((await pdfText(pdf)).pages);
    expect(meta.images.length).toBe(Math.min(meta.pageCount, t.config.PREVIEW_SAMPLE_PAGES));
    const first = await t.app.storage.get(`${pages.storageKey}/${meta.images[0]}`);
    const bytes: Buffer[] = [];
    for await (const part of first) bytes.push(part as Buffer);
    expect(
      Buffer.concat(bytes)
        .subarray(0, 3)
        .equals(Buffer.from([0xff, 0xd8, 0xff])),
    ).toBe(true);
  }, 300_000);
});

describe('the document thread', () => {
  it('ends a conversion that runs over its time, and the next one still converts', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'zyk-builtin-thread-'));
    const [design] = await demoFilesFor({ ...LESSON, kind: '教学设计' });
    const input = path.join(dir, 'design.docx');
    writeFileSync(input, design!.bytes);
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
