import { describe, expect, it } from 'vitest';
import { analyseCsv, guessDelimiter, previewOf } from './csv-analysis';

const config = {
  dateColumn: 1,
  timeColumn: 1,
  valueColumn: 2,
  remarkColumn: 0,
  startRow: 2,
  dateTimeFormat: 'dd.MM.yyyy HH:mm',
};

describe('reading a CSV for the import preview', () => {
  it.each([
    ['Datum;Wert\n01.11.2026 08:15;1\n', ';'],
    ['Datum;Wert\n01.11.2026 08:15;1,5\n01.11.2026 08:16;2\n', ';'],
    ['Datum,Wert\n01.11.2026 08:15,1.5\n', ','],
    ['Datum\tWert\n01.11.2026 08:15\t1,5\n', '\t'],
    ['Datum|Wert\n01.11.2026 08:15|1\n', '|'],
    ['Datum\n01.11.2026 08:15\n', ';'],
  ])('guesses the delimiter of %j', (text, expected) => {
    expect(guessDelimiter(text)).toBe(expected);
  });

  it('splits, checks columns and plans a semicolon file with a trailing newline', () => {
    const r = analyseCsv(
      new TextEncoder().encode('Datum;Wert\n01.11.2026 08:15;1,5\n01.11.2026 08:16;abc\n'),
      config,
      [],
    );
    expect(r.ok && r.preview.rows.map((x) => x.problem)).toEqual(['noEntry', 'badValue']);
    expect(r.ok && [r.preview.errors, r.preview.omitted]).toEqual([2, 0]);
  });

  it('refuses a one-column file', () => {
    const r = analyseCsv(new TextEncoder().encode('Datum\n01.11.2026 08:15\n'), config, []);
    expect(r.ok ? undefined : r.problem.kind).toBe('wrongColumns');
  });
});

describe('preview sent to the page', () => {
  it('keeps flagged rows first and counts what it leaves out', () => {
    const rows = [
      { line: 1 },
      { line: 2, problem: 'badValue' as const },
      { line: 3 },
      { line: 4, implausible: { kind: 'incident' as const } },
    ];
    const p = previewOf({ rows, imports: [] }, 3);
    expect(p.rows.map((r) => r.line)).toEqual([2, 4, 1]);
    expect([p.omitted, p.errors, p.implausible]).toEqual([1, 1, 1]);
    expect(previewOf({ rows, imports: [] }, 10).rows).toBe(rows);
  });
});
