import { describe, expect, it } from 'vitest';
import { knownStationDataKey, stationDataRows } from './station-data';

describe('station data as rows', () => {
  it.each([
    [
      'a number',
      { altitude: 1767 },
      { key: 'altitude', known: 'altitude', value: { kind: 'numbers', values: [1767] } },
    ],
    [
      'a decimal comma',
      { latitude: '47,0634' },
      { key: 'latitude', known: 'latitude', value: { kind: 'numbers', values: [47.0634] } },
    ],
    [
      'a latlng list',
      { latlng: [47.0412, 10.7433] },
      { key: 'latlng', known: 'latlng', value: { kind: 'numbers', values: [47.0412, 10.7433] } },
    ],
    [
      'a bracketed latlng text',
      { latlng: '[47.0521, 10.7389]' },
      { key: 'latlng', known: 'latlng', value: { kind: 'numbers', values: [47.0521, 10.7389] } },
    ],
    [
      'verticals separated by semicolons',
      { verticals: '0.3;0.6;0.9;1.2' },
      { key: 'verticals', known: 'verticals', value: { kind: 'numbers', values: [0.3, 0.6, 0.9, 1.2] } },
    ],
    [
      'a barcode in any case',
      { Barcode: 'ST-3001' },
      { key: 'Barcode', known: 'barcode', value: { kind: 'text', text: 'ST-3001' } },
    ],
    [
      'a barcode of digits is a code, not an amount',
      { barcode: 30017 },
      { key: 'barcode', known: 'barcode', value: { kind: 'text', text: '30017' } },
    ],
    ['a leading zero keeps a code as text', { code: '0042' }, { key: 'code', value: { kind: 'text', text: '0042' } }],
    [
      'a parameter list',
      { depthProfile: 'W' },
      { key: 'depthProfile', known: 'depthProfile', value: { kind: 'text', text: 'W' } },
    ],
    ['a flag', { valueAfter: true }, { key: 'valueAfter', known: 'valueAfter', value: { kind: 'flag', on: true } }],
    [
      'an alias',
      { Elevation: '1.767,5' },
      { key: 'Elevation', known: 'altitude', value: { kind: 'text', text: '1.767,5' } },
    ],
    ['an unknown key keeps its name', { gauge: 'Pegel 7' }, { key: 'gauge', value: { kind: 'text', text: 'Pegel 7' } }],
    ['mixed lists are text', { mix: ['a', 2] }, { key: 'mix', value: { kind: 'text', text: 'a; 2' } }],
    ['objects are text', { o: { a: 1 } }, { key: 'o', value: { kind: 'text', text: '{"a":1}' } }],
  ] as const)('%s', (_, metadata, row) => {
    expect(stationDataRows(metadata)).toEqual([row]);
  });

  it('keeps the order of the data, one row per key, and leaves out empty values', () => {
    expect(stationDataRows({ river: 'Faggenbach', blank: ' ', none: null, barcode: 'X1' }).map((r) => r.key)).toEqual([
      'river',
      'barcode',
    ]);
    expect(stationDataRows(undefined)).toEqual([]);
  });

  it('does not take a comma for a list separator (it is the decimal sign)', () => {
    expect(stationDataRows({ note: '1,5, 2,5' })[0]?.value).toEqual({ kind: 'text', text: '1,5, 2,5' });
  });

  it.each([
    ['BARCODE', 'barcode'],
    ['lng', 'longitude'],
    ['Höhe', undefined],
  ] as const)('knows %s as %s', (key, known) => {
    expect(knownStationDataKey(key)).toBe(known);
  });
});
