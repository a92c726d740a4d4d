import Papa from 'papaparse';
import type { CsvImporterConfig, MeasureRoundEntry } from '../../../schemas/api';
import { checkColumns, decodeCsvBytes, type CsvFileProblem } from '../../domain/csv-file';
import { planCsvImport, type CsvPlan } from '../../domain/csv-plan';

export type CsvAnalysis = { ok: true; plan: CsvPlan; lineCount: number } | { ok: false; problem: CsvFileProblem };

/**
 * From the file's bytes to the import preview: decode (UTF-8 only, binary refused), split with papaparse
 * (delimiter detected: ; , tab), check the configured columns, assign lines to entries. Runs in the CSV
 * worker, so a 10,000-line file never blocks the page.
 */
export function analyseCsv(bytes: Uint8Array, config: CsvImporterConfig, entries: readonly MeasureRoundEntry[]): CsvAnalysis {
  const decoded = decodeCsvBytes(bytes);
  if (!decoded.ok) return decoded;
  const parsed = Papa.parse<string[]>(decoded.text, { skipEmptyLines: false, delimitersToGuess: [';', ',', '\t', '|'] });
  const rows = parsed.data.filter((r): r is string[] => Array.isArray(r));
  const columns = checkColumns(rows, config);
  if (columns) return { ok: false, problem: columns };
  return { ok: true, plan: planCsvImport(entries, rows, config), lineCount: rows.length };
}
