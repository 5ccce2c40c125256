import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** One test file's wall time: from the moment its worker starts importing it until its last hook ends. */
export interface FileTime {
  project: string;
  file: string;
  wallMs: number;
  tests: number;
  state: string;
}

/**
 * Writes each test file's wall time to the file named by VITEST_TIMES_FILE, for `pnpm test:times` and the end of
 * `npm test`. Vitest's JSON report times a file from its first test to its last, leaving out the import and the
 * `beforeAll` hooks, where the costly fixtures are made.
 */
export default class FileTimesReporter implements Reporter {
  private readonly startedAt = new Map<string, number>();
  private readonly times: FileTime[] = [];
  private readonly runStartedAt = Date.now();

  onTestModuleQueued(module: TestModule) {
    this.startedAt.set(module.id, Date.now());
  }

  onTestModuleEnd(module: TestModule) {
    const started = this.startedAt.get(module.id) ?? Date.now();
    this.times.push({
      project: module.project.name,
      file: path.relative(module.project.config.root, module.moduleId),
      wallMs: Date.now() - started,
      tests: [...module.children.allTests()].length,
      state: module.state(),
    });
  }

  onTestRunEnd() {
    const file = process.env.VITEST_TIMES_FILE;
    if (!file) return;
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify({ wallMs: Date.now() - this.runStartedAt, files: this.times }, null, 1));
  }
}
