import { csvText } from '../../domain/csv-export';

/** Offers rows as a CSV download (csvText: semicolons, formula-like text escaped). */
export function downloadCsv(filename: string, rows: readonly Record<string, string | number>[]): void {
  const text = csvText(rows);
  // the BOM lets spreadsheet programs read the umlauts of station names as UTF-8
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  // eslint-disable-next-line local/no-direct-db-write -- a DOM element, not a document
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
