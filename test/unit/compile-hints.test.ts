import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, firstScreenChunks, withCompileHint } from '../../scripts/compile-hints';

/** A chunk of a build with only what the plugin reads. */
function chunk(fileName: string, moduleIds: string[], imports: string[], isEntry = false): Rollup.OutputChunk {
  return { type: 'chunk', fileName, moduleIds, imports, isEntry } as unknown as Rollup.OutputChunk;
}

const bundle = Object.fromEntries(
  [
    chunk('assets/index-A.js', ['/app/src/main.tsx'], ['assets/shared-S.js'], true),
    chunk('assets/shared-S.js', ['/app/node_modules/react/index.js'], []),
    chunk('assets/data-D.js', ['/app/src/app/open-data.ts'], ['assets/util-U.js', 'assets/index-A.js']),
    chunk('assets/util-U.js', ['/app/src/domain/util.ts'], []),
    chunk('assets/Table-T.js', ['/app/src/features/office-table/TabularInput.tsx'], ['assets/Dialog-G.js']),
    chunk('assets/Dialog-G.js', ['/app/src/ui/Dialog.tsx'], ['assets/util-U.js']),
    chunk('assets/TourMap-M.js', ['/app/src/features/tour/TourMap.tsx', '/app/node_modules/maplibre-gl/x.js'], []),
  ].map((c) => [c.fileName, c]),
) as Rollup.OutputBundle;

describe('the scripts that get the compile hint', () => {
  it('are the entry with its imports and the named modules chunks with what they import, not other lazy pages', () => {
    expect(
      firstScreenChunks(bundle, ['src/app/open-data.ts', 'src/features/office-table/TabularInput.tsx']).sort(),
    ).toEqual(
      [
        'assets/Dialog-G.js',
        'assets/Table-T.js',
        'assets/data-D.js',
        'assets/index-A.js',
        'assets/shared-S.js',
        'assets/util-U.js',
      ].sort(),
    );
  });

  it('fail the build for a module no chunk holds (a renamed page must not lose its hint unseen)', () => {
    expect(() => firstScreenChunks(bundle, ['src/features/gone.tsx'])).toThrow(/no chunk of the build holds/);
  });
});

describe('a chunk with the hint', () => {
  it('starts with it, and its source map and map file point one line further down', () => {
    const c = {
      ...chunk('assets/data-D.js', [], []),
      code: 'export const a = 1;\n',
      map: { version: 3, mappings: 'AAAA,CAAC', sources: ['a.ts'] },
    } as unknown as Rollup.OutputChunk;
    const file = {
      type: 'asset',
      fileName: 'assets/data-D.js.map',
      source: JSON.stringify({ version: 3, mappings: 'AAAA,CAAC', sources: ['a.ts'] }),
    } as unknown as Rollup.OutputAsset;
    withCompileHint(c, file);
    expect(c.code).toBe(`${COMPILE_HINT}export const a = 1;\n`);
    expect(c.code.split('\n')[0]).toBe('//# allFunctionsCalledOnLoad');
    expect(c.map?.mappings).toBe(';AAAA,CAAC');
    expect(JSON.parse(file.source as string)).toEqual({ version: 3, mappings: ';AAAA,CAAC', sources: ['a.ts'] });
  });
});
