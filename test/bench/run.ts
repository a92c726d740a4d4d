// `npm run bench`: how long the writes behind typing take as a round grows, against a raw Dexie baseline
// measured in the same run. Prints a table and JSON; targets live here, never as test assertions.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { createAppDatabase } from '../../src/db/database';
import type { OfflineInstanceDoc } from '../../schemas/db/offline-instance-doc';
import type { Draft } from '../../schemas/db/draft-doc';
import { writeDraft } from '../../src/db/draft-store';

interface Row {
  case: string;
  entries: number;
  totalMs: number;
  perWriteMs: number;
  targetPerWriteMs: number;
}

const SIZES = [30, 90, 300];

function instance(id: string): OfflineInstanceDoc {
  return { instanceId: id, mrId: '1', mrName: 'bench', mode: 'indoor', date: '2026-11-23', creationTime: new Date().toISOString(), syncState: 'draft', updatedAt: Date.now() };
}

async function benchRxdb(n: number): Promise<Row> {
  const db = await createAppDatabase(getRxStorageDexie(), `bench-rx-${n}-${Date.now()}`);
  const doc = await db.offlineInstances.insert(instance(`i${n}`));
  const start = performance.now();
  // one draft document per entry: a keystroke writes one small document, whatever the round's size
  for (let i = 0; i < n; i++) await writeDraft(db, doc.instanceId, `ts${i}`, { text: String(i / 10) });
  const totalMs = performance.now() - start;
  await db.remove();
  return { case: 'RxDB: one keystroke-write per entry', entries: n, totalMs, perWriteMs: totalMs / n, targetPerWriteMs: 16 };
}

async function benchDexie(n: number): Promise<Row> {
  const db = new Dexie(`bench-dexie-${n}-${Date.now()}`);
  db.version(1).stores({ instances: 'instanceId' });
  const table = db.table<OfflineInstanceDoc, string>('instances');
  const doc = instance(`i${n}`);
  await table.put(doc);
  const drafts: Draft[] = [];
  const start = performance.now();
  for (let i = 0; i < n; i++) {
    drafts.push({ tsId: `ts${i}`, text: String(i / 10), updatedAt: Date.now() });
    await table.put({ ...doc, drafts });
  }
  const totalMs = performance.now() - start;
  await db.delete();
  return { case: 'raw Dexie baseline', entries: n, totalMs, perWriteMs: totalMs / n, targetPerWriteMs: 16 };
}

const rows: Row[] = [];
for (const n of SIZES) {
  rows.push(await benchDexie(n));
  rows.push(await benchRxdb(n));
}
console.table(rows.map((r) => ({ ...r, totalMs: r.totalMs.toFixed(1), perWriteMs: r.perWriteMs.toFixed(2), ok: r.perWriteMs <= r.targetPerWriteMs })));
console.info(JSON.stringify({ bench: 'draft-writes', storage: 'fake-indexeddb (node)', rows }, null, 2));
process.exit(0);
