import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoFile, demoFilesFor, type LessonSpec } from '../../apps/api/src/demo/content/index.ts';
import { type TestApp, testAppFor } from '../support/app.ts';
import { loginAs } from '../support/auth.ts';
import { onPath } from '../support/files.ts';
import { cookieOf, postDocument } from '../support/uploads.ts';

/**
 * The demo's generated files go through the product like a teacher's upload (content check on the way in), and
 * the product's own LibreOffice conversion turns them into PDFs whose text still holds the Chinese lesson name:
 * proof that the fonts and encoding survive, so previews of the demo library show real content. With the system's
 * LibreOffice where it and poppler's pdftotext are installed (.ci/run installs them), and always with the built-in
 * WebAssembly LibreOffice and pdf.js that a machine with only Node uses.
 */

const HAS_TOOLS = onPath('soffice') && onPath('pdftotext');

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

const pdfText = (pdf: Buffer) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'zyk-demo-pdf-'));
  try {
    const file = path.join(dir, 'preview.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

/** For the tests of a describe block: an app without a background worker (`env` added), and a teacher's cookie. */
const teacherApp = (env: Record<string, string>, keep: (app: TestApp, cookie: string) => void) => {
  let t: TestApp;
  testAppFor((app) => (t = app), {
    env: {
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'zyk-demo-content-')),
      JOB_WORKER: 'false',
      RATE_LIMITS: 'false',
      ...env,
    },
  });
  beforeAll(async () => {
    keep(t, cookieOf((await loginAs(t, 'wangcy')).jar));
  });
  afterAll(async () => {
    t?.app.server.closeAllConnections();
  });
};

/** Uploads a demo file as a teacher would, runs its preview jobs, and answers its derivatives and the preview PDF. */
const uploadedPreview = async (t: TestApp, cookie: string, file: DemoFile) => {
  const { status, json } = await postDocument(t.url, cookie, file.fileName, file.bytes);
  expect(status, json.msg).toBe(200);
  expect(json.data.mimeType).toBe(file.mime);
  const id = json.data.id as string;
  await t.app.previews.drain();
  const rows = await t.prisma.fileDerivative.findMany({ where: { fileId: id } });
  const res = await fetch(`${t.url}/api/open/onlinePreview?fileId=${id}`, { headers: { cookie } });
  const answer = (await res.json()) as { data: { mode: string; url: string | null } };
  expect(answer.data.mode).toBe('pdf');
  const pdf = Buffer.from(await (await fetch(`${t.url}${answer.data.url}`)).arrayBuffer());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return { id, rows, pdf };
};

describe.runIf(HAS_TOOLS)('generated demo files through upload and preview', () => {
  let t: TestApp;
  let cookie: string;
  teacherApp({}, (app, teacher) => {
    t = app;
    cookie = teacher;
  });

  /** Uploads a file, runs the preview jobs, and answers the preview PDF's text. */
  const previewText = async (file: DemoFile) => pdfText((await uploadedPreview(t, cookie, file)).pdf);

  it('converts a 教学设计 .docx, a 课件 .pptx and a 成绩分析表 .xlsx to PDFs that keep the Chinese lesson name', async () => {
    const [design] = await demoFilesFor({ ...LESSON, kind: '教学设计' });
    const [slides] = await demoFilesFor({ ...LESSON, kind: '课件' });
    const [, scores] = await demoFilesFor({ ...LESSON, kind: '试卷' });
    const designText = await previewText(design!);
    expect(designText).toContain('正数和负数');
    expect(designText).toContain('教学目标');
    expect(designText).toContain('七年级');
    const slidesText = await previewText(slides!);
    expect(slidesText).toContain('正数和负数');
    expect(slidesText).toContain('学习目标');
    const scoresText = await previewText(scores!);
    expect(scoresText).toContain('正数和负数');
    expect(scoresText).toContain('成绩分析表');
  }, 240_000);
});

/** The text of every page, read with pdf.js (the api's copy: nothing from the system). */
const pdfjsText = async (pdf: Buffer) => {
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
  teacherApp({ LIBREOFFICE_PATH: '/nonexistent/soffice', PDFTOPPM_PATH: '/nonexistent/pdftoppm' }, (app, teacher) => {
    t = app;
    cookie = teacher;
  });

  const previewOf = (file: DemoFile) => uploadedPreview(t, cookie, file);

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
      const { text } = await pdfjsText(pdf);
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
    expect(meta.pageCount).toBe((await pdfjsText(pdf)).pages);
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
