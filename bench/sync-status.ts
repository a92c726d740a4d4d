// The navbar's sync status while typing into a 2,000-entry round: what each keystroke costs the
// unsent-rounds observable (src/db/unsent-rounds.ts) on top of the draft write itself, against the former way
// (one find over every draft, filtered in JavaScript on each change). RxDB's memory storage in Node, so it
// measures RxDB's query upkeep and the pipeline's JavaScript, not IndexedDB.
// Run: npx tsx bench/sync-status.ts
import { performance } from 'node:perf_hooks';
import { setImmediate as tick } from 'node:timers/promises';
import { map, type Observable } from 'rxjs';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { createAppDatabase, type AppDatabase } from '../src/db/database';
import { writeDraft } from '../src/db/draft-store';
import { unsentRounds$ } from '../src/db/unsent-rounds';

const ENTRIES = 2000;
const KEYSTROKES = 300;
const instanceId = '0f4e8a52-8b7e-4c43-9d3c-2a6c1e3b9a01';

/** The former drafts part of the sync status: every draft, filtered on each emission. */
const formerTyped$ = (db: AppDatabase): Observable<Set<string>> =>
  db.drafts
    .find()
    .$.pipe(
      map(
        (docs) =>
          new Set(
            docs.filter((d) => (d.text ?? '').trim() !== '' || (d.remark ?? '').trim() !== '').map((d) => d.instanceId),
          ),
      ),
    );

async function keystrokes(db: AppDatabase, from: number): Promise<number> {
  const times: number[] = [];
  for (let i = from; i < from + KEYSTROKES; i++) {
    const t0 = performance.now();
    await writeDraft(db, instanceId, `ts-${i % ENTRIES}`, { text: `${i},5` });
    // let RxDB update the subscribed queries and the pipeline run
    await tick();
    times.push(performance.now() - t0);
  }
  return [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? 0;
}

async function main(): Promise<void> {
  const db = await createAppDatabase(getRxStorageMemory(), `syncstatus${Date.now()}`);
  await db.offlineInstances.insert({
    instanceId,
    mrId: '1',
    mrName: 'Großer Messgang',
    mode: 'indoor',
    date: '2026-11-25',
    creationTime: '2026-11-25T07:00:00.000Z',
    syncState: 'draft',
    editRev: 1,
    updatedAt: 1,
  });
  // a round typed to the end: every entry has a draft
  for (let i = 0; i < ENTRIES; i++) await writeDraft(db, instanceId, `ts-${i}`, { text: String(i) });

  const alone = await keystrokes(db, 0);
  const former = formerTyped$(db).subscribe();
  const withFormer = await keystrokes(db, KEYSTROKES);
  former.unsubscribe();
  const current = unsentRounds$(db).subscribe();
  const withCurrent = await keystrokes(db, 2 * KEYSTROKES);
  current.unsubscribe();
  const ms = (x: number) => +x.toFixed(3);
  console.info(
    JSON.stringify(
      {
        entries: ENTRIES,
        keystrokes: KEYSTROKES,
        keystrokeAloneMedianMs: ms(alone),
        formerSyncStatusCostMs: ms(withFormer - alone),
        syncStatusCostMs: ms(withCurrent - alone),
      },
      null,
      2,
    ),
  );
  await db.close();
}

void main();
