import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { chunksOf, withModulePreloads } from '../../scripts/html-preload-chunks';

/** A chunk of a build with only what the plugin reads. */
function chunk(fileName: string, moduleIds: string[], imports: string[], isEntry = false): Rollup.OutputChunk {
  return { type: 'chunk', fileName, moduleIds, imports, isEntry } as unknown as Rollup.OutputChunk;
}

const bundle = Object.fromEntries(
  [
    chunk('assets/index-A.js', ['/app/src/main.tsx', '/app/src/app/App.tsx'], ['assets/shared-S.js'], true),
    chunk(
      'assets/data-D.js',
      ['/app/src/app/open-data.ts', '/app/node_modules/rxdb/x.js'],
      ['assets/shared-S.js', 'assets/util-U.js'],
    ),
    chunk('assets/util-U.js', ['/app/src/domain/util.ts'], ['assets/index-A.js']),
    chunk('assets/shared-S.js', ['/app/node_modules/react/index.js'], []),
    chunk('assets/Shell-B.js', ['/app/src/app/Shell.tsx'], ['assets/data-D.js']),
  ].map((c) => [c.fileName, c]),
) as Rollup.OutputBundle;

describe('the chunks index.html preloads for a module the entry imports at start', () => {
  it.each([
    [
      'the chunk holding the module and what it imports, without the entry and its imports',
      'src/app/open-data.ts',
      ['assets/data-D.js', 'assets/util-U.js'],
    ],
    ['a chunk that imports nothing new', 'src/domain/util.ts', ['assets/util-U.js']],
    ['none for a module the entry holds', 'src/app/App.tsx', []],
  ])('%s', (_, module, files) => {
    expect(chunksOf(bundle, module)).toEqual(files);
  });

  it('fails the build for a module no chunk holds (a renamed file must not drop the preload unseen)', () => {
    expect(() => chunksOf(bundle, 'src/app/gone.ts')).toThrow(/no chunk of the build holds src\/app\/gone\.ts/);
  });
});

describe('the preloads in index.html', () => {
  const html = [
    '<head>',
    '    <script type="module" fetchpriority="low" crossorigin src="./assets/index-A.js"></script>',
    '    <link rel="stylesheet" crossorigin href="./assets/index-C.css">',
    '</head>',
  ].join('\n');

  it('come right after the entry script, at its low priority', () => {
    expect(withModulePreloads(html, ['assets/data-D.js', 'assets/util-U.js']).split('\n')).toEqual([
      '<head>',
      '    <script type="module" fetchpriority="low" crossorigin src="./assets/index-A.js"></script>',
      '    <link rel="modulepreload" fetchpriority="low" crossorigin href="./assets/data-D.js">',
      '    <link rel="modulepreload" fetchpriority="low" crossorigin href="./assets/util-U.js">',
      '    <link rel="stylesheet" crossorigin href="./assets/index-C.css">',
      '</head>',
    ]);
  });

  it('fails the build for a page without a module script', () => {
    expect(() => withModulePreloads('<head></head>', ['assets/data-D.js'])).toThrow(/no module script/);
  });
});
