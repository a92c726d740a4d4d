import Papa from 'papaparse';
import type { CsvImporterConfig, MeasureRoundEntry } from '../../../schemas/api';
import { checkColumns, decodeCsvBytes, type CsvFileProblem } from '../../domain/csv-file';
import { planCsvImport, type CsvPlan } from '../../domain/csv-plan';

/**
 * The delimiter the most lines share: the candidate present on every one of the first non-empty lines,
 * most often; ties go to the semicolon, as German and Italian exports write decimal commas. (papaparse's
 * own guess picks ',' for "Datum;Wert" files ending in a newline.)
 */
export function guessDelimiter(text: string): string {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '').slice(0, 20);
  let best = { delimiter: ';', count: 0 };
  for (const delimiter of [';', '\t', '|', ',']) {
    const count = Math.min(...lines.map((l) => l.split(delimiter).length - 1));
    if (count > best.count) best = { delimiter, count };
  }
  return best.delimiter;
}

export type CsvAnalysis = { ok: true; plan: CsvPlan; lineCount: number } | { ok: false; problem: CsvFileProblem };

/**
 * From the file's bytes to the import preview: decode (UTF-8 only, binary refused), split with papaparse
 * (delimiter detected: ; tab | ,), check the configured columns, assign lines to entries. Runs in the CSV
 * worker, so a 10,000-line file never blocks the page.
 */
export function analyseCsv(bytes: Uint8Array, config: CsvImporterConfig, entries: readonly MeasureRoundEntry[]): CsvAnalysis {
  const decoded = decodeCsvBytes(bytes);
  if (!decoded.ok) return decoded;
  const parsed = Papa.parse<string[]>(decoded.text, { skipEmptyLines: false, delimiter: guessDelimiter(decoded.text) });
  const rows = parsed.data.filter((r): r is string[] => Array.isArray(r));
  const columns = checkColumns(rows, config);
  if (columns) return { ok: false, problem: columns };
  return { ok: true, plan: planCsvImport(entries, rows, config), lineCount: rows.length };
}
