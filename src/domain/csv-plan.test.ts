import { describe, expect, it } from 'vitest';
import type { CsvImporterConfig, MeasureRoundEntry } from '../../schemas/api';
import { checkColumns, checkFileSize, CSV_MAX_BYTES, decodeCsvBytes, requiredColumns } from './csv-file';
import { planCsvImport } from './csv-plan';

const config: CsvImporterConfig = {
  dateColumn: 1,
  timeColumn: 1,
  valueColumn: 2,
  remarkColumn: 3,
  startRow: 2,
  dateTimeFormat: 'dd.MM.yyyy HH:mm',
};
const e = (tsId: string, over: Partial<MeasureRoundEntry> = {}) =>
  ({
    staName: 'S',
    staNumber: tsId.split('-')[0],
    tsId,
    tsParameter: 'W',
    tsUnit: 'cm',
    tsPlausibilityCheck: { min: 0, max: 10 },
    ...over,
  }) as MeasureRoundEntry;
const bytes = (s: string) => new TextEncoder().encode(s);

describe('CSV file checks before import', () => {
  it.each([
    [0, 'empty'],
    [CSV_MAX_BYTES + 1, 'tooLarge'],
    [50 * 1024 * 1024, 'tooLarge'],
    [CSV_MAX_BYTES, undefined],
    [10, undefined],
  ])('a file of %i bytes: %j', (size, kind) => {
    expect(checkFileSize(size)?.kind).toBe(kind);
  });

  it.each([
    ['empty bytes', new Uint8Array(), 'empty'],
    ['only blanks', bytes(' \n \n'), 'empty'],
    ['UTF-16 LE', new Uint8Array([0xff, 0xfe, 0x41, 0x00]), 'encoding'],
    ['UTF-16 BE', new Uint8Array([0xfe, 0xff, 0x00, 0x41]), 'encoding'],
    ['Latin-1 umlaut', new Uint8Array([0x61, 0xe4, 0x62, 0x0a]), 'encoding'],
    ['a PNG renamed .csv', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), 'binary'],
    ['control bytes without NUL', new Uint8Array([0x01, 0x02, 0x03, 0x41]), 'binary'],
  ])('%s is refused: %s', (_name, data, kind) => {
    const r = decodeCsvBytes(data);
    expect(r.ok ? undefined : r.problem.kind).toBe(kind);
  });

  it('reads UTF-8 with a byte order mark and umlauts', () => {
    const r = decodeCsvBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes('Datum;Wert\n01.11.2026 10:00;ä\n')]));
    expect(r).toEqual({ ok: true, text: 'Datum;Wert\n01.11.2026 10:00;ä\n' });
  });

  it('needs the highest configured column', () => {
    expect(requiredColumns(config)).toBe(3);
    expect(requiredColumns({ ...config, remarkColumn: 0 })).toBe(2);
  });

  it.each([
    ['one column only', [['h'], ['01.11.2026 10:00']], { kind: 'wrongColumns', found: 1, expected: 3 }],
    ['headers only', [['Datum', 'Wert', 'Bemerkung']], { kind: 'empty' }],
    ['blank data rows', [['h'], ['', '']], { kind: 'empty' }],
    ['enough columns', [['h'], ['a', 'b', 'c']], undefined],
    ['one short line among good ones', [['h'], ['a'], ['a', 'b', 'c']], undefined],
  ])('%s', (_name, rows, expected) => {
    expect(checkColumns(rows, config)).toEqual(expected);
  });
});

describe('planning a CSV import into a round', () => {
  const entries = [
    e('1-W'),
    e('2-null'),
    e('3-W'),
    e('4-ZU', { tsUnit: 'nein/unverändert/Ereignis' }),
    e('5-Q', { tsUnit: 'l/s' }),
    e('6-W'),
  ];

  it('assigns lines in order to entries with an import number and reports each line', () => {
    const rows = [
      ['Datum', 'Wert', 'Bemerkung'],
      ['01.11.2026 08:15', '4,5', 'Datensammler neu'],
      ['01.11.2026 08:20', 'x'],
      ['01.11.2026 08:30', '7'],
      ['01.11.2026 08:40', '7'],
      ['01.11.2026 08:45', '99'],
      ['02.11.2026 08:50', '3'],
    ];
    const plan = planCsvImport(entries, rows, config);
    expect(plan.date).toBe('2026-11-01');
    expect(
      plan.rows.map((r) => [r.entry?.tsId, r.line, r.problem ?? (r.noImportNumber ? 'noImportNumber' : 'ok')]),
    ).toEqual([
      ['1-W', 2, 'ok'],
      ['2-null', undefined, 'noImportNumber'],
      ['3-W', 3, 'badValue'],
      ['4-ZU', 4, 'badCode'],
      ['5-Q', 5, 'notImportable'],
      ['6-W', 6, 'ok'],
      [undefined, 7, 'noEntry'],
    ]);
    expect(plan.rows[5]?.implausible).toMatchObject({ kind: 'range', max: 10 });
    expect(plan.imports).toEqual([
      { tsId: '1-W', time: '08:15', text: '4.5', remark: 'Datensammler neu' },
      { tsId: '6-W', time: '08:45', text: '99' },
    ]);
  });

  it('keeps lines of another date out of the round', () => {
    const rows = [['h'], ['01.11.2026 08:15', '1'], ['02.11.2026 08:15', '2']];
    const plan = planCsvImport([e('1-W'), e('3-W')], rows, config);
    expect(plan.rows.map((r) => r.problem)).toEqual([undefined, 'otherDate']);
    expect(plan.imports).toHaveLength(1);
  });

  it('leaves entries without a line empty and imports a dash as an empty value', () => {
    const plan = planCsvImport([e('1-W'), e('3-W')], [['h'], ['01.11.2026 08:15', '-']], config);
    expect(plan.rows).toHaveLength(2);
    expect(plan.rows[1]).toEqual({ entry: e('3-W') });
    expect(plan.rows[0]?.raw).toEqual(['01.11.2026 08:15', '-']);
    expect(plan.imports).toEqual([{ tsId: '1-W', time: '08:15', text: '' }]);
  });

  it('reports a bad line beyond the last entry with its own reason', () => {
    const plan = planCsvImport([], [['h'], ['', '1'], ['01.11.2026 08:15', '1']], config);
    expect(plan.rows.map((r) => r.problem)).toEqual(['missingDate', 'noEntry']);
    expect(plan.rows[1]?.csv?.value).toBe(1);
  });

  it('has no date when no line is good', () => {
    const plan = planCsvImport([e('1-W')], [['h'], ['bad', '1']], config);
    expect(plan.date).toBeUndefined();
    expect(plan.rows[0]?.problem).toBe('badDate');
    expect(plan.imports).toEqual([]);
  });
});
