import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import pkg from './package.json' with { type: 'json' };

/**
 * The code App.tsx loads at once while the database opens (the router with the navbar and the replication), named
 * in index.html as modulepreload links: the browser fetches it while it still fetches the first script, instead of
 * only once that script ran and asked for it (a round trip and more on a slow link), and the script's own preload
 * helper finds the links there rather than adding some thirty of them in its first task.
 */
const PRELOAD_AT_ONCE = ['src/app/Shell.tsx', 'replication/runner.ts'];

function preloadBootChunks(): Plugin {
  return {
    name: 'preload-boot-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle || !ctx.chunk) return [];
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        const skip = new Set([ctx.chunk.fileName, ...ctx.chunk.imports]);
        const wanted = new Set<string>();
        const add = (fileName: string) => {
          if (skip.has(fileName) || wanted.has(fileName)) return;
          wanted.add(fileName);
          for (const i of byName.get(fileName)?.imports ?? []) add(i);
        };
        for (const module of PRELOAD_AT_ONCE) {
          const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(`/${module}`));
          if (!chunk) throw new Error(`preload-boot-chunks: no chunk for ${module}`);
          add(chunk.fileName);
        }
        return [...wanted].map((fileName) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `./${fileName}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

export default defineConfig({
  // relative addresses in the build, resolved against index.html's <base href>: the server sets it to the
  // operator's BASE_PATH, so one build serves the root and any sub-path (src/domain/base-path.ts)
  base: './',
  plugins: [
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    react(),
    lingui(),
    tailwindcss(),
    preloadBootChunks(),
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
  },
});
