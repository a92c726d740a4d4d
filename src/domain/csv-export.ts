import Papa from 'papaparse';

/**
 * The CSV text of rows, semicolon-separated (spreadsheets in de/it locales expect it with decimal commas).
 * Text cells that start like a formula (`=`, `+`, `-`, `@`, tab, CR) get a leading `'`, so a remark such as
 * `=HYPERLINK(…)` opens as text, never as a live formula (CSV injection); numbers stay numbers.
 */
export function csvText(rows: readonly Record<string, string | number>[]): string {
  return Papa.unparse([...rows], { delimiter: ';', escapeFormulae: true });
}
