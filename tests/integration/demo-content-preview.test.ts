import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoFile, demoFilesFor, type LessonSpec } from '../../apps/api/src/demo/content/index.ts';
import { type TestApp, testAppFor } from '../support/app.ts';
import { loginAs } from '../support/auth.ts';
import { onPath } from '../support/files.ts';
import { cookieOf, postDocument } from '../support/uploads.ts';

/**
 * The demo's generated files go through the product like a teacher's upload (content check on the way in), and
 * the product's own LibreOffice conversion turns them into PDFs whose text still holds the Chinese lesson name:
 * proof that the fonts and encoding survive, so previews of the demo library show real content. Runs where
 * LibreOffice and poppler's pdftotext are installed (.ci/run installs them).
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

describe.runIf(HAS_TOOLS)('generated demo files through upload and preview', () => {
  let t: TestApp;
  let cookie: string;
  testAppFor((app) => (t = app), {
    env: {
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'zyk-demo-content-')),
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

  /** Uploads a file, runs the preview jobs, and answers the preview PDF's text. */
  const previewText = async (file: DemoFile) => {
    const { status, json } = await postDocument(t.url, cookie, file.fileName, file.bytes);
    expect(status, json.msg).toBe(200);
    expect(json.data.mimeType).toBe(file.mime);
    const id = json.data.id as string;
    await t.app.previews.drain();
    const res = await fetch(`${t.url}/api/open/onlinePreview?fileId=${id}`, { headers: { cookie } });
    const answer = (await res.json()) as { data: { mode: string; url: string | null } };
    expect(answer.data.mode).toBe('pdf');
    const pdf = Buffer.from(await (await fetch(`${t.url}${answer.data.url}`)).arrayBuffer());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    return pdfText(pdf);
  };

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
