import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  builtinOfficeToPdf,
  builtinPdfPageCount,
  builtinRenderPages,
} from '../../apps/api/src/modules/preview/builtin-documents.ts';
import { MediaError } from '../../apps/api/src/modules/preview/media-error.ts';
import { docx } from '../support/files.ts';

/**
 * The built-in document thread (WebAssembly LibreOffice and pdf.js on a worker thread) under its limits: a request
 * over its time ends the thread and the next one starts afresh; a file pdf.js refuses is the file's fault. Its
 * previews of real documents are tested in demo-content-preview.test.ts.
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
