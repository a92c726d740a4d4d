import { strFromU8 } from 'fflate';
import { DateTime } from 'luxon';
import Papa from 'papaparse';
import { CsvImporterConfigSchema, type CsvImporterConfig } from '../../schemas/api';
import { isRealDateTime } from '../../schemas/api/brands';
import { readingZone } from '../../src/domain/zoned-time';
import * as v from 'valibot';
import type { Database, Queryable } from '../db/database';
import { parseDecimal } from './csv';
import { NetworkInvalid, type NetworkProblem } from './format';
import type { NetworkFiles } from './read-files';
import { parseZrxp } from './zrxp';

/** Rows per insert statement: large enough that a million values are a few hundred statements. */
const CHUNK = 20_000;

interface Column {
  tsIds: string[];
  dts: string[];
  values: (number | null)[];
  remarks: (string | null)[];
}

export interface HistoryResult {
  applied: boolean;
  /** values per series */
  series: Record<string, number>;
  values: number;
}

const LONG_COLUMNS = ['tsid', 'time', 'value', 'remark'];

/**
 * Reads historic values (docs/operator.md "History"): ZRXP files (`.zrx`, `.zrxp`; `#REXCHANGE` is the
 * tsId), a long CSV with the columns tsId, time, value, remark, or one CSV per series named `<tsId>.csv`
 * laid out as the config's csvImporter says (§3). Times without offset are in the readings' zone.
 */
export function readHistoryFiles(
  files: NetworkFiles,
  config: { csvImporter?: Partial<CsvImporterConfig>; mez?: boolean },
): { column: Column; problems: NetworkProblem[] } {
  const zone = readingZone(config.mez === true);
  const importer = v.parse(CsvImporterConfigSchema, config.csvImporter ?? {});
  const column: Column = { tsIds: [], dts: [], values: [], remarks: [] };
  const problems: NetworkProblem[] = [];
  const push = (tsId: string, t: number, value: number | null, remark?: string) => {
    column.tsIds.push(tsId);
    column.dts.push(new Date(t).toISOString());
    column.values.push(value);
    column.remarks.push(remark ? JSON.stringify({ text: remark }) : null);
  };
  const parseTime = (text: string): number | undefined => {
    const s = text.trim();
    if (/^\d{4}-\d{2}-\d{2}T/.test(s)) {
      if (!isRealDateTime(s)) return undefined;
      const dt = DateTime.fromISO(s, { zone, setZone: false });
      return dt.isValid ? dt.toMillis() : undefined;
    }
    const dt = DateTime.fromFormat(s, importer.dateTimeFormat, { zone });
    return dt.isValid ? dt.toMillis() : undefined;
  };
  for (const [name, data] of files) {
    const base = name.split('/').pop() ?? name;
    if (/\.zrxp?$/i.test(base)) {
      const { series, problems: zp } = parseZrxp(strFromU8(data));
      problems.push(...zp.map((p) => ({ file: name, row: p.line, message: p.message })));
      for (const s of series) for (const p of s.points) push(s.exchange, p.t, p.value, p.remark);
      continue;
    }
    if (!/\.(csv|txt)$/i.test(base)) continue;
    const rows = Papa.parse<string[]>(strFromU8(data).replace(/^\uFEFF/, ''), {
      delimitersToGuess: [';', ',', '\t'],
      skipEmptyLines: 'greedy',
    }).data;
    const header = (rows[0] ?? []).map((h) => h.trim().toLowerCase());
    if (header.includes('tsid')) {
      const unknown = header.find((h) => h !== '' && !LONG_COLUMNS.includes(h));
      if (unknown)
        problems.push({
          file: name,
          row: 1,
          column: unknown,
          message: `unknown column "${unknown}"; the columns are tsId, time, value, remark`,
        });
      const at = (k: string) => header.indexOf(k);
      rows.slice(1).forEach((cells, i) => {
        const row = i + 2;
        const tsId = cells[at('tsid')]?.trim() ?? '';
        const time = cells[at('time')] ?? '';
        const t = parseTime(time);
        if (!tsId) problems.push({ file: name, row, column: 'tsId', message: 'is empty' });
        if (t === undefined)
          problems.push({ file: name, row, column: 'time', message: `"${time}" is not a real date and time` });
        const rawValue = cells[at('value')]?.trim() ?? '';
        const value = rawValue === '' || rawValue === '-' ? null : parseDecimal(rawValue);
        if (value === undefined)
          problems.push({ file: name, row, column: 'value', message: `"${rawValue}" is not a number` });
        if (tsId && t !== undefined && value !== undefined) push(tsId, t, value, cells[at('remark')]?.trim());
      });
      continue;
    }
    // one series per file, laid out by the csvImporter settings (columns counted from 1; 0 = none)
    const tsId = base.replace(/\.(csv|txt)$/i, '');
    const cell = (cells: string[], k: number) => (k > 0 ? (cells[k - 1]?.trim() ?? '') : '');
    rows.slice(Math.max(0, importer.startRow - 1)).forEach((cells, i) => {
      const row = i + importer.startRow;
      const time =
        importer.dateColumn === importer.timeColumn
          ? cell(cells, importer.dateColumn)
          : `${cell(cells, importer.dateColumn)} ${cell(cells, importer.timeColumn)}`;
      const t = parseTime(time);
      if (t === undefined)
        problems.push({
          file: name,
          row,
          column: `column ${importer.dateColumn}`,
          message: `"${time}" is not a real date and time (${importer.dateTimeFormat})`,
        });
      const rawValue = cell(cells, importer.valueColumn);
      const value = rawValue === '' || rawValue === '-' ? null : parseDecimal(rawValue);
      if (value === undefined)
        problems.push({
          file: name,
          row,
          column: `column ${importer.valueColumn}`,
          message: `"${rawValue}" is not a number`,
        });
      if (t !== undefined && value !== undefined) push(tsId, t, value, cell(cells, importer.remarkColumn) || undefined);
    });
  }
  return { column, problems };
}

/**
 * Stores historic values in bulk in ONE transaction (multi-row inserts of CHUNK rows): nothing is stored
 * unless every value is readable and names a timeseries of a round. A value a submission stored at the
 * same series and time stays (the field reading wins); an imported one is replaced (import again = update).
 */
export async function importHistory(
  db: Database,
  files: NetworkFiles,
  opts: { dryRun: boolean },
): Promise<HistoryResult> {
  const [config] = await db.query<{ data: { csvImporter?: Partial<CsvImporterConfig>; mez?: boolean } }>(
    "select data from reference_data where key = 'config'",
  );
  const { column: read, problems } = readHistoryFiles(files, config?.data ?? {});
  const column = lastPerPoint(read);
  const known = new Set(
    (await db.query<{ ts_id: string }>('select distinct ts_id from round_entry')).map((r) => r.ts_id),
  );
  const series: Record<string, number> = {};
  for (const tsId of column.tsIds) series[tsId] = (series[tsId] ?? 0) + 1;
  for (const tsId of Object.keys(series))
    if (!known.has(tsId))
      problems.push({
        file: 'history',
        column: 'tsId',
        message: `"${tsId}" is not a timeseries of any round (import the network first)`,
      });
  if (problems.length > 0) throw new NetworkInvalid(problems);
  if (!opts.dryRun)
    await db.transaction(async (tx) => {
      // a million values take longer than a request's statement_timeout
      await tx.query('set local statement_timeout = 0');
      for (let i = 0; i < column.tsIds.length; i += CHUNK) await insertChunk(tx, column, i, i + CHUNK);
    });
  return { applied: !opts.dryRun, series, values: column.tsIds.length };
}

/** One value per series and time (the last one read wins): one insert may not touch a row twice. */
function lastPerPoint(c: Column): Column {
  const last = new Map<string, number>();
  c.tsIds.forEach((tsId, i) => last.set(`${tsId}|${c.dts[i]}`, i));
  if (last.size === c.tsIds.length) return c;
  const keep = [...last.values()].sort((a, b) => a - b);
  return {
    tsIds: keep.map((i) => c.tsIds[i] ?? ''),
    dts: keep.map((i) => c.dts[i] ?? ''),
    values: keep.map((i) => c.values[i] ?? null),
    remarks: keep.map((i) => c.remarks[i] ?? null),
  };
}

async function insertChunk(tx: Queryable, c: Column, from: number, to: number): Promise<void> {
  await tx.query(
    `insert into historic_value (ts_id, dt, value, ts_remark)
     select t.ts_id, t.dt, t.value, t.ts_remark::jsonb from unnest($1::text[], $2::timestamptz[], $3::float8[], $4::text[]) as t(ts_id, dt, value, ts_remark)
     on conflict (ts_id, dt) do update set value = excluded.value, ts_remark = excluded.ts_remark where historic_value.instance_id is null`,
    [c.tsIds.slice(from, to), c.dts.slice(from, to), c.values.slice(from, to), c.remarks.slice(from, to)],
  );
}
