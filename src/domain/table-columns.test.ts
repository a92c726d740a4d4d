import { describe, expect, it } from 'vitest';
import { tableColumns, type ColumnSetting } from './table-columns';

const keys = (settings: ColumnSetting[]) => tableColumns(settings, 'de').map((c) => c.key);

describe('§3 config columns on the table', () => {
  it('keeps the app order and labels without settings', () => {
    expect(tableColumns([], 'de')).toEqual([
      { key: 'station' },
      { key: 'parameter' },
      { key: 'history' },
      { key: 'value' },
      { key: 'time' },
      { key: 'remark' },
    ]);
  });

  it.each<[string, ColumnSetting[], string[]]>([
    [
      'by sortKey, numbers as numbers',
      [
        { key: 'remark', sortKey: '1' },
        { key: 'value', sortKey: '10' },
        { key: 'time', sortKey: '2' },
      ],
      ['station', 'remark', 'time', 'value', 'parameter', 'history'],
    ],
    [
      'with the field names of §3',
      [
        { key: 'tsRemark', sortKey: 'a' },
        { key: 'dt', sortKey: 'b' },
      ],
      ['station', 'remark', 'time', 'parameter', 'history', 'value'],
    ],
    [
      'the station first whatever its sortKey',
      [
        { key: 'station', sortKey: '9' },
        { key: 'value', sortKey: '1' },
      ],
      ['station', 'value', 'parameter', 'history', 'time', 'remark'],
    ],
    [
      'ignoring unknown keys',
      [{ key: 'colour', sortKey: '0' }],
      ['station', 'parameter', 'history', 'value', 'time', 'remark'],
    ],
  ])('orders %s', (_name, settings, expected) => {
    expect(keys(settings)).toEqual(expected);
  });

  it.each<['de' | 'en' | 'it', string]>([
    ['de', 'Messwert'],
    ['en', 'Reading'],
    ['it', 'Wert'],
  ])('labels in %s', (locale, label) => {
    const [value] = tableColumns(
      [{ key: 'value', label: 'Wert', deLabel: 'Messwert', enLabel: 'Reading', sortKey: '1', cssClass: ' font-bold ' }],
      locale,
    ).slice(1);
    expect(value).toEqual({ key: 'value', label, cssClass: 'font-bold' });
  });

  it('falls back to label when the language has none', () => {
    expect(tableColumns([{ key: 'time', label: 'Uhrzeit' }], 'en').find((c) => c.key === 'time')?.label).toBe(
      'Uhrzeit',
    );
  });
});
