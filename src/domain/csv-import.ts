import { DateTime } from 'luxon';
import type { CsvImporterConfig } from '../../schemas/api';
import { parseNumberInput } from './numbers';

export interface CsvEntry {
  line: number;
  dt: string;
  value?: number;
  remark?: string;
  unit?: string;
}
export type CsvLineError = { line: number; reason: 'missingDate' | 'badDate' | 'badValue' };

const cell = (row: readonly string[], column: number) => (column > 0 ? (row[column - 1] ?? '').trim() : '');

/**
 * Turns already-split CSV rows into entries (columns are 1-based, 0 = none; rows before startRow are
 * headers). Date and time may share a column; the date-time format is luxon's. Every bad line is
 * reported with its 1-based line number; good lines are kept.
 */
export function parseCsvRows(
  rows: readonly (readonly string[])[],
  config: CsvImporterConfig,
  zone = 'Europe/Vienna',
): { entries: CsvEntry[]; errors: CsvLineError[] } {
  const entries: CsvEntry[] = [];
  const errors: CsvLineError[] = [];
  rows.forEach((row, index) => {
    const line = index + 1;
    if (line < config.startRow || row.every((c) => c.trim() === '')) return;
    const date = cell(row, config.dateColumn);
    const time = config.timeColumn !== config.dateColumn ? cell(row, config.timeColumn) : '';
    if (!date) return void errors.push({ line, reason: 'missingDate' });
    const dt = DateTime.fromFormat(time ? `${date} ${time}` : date, config.dateTimeFormat, { zone });
    if (!dt.isValid) return void errors.push({ line, reason: 'badDate' });
    const parsed = parseNumberInput(cell(row, config.valueColumn));
    if (parsed === undefined) return void errors.push({ line, reason: 'badValue' });
    const remark = cell(row, config.remarkColumn);
    entries.push({
      line,
      dt: dt.toISO() as string,
      ...(parsed.kind === 'number' ? { value: parsed.value } : {}),
      ...(remark ? { remark } : {}),
      ...(config.unitOverride ? { unit: config.unitOverride } : {}),
    });
  });
  return { entries, errors };
}
