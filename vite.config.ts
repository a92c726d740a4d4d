import { defaultClientConditions, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import pkg from './package.json' with { type: 'json' };
import { firstFramePlugin } from './scripts/first-frame-plugin';
import { scriptsAfterStylesheetPlugin } from './scripts/html-script-priority';
import { preloadChunksPlugin } from './scripts/html-preload-chunks';
import { compileHintsPlugin } from './scripts/compile-hints';

/** The modules `src/main.tsx` and `src/app/App.tsx` import dynamically at start: scripts of their own, preloaded. */
const START_IMPORTS = ['src/app/open-data.ts', 'node_modules/react-dom/client.js'];

export default defineConfig({
  // relative addresses in the build, resolved against index.html's <base href>: the server sets it to the
  // operator's BASE_PATH, so one build serves the root and any sub-path (src/domain/base-path.ts)
  base: './',
  plugins: [
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    react(),
    lingui(),
    tailwindcss(),
    scriptsAfterStylesheetPlugin(),
    preloadChunksPlugin(START_IMPORTS),
    // compiled off the main thread as they stream in: the boot's scripts and the pages most visits start on (the
    // round list and a round's table). First visits of the table at 4×, A/B: blocking time after the first paint
    // 65 → 33 ms, longest task 90 → 69 ms (docs/benchmarks.md)
    compileHintsPlugin([
      ...START_IMPORTS,
      'src/app/Shell.tsx',
      'src/features/groups/GroupSelection.tsx',
      'src/features/office-table/TabularInput.tsx',
    ]),
    firstFramePlugin(),
  ],
  // rxjs ships ES2015 classes under the `es2015` condition; its default build is ES5 with tslib helpers, about
  // 3 KB gzip more on the first screen. Only rxjs among the app's browser packages uses the condition.
  resolve: {
    conditions: [...defaultClientConditions, 'es2015'],
    // the leader election's `unload` listener kept the page out of the back/forward cache (src/db/unload-on-pagehide.ts)
    alias: [
      { find: /^unload$/, replacement: fileURLToPath(new URL('./src/db/unload-on-pagehide.ts', import.meta.url)) },
    ],
  },
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  server: { proxy: { '/hwe-api': 'http://localhost:8080' } },
  build: {
    outDir: 'dist',
    // emitted for the bench's bundle analysis and for debugging a build by hand, but not named in the bundles:
    // the server does not serve them unless SERVE_SOURCE_MAPS=1 (server/http/static.ts)
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 1200,
    // A lazy chunk's scripts are not announced ahead by Vite's preload helper: it added a <link rel=modulepreload> per
    // dependency with one appendChild each, 200–240 ms of one task at 4× CPU when the shell loaded and again when the
    // other pages were preloaded (a first visit's profile). The browser fetches a chunk's imports itself. Measured
    // A/B, first visit of / at 4×: work beyond 50 ms per task 612–904 → 320–407 ms; Lighthouse TBT on / 1,281–1,991
    // → 763–1,599 ms, LCP and FCP no worse. A chunk's stylesheet still goes through the helper (it loads it).
    // Every module the entry imports statically goes into one chunk. Split automatically, the first screen's code
    // came as 44 scripts (React, RxDB, Dexie and each rxjs operator apart, because lazy pages share them), and over
    // HTTP/1.1's six connections on a slow mobile link each costs a round trip before the app can start. Now it is
    // one script, 144 KB brotli instead of 162, and the build has 93 scripts instead of 169. Lighthouse mobile, A/B
    // (docs/benchmarks.md): / 87–92 → 90–98, the table 75–91 → 83–93, the table's LCP 2.1–2.6 → 1.9 s.
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The first screen's code is three scripts, not one: the entry, the database's code (src/app/open-data.ts
          // and all it imports, RxDB, Dexie, rxjs) and React's DOM renderer. The entry imports the other two
          // dynamically and index.html preloads them (scripts/html-preload-chunks.ts), so all three come over the
          // link at once, and the browser evaluates each in a task of its own instead of all in one of 250–400 ms
          // at 4× CPU. First visits at 4×, A/B, median of five: blocking time on / 437 → 154 ms, on the table
          // 621 → 289 ms, longest task 349–379 → 128–136 ms (docs/benchmarks.md). 3 KB more gzip in all.
          groups: [
            { name: 'boot', tags: ['$initial'], priority: 2 },
            { name: 'data', test: /src[\\/]app[\\/]open-data\.ts$/, priority: 1 },
            { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/, priority: 1 },
          ],
        },
      },
    },
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css')),
    },
  },
});
