import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order two workers take the files in: vitest's own (files that failed last time first, then the longest by
 * the last run, or the largest), with one browser file between every three others. A browser file mostly waits
 * (network idle, animations, the server) while an integration file mostly computes, so the two workers tend to hold
 * one of each, and the run ends with a mix, not with a tail of browser files one after another.
 */
export default class MixedSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const browser = sorted.filter((file) => file.project.name === 'e2e');
    const others = sorted.filter((file) => file.project.name !== 'e2e');
    const mixed: TestSpecification[] = [];
    while (browser.length || others.length) {
      const next = browser.shift();
      if (next) mixed.push(next);
      mixed.push(...others.splice(0, 3));
    }
    return mixed;
  }
}
