import { createHash } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { type OfficeConversion, officeToPdf } from '../../apps/api/src/modules/preview/office.ts';
import type { MediaConverters } from '../../apps/api/src/modules/preview/producers.ts';
import { type HlsResult, transcodeToHls } from '../../apps/api/src/modules/preview/transcode.ts';

/**
 * LibreOffice's and ffmpeg's outputs kept between test files and runs on this machine, keyed by the source's SHA-256,
 * what the tool was asked for and the converter's own code: the demo's documents and micro-courses are the same bytes
 * in every run, and converting them is minutes of both cores. A hit copies what the tool made for the same input and
 * request, so what a test checks is still a real conversion. Only for tests of what the demo shows; the media
 * pipeline's own tests run the tools every time.
 */
const CACHE = path.join(os.tmpdir(), 'zyk-media-cache');
const PREVIEW = path.resolve(import.meta.dirname, '../../apps/api/src/modules/preview');
const codeOf = (file: string) => readFileSync(path.join(PREVIEW, file));

const sha256Of = async (file: string) => {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
};

/**
 * Answers the kept output of `key` copied into `outDir`, or makes it with `make`, keeps it and answers it. `answer`
 * is what the converter returned, stored beside the files.
 */
const cached = async <T>(key: string, outDir: string, make: () => Promise<T>, keep: (answer: T) => boolean) => {
  const entry = path.join(CACHE, key);
  try {
    const answer = JSON.parse(await fs.readFile(path.join(entry, 'answer.json'), 'utf8')) as T;
    await fs.cp(path.join(entry, 'out'), outDir, { recursive: true });
    return answer;
  } catch {
    // Not kept yet (or half-written): make it.
  }
  const answer = await make();
  if (!keep(answer)) return answer;
  // Written under a temporary name and renamed, so another test file never reads half an entry.
  const building = `${entry}.${process.pid}.${Date.now()}.tmp`;
  await fs.cp(outDir, path.join(building, 'out'), { recursive: true });
  await fs.writeFile(path.join(building, 'answer.json'), JSON.stringify(answer));
  await fs.rename(building, entry).catch(() => fs.rm(building, { recursive: true, force: true }));
  return answer;
};

const keyOf = (code: Buffer, parts: unknown[]) =>
  createHash('sha256').update(code).update(JSON.stringify(parts)).digest('hex');

export const cachingMediaConverters: MediaConverters = {
  transcode: async (tools, input, outDir, probe, options) => {
    // Only a file on this machine is hashed; a presigned address (S3) goes straight through.
    if (/^https?:/.test(input)) return transcodeToHls(tools, input, outDir, probe, options);
    const { signal: _signal, onProgress, timeoutMs: _timeoutMs, ...request } = options;
    const key = keyOf(codeOf('transcode.ts'), ['hls', await sha256Of(input), probe, request, tools.ffmpeg]);
    const result = await cached<HlsResult>(
      key,
      outDir,
      () => transcodeToHls(tools, input, outDir, probe, options),
      () => true,
    );
    onProgress?.(100);
    return result;
  },
  officeToPdf: async (tools, input, outDir, options) => {
    const key = keyOf(codeOf('office.ts'), ['pdf', await sha256Of(input), path.basename(input), tools.soffice]);
    const made = await cached<OfficeConversion>(
      key,
      outDir,
      () => officeToPdf(tools, input, outDir, options),
      // Only a conversion that wrote its PDF is worth keeping; a failure is made again next time.
      (conversion) => conversion.result.code === 0 && !conversion.result.timedOut,
    );
    // The PDF's place in this call's folder, whatever folder the kept answer was made in.
    return { ...made, pdf: path.join(outDir, path.basename(made.pdf)) };
  },
};
