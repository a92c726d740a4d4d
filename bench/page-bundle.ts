// Bundles page/lib.ts into one script for the page (window.benchLib), built with the project's Vite.
import { build, type Rolldown } from 'vite';
import type * as Lib from './page/lib';

export type BenchLib = typeof Lib;

export async function pageBundle(): Promise<string> {
  const out = (await build({
    configFile: false,
    logLevel: 'warn',
    define: { 'process.env.NODE_ENV': '"production"', 'import.meta.env.DEV': 'false' },
    build: {
      write: false,
      minify: true,
      lib: { entry: new URL('./page/lib.ts', import.meta.url).pathname, formats: ['iife'], name: 'benchLib' },
    },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  const chunk = (Array.isArray(out) ? out[0] : out)?.output.find((o) => o.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error('bench page bundle: no output');
  return chunk.code;
}
