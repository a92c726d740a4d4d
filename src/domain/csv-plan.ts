import { DateTime } from 'luxon';
import type { CsvImporterConfig, MeasureRoundEntry } from '../../schemas/api';
import { dataRows } from './csv-file';
import { parseCsvRows, type CsvEntry, type CsvLineError } from './csv-import';
import { DEFAULT_ZONE } from './dates';
import { allowedCodes, inputTypeOf, type InputType } from './input-type';
import { checkPlausibility, type PlausibilityResult } from './plausibility';

export type CsvRowProblem = CsvLineError['reason'] | 'noEntry' | 'notImportable' | 'badCode' | 'otherDate';

/** One line of the preview: a round entry with the CSV line assigned to it, or a line with no entry. */
export interface CsvPlanRow {
  entry?: MeasureRoundEntry;
  line?: number;
  csv?: CsvEntry;
  /** the line's cells as written, so a bad line shows what it holds */
  raw?: readonly string[];
  /** what keeps the line from being imported */
  problem?: CsvRowProblem;
  /** §4 NO_IMPORT_NUMBER: the entry takes no CSV line and is entered by hand */
  noImportNumber?: boolean;
  /** §5 plausibility of the imported value (shown, the import goes ahead as with typed values) */
  implausible?: PlausibilityResult;
}

export interface CsvPlan {
  rows: CsvPlanRow[];
  /** the round's date (YYYY-MM-DD): the date of the first good line */
  date?: string;
  /** what will be written: one draft per entry */
  imports: { tsId: string; time: string; text: string; remark?: string }[];
}

/** Input types whose reading is one number or code in one cell; the others need their dialogs. */
const IMPORTABLE: readonly InputType[] = ['NUMBER', 'NO_STEADY_INCIDENT', 'NO_YES'];

/**
 * Assigns the CSV's data lines, in order, to the round's entries that have an import number (§4), in the
 * round's order: a logger or spreadsheet export of a round lists its readings in the order they are
 * taken. Entries without an import number take no line. Every line keeps its own verdict; only good lines
 * on the round's date are imported (docs/analysis.md).
 */
export function planCsvImport(
  entries: readonly MeasureRoundEntry[],
  rows: readonly (readonly string[])[],
  config: CsvImporterConfig,
  zone = DEFAULT_ZONE,
): CsvPlan {
  const parsed = parseCsvRows(rows, config, zone);
  const good = new Map(parsed.entries.map((e) => [e.line, e]));
  const bad = new Map(parsed.errors.map((e) => [e.line, e.reason]));
  const data = dataRows(rows, config);
  const firstGood = parsed.entries[0];
  // a good line's dt is a valid ISO timestamp, so it has a date
  const date = firstGood ? (DateTime.fromISO(firstGood.dt, { zone }).toISODate() as string) : undefined;
  const out: CsvPlanRow[] = [];
  const imports: CsvPlan['imports'] = [];
  let next = 0;
  for (const entry of entries) {
    const type = inputTypeOf(entry);
    if (type === 'NO_IMPORT_NUMBER') {
      out.push({ entry, noImportNumber: true });
      continue;
    }
    const d = data[next++];
    if (d === undefined) {
      out.push({ entry });
      continue;
    }
    const { line } = d;
    const csv = good.get(line);
    const row: CsvPlanRow = { entry, line, raw: d.row, ...(csv ? { csv } : {}) };
    const lineProblem = bad.get(line);
    if (lineProblem) row.problem = lineProblem;
    else if (csv) {
      const local = DateTime.fromISO(csv.dt, { zone });
      const codes = allowedCodes(type);
      if (!IMPORTABLE.includes(type)) row.problem = 'notImportable';
      else if (local.toISODate() !== date) row.problem = 'otherDate';
      else if (csv.value !== undefined && codes && !codes.includes(csv.value)) row.problem = 'badCode';
      else {
        if (csv.value !== undefined) {
          const p = checkPlausibility(entry, csv.value);
          if (p) row.implausible = p;
        }
        imports.push({
          tsId: entry.tsId,
          time: local.toFormat('HH:mm'),
          text: csv.value === undefined ? '' : String(csv.value),
          ...(csv.remark ? { remark: csv.remark } : {}),
        });
      }
    }
    out.push(row);
  }
  for (const { line, row } of data.slice(next))
    out.push({
      line,
      raw: row,
      ...(good.get(line) ? { csv: good.get(line) } : {}),
      problem: bad.get(line) ?? 'noEntry',
    });
  return { rows: out, ...(date ? { date } : {}), imports };
}
