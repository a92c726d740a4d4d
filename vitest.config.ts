import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { DurationSequencer } from './scripts/test-sequencer.mjs';

export default defineConfig({
  // Lingui's macros are used in src/ only: Babel on the server's, replication's and tests' files too took 4× the
  // transform time of a server test (esbuild still compiles their TypeScript). Scripts only: the plugin's own
  // default is scripts, and src/'s stylesheets given to Babel failed `vitest --changed` (npm run test:quick) with a
  // parse error as soon as a changed module's graph reached one.
  plugins: [
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'], include: [/\/src\/.*\.[cm]?[jt]sx?$/] }),
    react(),
    lingui(),
  ],
  test: {
    // the longest files first, also on a clean clone without Vitest's cache (CI): the workers end together
    sequence: { sequencer: DurationSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.{ts,tsx}',
            'schemas/**/*.test.ts',
            'replication/**/*.test.ts',
            'server/**/*.test.ts',
            'test/unit/**/*.test.{ts,tsx}',
            'test/integration/**/*.test.ts',
          ],
          environment: 'node',
          // Worker threads, two files at a time. Vitest's default on 2 cores is one forked process per file, one
          // file at a time: a new Node process per file cost more than most files' tests (src/domain: 116 s in
          // forks, 44 s in threads at load 11), and the server files mostly wait (timers, PGlite, sockets), so a
          // second file runs in their waits. The slowest files start first (scripts/test-sequencer.mjs).
          pool: 'threads',
          maxWorkers: 2,
          // 60 s: with two files at a time at a load of 15–29 here, the 5,000-entry PDF (server/pdf.test.ts) and the 50
          // concurrent submissions (server/load.test.ts) ran past 30 s (2.5 and 4.6 s on a quiet machine): work to
          // wait for, as the start-up below; their figures are benchmarks
          testTimeout: 60_000,
          // a server test's start-up (PGlite, the demo seed) took 60 s and more at a load of 30 on the 2 shared cores
          // (PGlite alone 38–41 s): a start-up is work to wait for, not a figure to assert (those are benchmarks)
          hookTimeout: 180_000,
          // No retry: a retry hides a flake instead of removing it (issue 33); a test that fails once is fixed.
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          // An app update after a key or a pull takes longer than expect.poll's default 1 s on a busy machine (the
          // formula's result came after the poll had given up at load 40): a poll waits for a state, it asserts no
          // speed (benchmarks do). Polls that prove something stays away say so with their own timeout.
          expect: { poll: { timeout: 10_000 } },
          include: ['test/e2e/**/*.e2e.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // A worker process runs file after file (its modules loaded once: playwright-core, the server, the
          // harness) instead of a new process per file: the start of each process and its imports left a worker idle
          // 4–9 s between two files, some 170 s of the step's wall clock for 57 files. What a file starts it stops
          // (server, browser, temp dirs: harness.ts), and module state that lives on is per worker by design
          // (browser-setup.ts's recorder) or keyed (the PGlite template by the day).
          isolate: false,
          // No retry (issue 33). A failing test leaves screenshots, console and requests under
          // test-results/e2e-failures/; every browser runs in the stations' zone (test/e2e/browser-setup.ts).
          globalSetup: ['test/e2e/global-setup.ts'],
          setupFiles: ['test/e2e/browser-setup.ts'],
        },
      },
    ],
    coverage: {
      provider: 'v8',
      include: ['src/domain/**/*.ts'],
      exclude: ['src/domain/**/*.test.ts'],
      thresholds: { branches: 95 },
    },
  },
});
