// History in (issue 30): a million historic values as ZRXP, imported in bulk into a fresh database of its own
// (multi-row inserts in one transaction). The target: minutes, not hours.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8 } from 'fflate';
import { openDatabase } from '../server/app';
import { runMigrations } from '../server/db/migrations';
import { importHistory } from '../server/network/history';
import { importNetwork } from '../server/network/store';
import { writeZrxp } from '../server/network/zrxp';
import { record } from './report';

const SERIES = 100;
// `npm run bench -- --smoke` only proves the area runs: a thousand values, not a million
const PER_SERIES = process.argv.includes('--smoke') ? 10 : 10_000;

/** `databaseUrl` of a throw-away PostgreSQL database, or none for PGlite in a temporary directory. */
export async function historyImport(databaseUrl?: string, database = 'PGlite'): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-history-'));
  const db = await openDatabase({ dataDir: dir, databaseUrl });
  try {
    await runMigrations(db);
    const tsIds = Array.from({ length: SERIES }, (_, i) => `${9000 + i}-W`);
    await importNetwork(
      db,
      {
        network: {
          rounds: [{ mrId: 'H', mrName: 'History bench' }],
          entries: tsIds.map(
            (tsId, i) =>
              ({ mrId: 'H', staNumber: String(9000 + i), staName: `S${i}`, tsId, tsParameter: 'W' }) as never,
          ),
        },
        problems: [],
        origins: new WeakMap(),
      },
      { dryRun: false },
    );
    const start = Date.UTC(2000, 0, 1);
    const text = writeZrxp(
      tsIds.map((exchange, s) => ({
        exchange,
        unit: 'cm',
        points: Array.from({ length: PER_SERIES }, (_, k) => ({ t: start + k * 3_600_000, value: (s * 7 + k) % 500 })),
      })),
      { offsetMinutes: 60 },
    );
    const t0 = performance.now();
    const result = await importHistory(db, new Map([['history.zrx', strToU8(text)]]), { dryRun: false });
    const seconds = (performance.now() - t0) / 1000;
    record(
      `history in (${database}): ${result.values.toLocaleString('en')} values from ZRXP`,
      'node',
      [seconds],
      's',
      // "a million values in minutes, not hours" (issue 30)
      600,
      {
        note: `${((result.values / seconds) | 0).toLocaleString('en')} values/s; ${(text.length / 1e6).toFixed(0)} MB of ZRXP`,
      },
    );
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
