// `npx tsx bench/reload-after-edit.ts`: does an edit in the table survive a reload that comes at once after it (the
// driver's next command, a few ms)? Six edits (a clear, a new value, in turn), each followed by page.reload(); prints
// what the field shows after it. Found 28 Nov 2026 (h5): 3 of 6 edits were gone after the reload (the write chain,
// recordEdit then writeDraft, takes several IndexedDB round trips before its transaction starts; a page that goes
// in that window loses the keystroke). Fixed by the keystroke journal (src/db/keystroke-journal.ts); the test is
// test/e2e/reload-at-once.e2e.ts. This probe prints, it asserts nothing.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../server/app';
import { BIG, seedBigRound } from './dataset';
import { DESKTOP, launch, openPage } from './browser';
import { testToday } from '../test/support/dates';
import { roundLink } from '../test/e2e/harness';

const dir = mkdtempSync(join(tmpdir(), 'repro-'));
const server = await startServer({ port: 0, dataDir: dir, staticDir: 'dist', demo: true });
await seedBigRound(server.db);
const browser = await launch();
const context = await browser.newContext(DESKTOP);
const page = await openPage(context, 1);
const home = `${server.url}/?date=${testToday()}`;
await page.goto(home);
await roundLink(page, BIG.mrName).click();
const SEL = 'input[data-value-input]:not(:disabled):not([readonly])';
const field = page.locator(SEL).first();
const label = (await field.getAttribute('aria-label')) ?? '';
const f = () => page.locator(`input[data-value-input][aria-label="${label}"]:not([readonly])`);
await f().fill('7');
await page.locator(`input[data-value-input][aria-label="${label}"][data-saved="true"]`).waitFor();
for (let r = 0; r < 6; r++) {
  const text = r % 2 === 0 ? '' : String(10 + r);
  await f().fill(text);
  await page.reload();
  await f().waitFor();
  const after = await f().inputValue();
  console.info(`run ${r}: typed "${text}", reload at once, field shows "${after}" ${after === text ? 'ok' : 'LOST'}`);
  // make sure the stored value is the shown one before the next round
  await f().fill(after === '' ? '1' : after);
  await page.locator(`input[data-value-input][aria-label="${label}"][data-saved="true"]`).waitFor();
}
await browser.close();
await server.close();
process.exit(0);
