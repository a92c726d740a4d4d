// The order in which Vitest hands test files to its workers (vitest.config.ts `sequence.sequencer`): the longest
// first, so the workers finish together instead of one running a long file alone at the end.
// Vitest's own sequencer sorts by the durations in its local cache (node_modules/.vite/vitest), but CI runs on a
// clean clone without that cache, and then Vitest sorts by file size: the longest e2e file (accessibility, about
// 4 minutes) came 34th of 57. Without a cached duration this one takes the file's seconds from
// scripts/test-durations.json (a full run's, refreshed by `node scripts/test-durations.mjs`); a file in neither
// (a new one) runs first, as Vitest does with files it does not know; a file that failed last time runs first too.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer } from 'vitest/node';

/** @type {Record<string, number>} */
const table = JSON.parse(readFileSync(new URL('./test-durations.json', import.meta.url), 'utf8')).seconds;

export class DurationSequencer extends BaseSequencer {
  /** @param {import('vitest/node').TestSpecification[]} files */
  async sort(files) {
    const { cache, config } = this.ctx;
    /** @param {import('vitest/node').TestSpecification} f */
    const facts = (f) => {
      const key = `${f.project.name}:${relative(config.root, f.moduleId)}`;
      const cached = cache.getFileTestResults(key);
      return { failed: cached?.failed ?? false, ms: cached?.duration ?? (table[key] ?? NaN) * 1000 };
    };
    const known = new Map(files.map((f) => [f, facts(f)]));
    return [...files].sort((a, b) => {
      // projects run one after the other, in Vitest's order
      const group = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (group !== 0) return group;
      if (a.project.name !== b.project.name) return a.project.name < b.project.name ? -1 : 1;
      const x = known.get(a) ?? { failed: false, ms: NaN };
      const y = known.get(b) ?? { failed: false, ms: NaN };
      if (x.failed !== y.failed) return x.failed ? -1 : 1;
      if (Number.isNaN(x.ms) || Number.isNaN(y.ms)) return Number.isNaN(x.ms) ? (Number.isNaN(y.ms) ? 0 : -1) : 1;
      return y.ms - x.ms;
    });
  }
}
