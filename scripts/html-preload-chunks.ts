import type { Plugin, Rollup } from 'vite';
import { scriptsAfterStylesheet } from './html-script-priority';

/**
 * The chunk that holds a module (named by the end of its path) and the chunks it imports statically, as files of the
 * build, leaving out the entry's own: what index.html must preload so that a dynamic import of that module at start
 * finds its code already coming instead of asking for it only then.
 */
export function chunksOf(bundle: Rollup.OutputBundle, moduleEnd: string): string[] {
  const chunks = new Map(
    Object.values(bundle)
      .filter((c): c is Rollup.OutputChunk => c.type === 'chunk')
      .map((c) => [c.fileName, c]),
  );
  const holder = [...chunks.values()].find((c) => c.moduleIds.some((id) => id.endsWith(moduleEnd)));
  if (!holder) throw new Error(`no chunk of the build holds ${moduleEnd}`);
  const entry = new Set([...chunks.values()].filter((c) => c.isEntry).flatMap((c) => [c.fileName, ...c.imports]));
  const files = new Set<string>();
  const visit = (file: string) => {
    if (entry.has(file) || files.has(file)) return;
    files.add(file);
    for (const imported of chunks.get(file)?.imports ?? []) visit(imported);
  };
  visit(holder.fileName);
  return [...files];
}

/**
 * Module preloads for `files` right after the entry script, at the entry's low priority (html-script-priority.ts):
 * fetched beside the entry, evaluated only when the entry imports them, each in a task of its own.
 */
export function withModulePreloads(html: string, files: readonly string[]): string {
  const entry = /<script type="module"[^>]*><\/script>/.exec(html);
  if (!entry) throw new Error('index.html has no module script');
  const links = files.map(
    (f) => `\n    ${scriptsAfterStylesheet(`<link rel="modulepreload" crossorigin href="./${f}">`)}`,
  );
  const at = entry.index + entry[0].length;
  return html.slice(0, at) + links.join('') + html.slice(at);
}

/** Vite plugin: index.html preloads the chunks of `moduleEnds` (modules the entry imports dynamically at start). */
export function preloadChunksPlugin(moduleEnds: readonly string[]): Plugin {
  return {
    name: 'preload-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) => {
        const { bundle } = ctx;
        if (!bundle) return html;
        return withModulePreloads(html, [...new Set(moduleEnds.flatMap((end) => chunksOf(bundle, end)))]);
      },
    },
  };
}
