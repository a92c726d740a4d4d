import type { CsvImporterConfig } from '../../schemas/api';

/**
 * Largest CSV the importer reads: 5 MiB. A logger export of a round is a few kilobytes and 10,000 lines
 * are about 250 KB; anything far larger is the wrong file, and refusing it before reading keeps a phone's
 * memory and the main thread free (docs/analysis.md).
 */
export const CSV_MAX_BYTES = 5 * 1024 * 1024;

export type CsvFileProblem =
  | { kind: 'empty' }
  | { kind: 'tooLarge'; size: number; limit: number }
  | { kind: 'binary' }
  | { kind: 'encoding' }
  | { kind: 'wrongColumns'; found: number; expected: number }
  | { kind: 'unreadable'; reason: string };

/** What can be told from the file's size alone, before a byte is read. */
export function checkFileSize(size: number, limit = CSV_MAX_BYTES): CsvFileProblem | undefined {
  if (size === 0) return { kind: 'empty' };
  if (size > limit) return { kind: 'tooLarge', size, limit };
  return undefined;
}

/** Control characters that never occur in a text export (everything below 0x20 but tab, LF, CR, FF). */
function isBinaryByte(b: number): boolean {
  return b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c;
}

/**
 * The file's bytes as text. A binary file (a NUL or other control bytes, e.g. a spreadsheet or image renamed
 * .csv) and a text that is not UTF-8 (UTF-16, or Latin-1 umlauts) are refused rather than imported garbled.
 */
export function decodeCsvBytes(bytes: Uint8Array): { ok: true; text: string } | { ok: false; problem: CsvFileProblem } {
  if (bytes.length === 0) return { ok: false, problem: { kind: 'empty' } };
  // UTF-16 exports start with a byte order mark; they are text, but not in the encoding we read
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    return { ok: false, problem: { kind: 'encoding' } };
  const head = bytes.subarray(0, 8192);
  let control = 0;
  for (const b of head) if (isBinaryByte(b)) control++;
  if (head.includes(0) || control > head.length / 100) return { ok: false, problem: { kind: 'binary' } };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return { ok: false, problem: { kind: 'encoding' } };
  }
  if (text.trim() === '') return { ok: false, problem: { kind: 'empty' } };
  return { ok: true, text };
}

/** The highest column the configuration reads (columns are 1-based, 0 = none). */
export function requiredColumns(config: CsvImporterConfig): number {
  return Math.max(config.dateColumn, config.timeColumn, config.valueColumn, config.remarkColumn);
}

/** The data rows (from startRow on, blank rows skipped) with their 1-based line numbers. */
export function dataRows(
  rows: readonly (readonly string[])[],
  config: CsvImporterConfig,
): { line: number; row: readonly string[] }[] {
  const out: { line: number; row: readonly string[] }[] = [];
  rows.forEach((row, i) => {
    if (i + 1 >= config.startRow && !row.every((c) => c.trim() === '')) out.push({ line: i + 1, row });
  });
  return out;
}

/**
 * A file whose data rows all lack the configured columns is the wrong file (or the wrong delimiter): one
 * clear message instead of an error on every line. A few short lines are reported per line instead.
 */
export function checkColumns(
  rows: readonly (readonly string[])[],
  config: CsvImporterConfig,
): CsvFileProblem | undefined {
  const data = dataRows(rows, config);
  if (data.length === 0) return { kind: 'empty' };
  const expected = requiredColumns(config);
  const found = Math.max(...data.map((d) => d.row.length));
  return found < expected ? { kind: 'wrongColumns', found, expected } : undefined;
}
