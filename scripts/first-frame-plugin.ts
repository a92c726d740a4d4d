import { readFileSync } from 'node:fs';
import PO from 'pofile';
import type { Plugin } from 'vite';
import { STORAGE_KEYS } from '../src/app/storage-keys';

/** The source texts the first frame shows, by its name for them (src/first-frame/first-frame.js). */
export const FIRST_FRAME_MESSAGES = {
  chooseRound: 'Choose a measure round',
  date: 'Date',
  refresh: 'Refresh from server',
  notLoaded: 'Not yet loaded from the server',
  hint: 'Office: enter in the table now. Field: store the round on this device for a tour without network.',
  loading: 'Loading…',
} as const;
type FrameTexts = Record<keyof typeof FIRST_FRAME_MESSAGES, string>;

const LOCALES = ['de', 'en', 'it'] as const;
const SOURCE = 'src/first-frame/first-frame.js';

/**
 * The first frame's texts in each language, from the app's own catalogs (locales/*.po): the frame says exactly what
 * the app then shows. A text missing from a catalog fails the build rather than painting the English source.
 */
export function firstFrameTexts(root = '.'): Record<string, FrameTexts> {
  return Object.fromEntries(
    LOCALES.map((locale) => {
      const po = PO.parse(readFileSync(`${root}/locales/${locale}.po`, 'utf8'));
      const translated = new Map(po.items.map((item) => [item.msgid, item.msgstr[0] ?? '']));
      const texts = Object.fromEntries(
        Object.entries(FIRST_FRAME_MESSAGES).map(([key, msgid]) => {
          const text = translated.get(msgid);
          if (!text) throw new Error(`first frame: "${msgid}" has no ${locale} translation in locales/${locale}.po`);
          return [key, text];
        }),
      ) as FrameTexts;
      return [locale, texts];
    }),
  );
}

/** The script index.html runs after #root: first-frame.js with the catalogs' texts in place. */
export function firstFrameScript(root = '.'): string {
  const source = readFileSync(`${root}/${SOURCE}`, 'utf8');
  if (!source.includes('(FIRST_FRAME_TEXTS, FIRST_FRAME_KEYS)'))
    throw new Error(`${SOURCE} no longer takes FIRST_FRAME_TEXTS, FIRST_FRAME_KEYS`);
  // the comments are for the reader of the source, not for a phone's slow link
  const code = source.replace(/^\s*\/\/.*\n/gm, '');
  return code.replace(
    '(FIRST_FRAME_TEXTS, FIRST_FRAME_KEYS)',
    `(${JSON.stringify(firstFrameTexts(root))}, ${JSON.stringify(STORAGE_KEYS)})`,
  );
}

const FILE = 'first-frame.js';

/**
 * Vite plugin: emits first-frame.js beside index.html (the service worker precaches it with the app) and asks for
 * it right after #root, a blocking classic script of 3 KB, so the frame is in the first paint (docs/benchmarks.md).
 * The dev server serves it from the sources.
 */
export function firstFramePlugin(): Plugin {
  return {
    name: 'first-frame',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: FILE, source: firstFrameScript() });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (!req.url?.split('?')[0]?.endsWith(`/${FILE}`)) return next();
        res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
        res.setHeader('Cache-Control', 'no-cache');
        res.end(firstFrameScript());
      });
    },
    transformIndexHtml: {
      order: 'post',
      // relative to <base href>: the same file under the root and under a sub-path
      handler: () => [{ tag: 'script', attrs: { src: FILE }, injectTo: 'body' }],
    },
  };
}
