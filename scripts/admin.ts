/**
 * The operator's command (docs/operator.md), on the server's database: PGlite in $DATA_DIR (default ./data)
 * or PostgreSQL at $DATABASE_URL.
 *
 *   npm run admin -- dry-run examples/network           what an import would add, change and remove
 *   npm run admin -- import examples/network            import a folder, zip or network.json (one transaction)
 *   npm run admin -- history history/ [--dry-run]       historic values from CSV and ZRXP files
 *   npm run admin -- export network out.zip|out.json|out/
 *   npm run admin -- export readings [--format csv|zrxp] [--mr ID] [--station N] [--ts ID] [--parameter W]
 *                     [--from ISO] [--to ISO] [--since CURSOR | --cursor-file FILE] [--tz UTC+1] [--corrected] [--excel-de] [--out FILE]
 *   npm run admin -- export audit [--mr ID] [--since ISO] [--excel-de] [--out FILE]
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../server/app';
import { runMigrations } from '../server/db/migrations';
import { auditCsv, exportAudit } from '../server/network/audit';
import { readNetworkPath } from '../server/network/folder';
import { NetworkInvalid, problemText } from '../server/network/format';
import { importHistory } from '../server/network/history';
import { readNetworkFiles } from '../server/network/read-files';
import { exportReadings, readingsCsv, readingsZrxp } from '../server/network/readings';
import { importNetwork, loadNetwork, type NetworkChanges } from '../server/network/store';
import { writeNetworkFiles, zipNetworkFiles } from '../server/network/write-files';
import { parseUtcOffset } from '../server/network/zrxp';

const USAGE = `usage: npm run admin -- import|dry-run <folder|zip|network.json>
       npm run admin -- history <file|folder|zip> [--dry-run]
       npm run admin -- export network|readings|audit [options] (see docs/operator.md)`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    'dry-run': { type: 'boolean' },
    format: { type: 'string' },
    mr: { type: 'string' },
    station: { type: 'string' },
    ts: { type: 'string' },
    parameter: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    since: { type: 'string' },
    'cursor-file': { type: 'string' },
    tz: { type: 'string' },
    corrected: { type: 'boolean' },
    'excel-de': { type: 'boolean' },
    out: { type: 'string' },
  },
});

function printChanges(changes: NetworkChanges): void {
  for (const [kind, c] of Object.entries(changes)) {
    console.info(`${kind}: ${c.added.length} added, ${c.changed.length} changed, ${c.removed.length} removed`);
    for (const [word, keys] of [
      ['+', c.added],
      ['~', c.changed],
      ['-', c.removed],
    ] as const)
      for (const k of keys) console.info(`  ${word} ${k}`);
  }
}

function output(text: string | Uint8Array): void {
  if (!values.out) {
    process.stdout.write(text);
    return;
  }
  mkdirSync(dirname(values.out), { recursive: true });
  writeFileSync(values.out, text);
  console.error(`written: ${values.out}`);
}

async function main(): Promise<number> {
  const [command, target] = positionals;
  if (!command) {
    console.error(USAGE);
    return 2;
  }
  const db = await openDatabase({ dataDir: process.env.DATA_DIR ?? './data', databaseUrl: process.env.DATABASE_URL });
  try {
    await runMigrations(db);
    if (command === 'import' || command === 'dry-run') {
      if (!target) throw new Error(`${command}: name the network folder, zip or network.json`);
      const dryRun = command === 'dry-run' || values['dry-run'] === true;
      const result = await importNetwork(db, readNetworkFiles(readNetworkPath(target)), { dryRun });
      printChanges(result.changes);
      console.info(dryRun ? 'dry run: nothing stored' : 'imported');
      return 0;
    }
    if (command === 'history') {
      if (!target) throw new Error('history: name the file, folder or zip');
      const result = await importHistory(db, readNetworkPath(target), { dryRun: values['dry-run'] === true });
      console.info(
        `${result.values} value(s) in ${Object.keys(result.series).length} series${result.applied ? ' imported' : ' (dry run: nothing stored)'}`,
      );
      return 0;
    }
    if (command === 'export' && target === 'network') {
      const network = await loadNetwork(db);
      const out = values.out ?? positionals[2];
      if (!out) output(`${JSON.stringify(network, null, 2)}\n`);
      else if (out.endsWith('.json')) writeFileSync(out, `${JSON.stringify(network, null, 2)}\n`);
      else if (out.endsWith('.zip'))
        writeFileSync(out, zipNetworkFiles(writeNetworkFiles(network, values['excel-de'])));
      else
        for (const [name, data] of writeNetworkFiles(network, values['excel-de'])) {
          mkdirSync(dirname(join(out, name)), { recursive: true });
          writeFileSync(join(out, name), data);
        }
      if (out) console.error(`written: ${out}`);
      return 0;
    }
    if (command === 'export' && target === 'readings') {
      const cursorFile = values['cursor-file'];
      const since =
        values.since ??
        (cursorFile && existsSync(cursorFile) ? readFileSync(cursorFile, 'utf8').trim() || undefined : undefined);
      const { readings, nextCursor, zone } = await exportReadings(db, {
        mrId: values.mr,
        staNumber: values.station,
        tsId: values.ts,
        tsParameter: values.parameter,
        from: values.from,
        to: values.to,
        since,
        includeCorrected: values.corrected,
      });
      if (values.format === 'zrxp') {
        const offset = parseUtcOffset(values.tz ?? 'UTC');
        if (offset === undefined) throw new Error(`--tz ${values.tz}: use UTC, UTC+1, UTC-5 …`);
        const { text, skipped } = readingsZrxp(readings, offset);
        output(text);
        for (const tsId of skipped) console.error(`skipped ${tsId}: no import number defined (§4)`);
      } else output(readingsCsv(readings, zone, values['excel-de']));
      console.error(`${readings.length} reading(s); next cursor ${nextCursor || '(none)'}`);
      if (cursorFile && nextCursor) writeFileSync(cursorFile, `${nextCursor}\n`);
      return 0;
    }
    if (command === 'export' && target === 'audit') {
      output(auditCsv(await exportAudit(db, { mrId: values.mr, since: values.since }), values['excel-de']));
      return 0;
    }
    console.error(USAGE);
    return 2;
  } catch (e) {
    if (e instanceof NetworkInvalid) {
      for (const p of e.problems) console.error(problemText(p));
      console.error(`${e.problems.length} problem(s); nothing stored`);
      return 1;
    }
    throw e;
  } finally {
    await db.close();
  }
}

process.exitCode = await main();
