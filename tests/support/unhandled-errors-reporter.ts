import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter } from 'vitest/reporters';

/**
 * Writes how many unhandled errors (uncaught exceptions, unhandled rejections) the run had to the file named by
 * VITEST_UNHANDLED_FILE, for scripts/test.mjs: vitest's JSON report says `success` even when there were some, and
 * an error nobody awaited can hide a real fault (an uncaught pg pool error crashes the server in production).
 */
export default class UnhandledErrorsReporter implements Reporter {
  onTestRunEnd(_modules: unknown, unhandledErrors: ReadonlyArray<{ message?: string }>) {
    const file = process.env.VITEST_UNHANDLED_FILE;
    if (!file) return;
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(
      file,
      JSON.stringify({ count: unhandledErrors.length, messages: unhandledErrors.map((e) => e.message ?? String(e)) }),
    );
  }
}
