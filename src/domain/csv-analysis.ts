import Papa from 'papaparse';
import type { CsvImporterConfig, MeasureRoundEntry } from '../../schemas/api';
import { checkColumns, decodeCsvBytes, type CsvFileProblem } from './csv-file';
import { planCsvImport, type CsvPlan } from './csv-plan';

/**
 * The delimiter the most lines share: the candidate present on every one of the first non-empty lines,
 * most often; ties go to the semicolon, as German and Italian exports write decimal commas. (papaparse's
 * own guess picks ',' for "Datum;Wert" files ending in a newline.)
 */
export function guessDelimiter(text: string): string {
  const lines = text
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '')
    .slice(0, 20);
  let best = { delimiter: ';', count: 0 };
  for (const delimiter of [';', '\t', '|', ',']) {
    const count = Math.min(...lines.map((l) => l.split(delimiter).length - 1));
    if (count > best.count) best = { delimiter, count };
  }
  return best.delimiter;
}

/** Preview rows sent to the page: problems first; the page renders these and counts the rest. */
export const PREVIEW_ROWS = 150;

export interface CsvPreviewData {
  /** the rows to show: at most PREVIEW_ROWS, problems and implausible values first, then in file order */
  rows: CsvPlan['rows'];
  /** how many rows of the plan are not in `rows` */
  omitted: number;
  errors: number;
  implausible: number;
}

export type CsvAnalysis =
  | { ok: true; plan: Omit<CsvPlan, 'rows'>; preview: CsvPreviewData; lineCount: number }
  | { ok: false; problem: CsvFileProblem };

/**
 * Keeps what the page shows: handing 10,000 planned rows to the main thread costs a long task there
 * (structured clone and render) for rows nobody reads.
 */
export function previewOf(plan: CsvPlan, limit = PREVIEW_ROWS): CsvPreviewData {
  const flagged = plan.rows.filter((r) => r.problem || r.implausible);
  const rest = plan.rows.filter((r) => !r.problem && !r.implausible);
  const rows = plan.rows.length > limit ? [...flagged, ...rest].slice(0, limit) : plan.rows;
  return {
    rows,
    omitted: plan.rows.length - rows.length,
    errors: plan.rows.filter((r) => r.problem).length,
    implausible: plan.rows.filter((r) => !r.problem && r.implausible).length,
  };
}

/**
 * From the file's bytes to the import preview: decode (UTF-8 only, binary refused), split with papaparse
 * (delimiter detected: ; tab | ,), check the configured columns, assign lines to entries. Runs in the CSV
 * worker, so a 10,000-line file never blocks the page.
 */
export function analyseCsv(
  bytes: Uint8Array,
  config: CsvImporterConfig,
  entries: readonly MeasureRoundEntry[],
): CsvAnalysis {
  const decoded = decodeCsvBytes(bytes);
  if (!decoded.ok) return decoded;
  const parsed = Papa.parse<string[]>(decoded.text, { skipEmptyLines: false, delimiter: guessDelimiter(decoded.text) });
  const rows = parsed.data.filter((r): r is string[] => Array.isArray(r));
  const columns = checkColumns(rows, config);
  if (columns) return { ok: false, problem: columns };
  const { rows: planned, ...plan } = planCsvImport(entries, rows, config);
  return { ok: true, plan, preview: previewOf({ ...plan, rows: planned }), lineCount: rows.length };
}
