import Papa from 'papaparse';
import type { NetworkProblem } from './format';

/** One data row of a CSV file: values by column name, and its spreadsheet row number (header = row 1). */
export interface CsvRow {
  row: number;
  values: Map<string, string>;
}

export interface CsvTable {
  file: string;
  delimiter: string;
  rows: CsvRow[];
}

/**
 * Reads a CSV file as a spreadsheet writes it: comma, semicolon (German Excel) or tab separated, with or
 * without a byte order mark; column names are matched without case. Unknown columns and missing required
 * ones are problems naming the file, row 1 and the column.
 */
export function readCsv(
  file: string,
  text: string,
  columns: { known: readonly string[]; required: readonly string[] },
  problems: NetworkProblem[],
): CsvTable {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    delimitersToGuess: [';', ',', '\t'],
    skipEmptyLines: 'greedy',
  });
  const [header = [], ...data] = parsed.data;
  const byLower = new Map(columns.known.map((c) => [c.toLowerCase(), c]));
  const names = header.map((h) => {
    const name = byLower.get(h.trim().toLowerCase());
    if (!name && h.trim() !== '')
      problems.push({
        file,
        row: 1,
        column: h.trim(),
        message: `unknown column "${h.trim()}"; the columns of this file are ${columns.known.join(', ')}`,
      });
    return name;
  });
  for (const required of columns.required)
    if (!names.includes(required))
      problems.push({ file, row: 1, column: required, message: `the column "${required}" is missing` });
  const rows = data.map((cells, i): CsvRow => {
    const values = new Map<string, string>();
    cells.forEach((cell, k) => {
      const name = names[k];
      if (name && cell.trim() !== '') values.set(name, cell.trim());
    });
    return { row: i + 2, values };
  });
  return { file, delimiter: parsed.meta.delimiter, rows };
}

/**
 * A number as a spreadsheet writes it: `1.5`, or `1,5` with a decimal comma (German Excel), also `1.234,5`
 * with a thousands point. Undefined for anything else.
 */
export function parseDecimal(text: string): number | undefined {
  let s = text.trim().replace(/\s/g, '');
  if (/^[+-]?\d{1,3}(\.\d{3})+,\d+$/.test(s)) s = s.replace(/\./g, '').replace(',', '.');
  else if (/^[+-]?\d*,\d+$/.test(s)) s = s.replace(',', '.');
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(s)) return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}

type Cell = string | number | boolean | undefined | null;

/** Writes rows as CSV; `german` writes semicolons and decimal commas, as German Excel reads them. */
export function writeCsv(columns: readonly string[], rows: readonly object[], german = false): string {
  const cell = (v: Cell) =>
    v === undefined || v === null ? '' : typeof v === 'number' && german ? String(v).replace('.', ',') : String(v);
  return `${Papa.unparse(
    { fields: [...columns], data: rows.map((r) => columns.map((c) => cell((r as Record<string, Cell>)[c]))) },
    { delimiter: german ? ';' : ',', newline: '\n' },
  )}\n`;
}
