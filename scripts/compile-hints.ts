import type { Plugin, Rollup } from 'vite';
import { chunksOf } from './html-preload-chunks';

/**
 * V8's explicit compile hint (Chrome 136 on): a script whose first line is this comment is compiled whole while it
 * streams in, off the main thread, instead of function by function on the main thread at each function's first
 * call. On a first visit (no code cache yet) that lazy compiling was a large part of the first renders: the table's
 * longest task at 4× CPU, 87–103 ms, was 76–88 ms with the hint on the boot's scripts. Other browsers read a comment.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * The scripts a first screen runs nearly all of: the entry with its imports, and the chunks of `moduleEnds` (modules
 * named by the end of their path: the database's code, React DOM, the shell, the pages a visit most often starts
 * on) with the chunks they import statically. Not the lazy pages a visit may never open, nor big libraries only a
 * page of their own uses (the tour's map): compiling those whole would spend a phone's time and memory for nothing.
 */
export function firstScreenChunks(bundle: Rollup.OutputBundle, moduleEnds: readonly string[]): string[] {
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  const entry = chunks.filter((c) => c.isEntry).flatMap((c) => [c.fileName, ...c.imports]);
  return [...new Set([...entry, ...moduleEnds.flatMap((end) => chunksOf(bundle, end))])];
}

/** Source map mappings moved down the one line the hint takes (an empty first line). */
export function shiftedMappings(mappings: string): string {
  return `;${mappings}`;
}

/**
 * A chunk's code with the hint before it, and its source map moved down to match: the map object of the chunk and
 * the map file the bundler has already made of it (`<file>.map`, with sourcemap: 'hidden').
 */
export function withCompileHint(chunk: Rollup.OutputChunk, mapFile: Rollup.OutputAsset | undefined): void {
  chunk.code = COMPILE_HINT + chunk.code;
  if (chunk.map) chunk.map.mappings = shiftedMappings(chunk.map.mappings);
  if (mapFile && typeof mapFile.source === 'string') {
    const map = JSON.parse(mapFile.source) as { mappings: string };
    mapFile.source = JSON.stringify({ ...map, mappings: shiftedMappings(map.mappings) });
  }
}

/** Vite plugin: the first screen's scripts start with the compile hint. */
export function compileHintsPlugin(moduleEnds: readonly string[]): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const file of firstScreenChunks(bundle, moduleEnds)) {
        const chunk = bundle[file];
        const map = bundle[`${file}.map`];
        if (chunk?.type === 'chunk') withCompileHint(chunk, map?.type === 'asset' ? map : undefined);
      }
    },
  };
}
