// Every visible string exists in de, en and it: fails on any message without a translation.
import { readFileSync } from 'node:fs';

let missing = 0;
for (const locale of ['de', 'it', 'en']) {
  const po = readFileSync(`locales/${locale}.po`, 'utf8');
  const blocks = po.split(/\n\n+/).filter((b) => b.includes('msgid "') && !b.includes('msgid ""\nmsgstr ""\n"'));
  for (const block of blocks) {
    const id = /msgid "(.*)"/.exec(block)?.[1];
    const str = /msgstr "(.*)"/.exec(block)?.[1];
    if (id && !str && !/\nmsgstr "(.+)"/.test(block.replace(/msgstr ""\n"/, 'msgstr "x'))) {
      console.error(`${locale}: missing translation for "${id}"`);
      missing++;
    }
  }
}
if (missing > 0) {
  console.error(`${missing} missing translations`);
  process.exit(1);
}
console.info('translations complete for de, en, it');
