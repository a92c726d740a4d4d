import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../app';
import type { Database } from '../db/database';
import { runMigrations } from '../db/migrations';
import { readNetworkPath } from './folder';
import { NetworkInvalid, type NetworkProblem } from './format';
import { readNetworkFiles, type NetworkFiles } from './read-files';
import { importNetwork, loadNetwork } from './store';
import { writeNetworkFiles } from './write-files';
import { testDatabaseOptions } from '../../test/support/server/test-database';

const EXAMPLE = new URL('../../examples/network', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'network-test-'));
let db: Database;

beforeAll(async () => {
  // an empty, migrated database: the network import is tested from a fresh install
  const { dataDir, databaseUrl } = await testDatabaseOptions(dir, { demo: false });
  db = await openDatabase({ dataDir, databaseUrl });
  await runMigrations(db);
});
afterAll(async () => {
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

const counts = async () =>
  (
    await db.query<{ rounds: number; entries: number; permissions: number }>(
      'select (select count(*)::int from measure_round) as rounds, (select count(*)::int from round_entry) as entries, (select count(*)::int from permission) as permissions',
    )
  )[0];

async function problemsOf(files: NetworkFiles): Promise<NetworkProblem[]> {
  try {
    await importNetwork(db, readNetworkFiles(files), { dryRun: false });
  } catch (e) {
    if (e instanceof NetworkInvalid) return e.problems;
    throw e;
  }
  throw new Error('the import was accepted');
}

describe('station network import', () => {
  it('dry run lists what would be added and stores nothing', async () => {
    const result = await importNetwork(db, readNetworkFiles(readNetworkPath(EXAMPLE)), { dryRun: true });
    expect(result.applied).toBe(false);
    expect(result.changes.rounds?.added).toEqual(['101', '102']);
    expect(result.changes.entries?.added).toHaveLength(13);
    expect(result.changes.permissions?.added).toContain('anna.berger / 101 / OBSERVE');
    expect(await counts()).toEqual({ rounds: 0, entries: 0, permissions: 0 });
  });

  it('imports the example network, and importing it again changes nothing', async () => {
    const first = await importNetwork(db, readNetworkFiles(readNetworkPath(EXAMPLE)), { dryRun: false });
    expect(first.applied).toBe(true);
    expect(await counts()).toEqual({ rounds: 2, entries: 13, permissions: 5 });
    const [entry] = await db.query<{ definition: Record<string, unknown> }>(
      "select definition from round_entry where ts_id = '201030-D'",
    );
    expect(entry?.definition).toMatchObject({
      staOrdinal: 3,
      staLocation: { latitude: 47.2318, longitude: 10.7387 },
      tsFormula: { op: '-', opArgs: [{ tsId: '201030-W' }, { tsId: '201030-null' }] },
      tsPlausibilityCheck: { min: -5, max: 5 },
    });
    const again = await importNetwork(db, readNetworkFiles(readNetworkPath(EXAMPLE)), { dryRun: true });
    for (const kind of Object.values(again.changes)) expect(kind).toEqual({ added: [], changed: [], removed: [] });
  });

  it('round trip: the exported files import as the same network', async () => {
    const before = await loadNetwork(db);
    for (const german of [false, true]) {
      const files = writeNetworkFiles(before, german);
      const result = await importNetwork(db, readNetworkFiles(files), { dryRun: true });
      for (const [kind, c] of Object.entries(result.changes))
        expect({ kind, ...c }).toEqual({ kind, added: [], changed: [], removed: [] });
    }
    const json = new Map([['network.json', strToU8(JSON.stringify(before))]]);
    const result = await importNetwork(db, readNetworkFiles(json), { dryRun: true });
    for (const c of Object.values(result.changes)) expect(c).toEqual({ added: [], changed: [], removed: [] });
  });

  it('updates by key: a changed limit is "changed", a dropped row "removed"', async () => {
    const files = readNetworkPath(EXAMPLE);
    const entries = new TextDecoder().decode(files.get('entries.csv'));
    const edited = entries
      .replace('201010-W,Wasserstand Lattenpegel,W,cm,20,450', '201010-W,Wasserstand Lattenpegel,W,cm,20,480')
      .split('\n')
      .filter((l) => !l.includes('202003-WT'))
      .join('\n');
    const result = await importNetwork(db, readNetworkFiles(new Map([['entries.csv', strToU8(edited)]])), {
      dryRun: true,
    });
    expect(result.changes.entries).toEqual({ added: [], changed: ['101 / 201010-W'], removed: ['102 / 202003-WT'] });
  });

  const ENTRY_HEADER = 'mrId,staNumber,staName,tsId,tsName,tsParameter,tsUnit,min,max,tsFormula\n';
  it.each([
    [
      'an unknown column',
      'mrId,staNumber,staName,tsId,tsParameter,colour\n101,1,A,1-W,W,red\n',
      1,
      'colour',
      /unknown column/,
    ],
    [
      'a duplicate timeseries id',
      `${ENTRY_HEADER}101,1,A,1-W,,W,cm,,,\n101,1,A,1-W,,W,cm,,,\n`,
      3,
      'tsId',
      /"1-W" is in round "101" twice \(also row 2\)/,
    ],
    ['min > max', `${ENTRY_HEADER}101,1,A,1-W,,W,cm,10,5,\n`, 2, 'min', /minimum 10 is greater than the maximum 5/],
    [
      'a unit the input types do not know',
      `${ENTRY_HEADER}101,1,A,1-Q,,Q,L/sec,,,\n`,
      2,
      'tsUnit',
      /did you mean "l\/s"/,
    ],
    [
      'a formula naming an unknown series',
      `${ENTRY_HEADER}101,1,A,1-D,,D,cm,,,"{""op"":""abs"",""opArgs"":[{""tsId"":""9-X""}]}"\n`,
      2,
      'tsFormula',
      /"9-X", which is in no round/,
    ],
    [
      'an infix formula naming an unknown series',
      `${ENTRY_HEADER}101,1,A,1-D,,D,cm,,,abs([9-X])\n`,
      2,
      'tsFormula',
      /"9-X", which is in no round/,
    ],
    [
      'an infix formula that cannot be read',
      `${ENTRY_HEADER}101,1,A,1-D,,D,cm,,,(1-W - \n`,
      2,
      'tsFormula',
      /the formula "\(1-W -" cannot be read: a value, timeseries or "\(" expected at the end/,
    ],
    ['a value that is no number', `${ENTRY_HEADER}101,1,A,1-W,,W,cm,zehn,,\n`, 2, 'min', /"zehn" is not a number/],
    ['a round that does not exist', `${ENTRY_HEADER}999,1,A,1-W,,W,cm,,,\n`, 2, 'mrId', /"999" is not in rounds/],
  ])('refuses %s with file, row and column, storing nothing', async (_name, csv, row, column, message) => {
    const before = await loadNetwork(db);
    const problems = await problemsOf(new Map([['entries.csv', strToU8(csv)]]));
    expect(problems).toContainEqual(
      expect.objectContaining({ file: 'entries.csv', row, column, message: expect.stringMatching(message) }),
    );
    expect(await loadNetwork(db)).toEqual(before);
  });

  it('reads a formula typed as infix text into the §3 node, the text becoming its display string', () => {
    const csv = `${ENTRY_HEADER}101,1,A,1-W,,W,cm,,,\n101,1,A,1-D,,D,cm,,,1-W - last([1-W]) * 2\n`;
    const { network, problems } = readNetworkFiles(new Map([['entries.csv', strToU8(csv)]]));
    expect(problems).toEqual([]);
    expect(network.entries?.[1]).toMatchObject({
      tsFormula: {
        op: '-',
        opArgs: [{ tsId: '1-W' }, { op: '*', opArgs: [{ tsId: '1-W', tsOp: 'last' }, { const: 2 }] }],
      },
      tsFormulaString: '1-W - last([1-W]) * 2',
    });
  });

  it('refuses an impossible date in documents.csv', async () => {
    const problems = await problemsOf(
      new Map([
        ['documents.csv', strToU8('mdId,file,lastModified\nD9,a.txt,2026-02-30T08:00:00Z\n')],
        ['documents/a.txt', strToU8('x')],
      ]),
    );
    expect(problems).toEqual([
      expect.objectContaining({
        file: 'documents.csv',
        row: 2,
        column: 'lastModified',
        message: expect.stringMatching(/not a real date/),
      }),
    ]);
  });

  it('reads a semicolon CSV with decimal commas (German Excel) and keeps nothing when one row is bad', async () => {
    const csv =
      '\uFEFFmrId;staNumber;staName;tsId;tsParameter;tsUnit;min;max;latitude;longitude\n101;201010;Pegel Prutz;201010-W;W;cm;20,5;450,25;47,0801;10,6592\n101;201010;Pegel Prutz;201010-X;W;cm;9,5;1,5;;\n';
    const problems = await problemsOf(new Map([['entries.csv', strToU8(csv)]]));
    expect(problems).toEqual([expect.objectContaining({ file: 'entries.csv', row: 3, column: 'min' })]);
    const good = csv.split('\n').slice(0, 2).join('\n');
    const { network, problems: read } = readNetworkFiles(new Map([['entries.csv', strToU8(good)]]));
    expect(read).toEqual([]);
    expect(network.entries?.[0]).toMatchObject({
      tsPlausibilityCheck: { min: 20.5, max: 450.25 },
      staLocation: { latitude: 47.0801, longitude: 10.6592 },
    });
  });

  it('refuses to remove a round that holds submissions', async () => {
    await db.query(
      "insert into submission (instance_id, mr_id, body, value_count, username) values ('00000000-0000-4000-8000-000000000001', '102', '{}', 0, 'x')",
    );
    const problems = await problemsOf(
      new Map([['rounds.csv', strToU8('mrId,mrName\n101,Pegelrunde Oberes Inntal\n')]]),
    );
    expect(problems).toEqual([
      expect.objectContaining({ file: 'rounds.csv', message: expect.stringMatching(/"102".*cannot be removed/) }),
    ]);
    await db.query("delete from submission where mr_id = '102'");
  });
});
