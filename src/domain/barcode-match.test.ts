import { describe, expect, it } from 'vitest';
import { matchBarcode, normalizeBarcode, stationBarcode, type BarcodeMatch, type BarcodeTarget } from './barcode-match';

const round: BarcodeTarget[] = [
  { staNumber: '1', tsId: '1-W', tsBarcode: 'HWE-1-W' },
  { staNumber: '1', tsId: '1-T' },
  { staNumber: '2', tsId: '2-Q', tsBarcode: 'dup', staMetadata: { Barcode: 'ST-2' } },
  { staNumber: '3', tsId: '3-Q', tsBarcode: 'DUP' },
  { staNumber: '4', tsId: '4-W', staMetadata: { barcode: 4711 } },
  { staNumber: '5', tsId: '5-W', tsBarcode: 'st-2', staMetadata: { barcode: '  ' } },
  { staNumber: '6', tsId: '6-W', tsBarcode: '', staMetadata: { other: 'HWE-1-W', barcode: { nested: true } } },
];

describe('matchBarcode', () => {
  it.each<[string, string, BarcodeMatch]>([
    ['the exact tsBarcode', 'HWE-1-W', { kind: 'timeseries', staNumber: '1', tsId: '1-W' }],
    ['trimmed and in another case', '  hwe-1-w\n', { kind: 'timeseries', staNumber: '1', tsId: '1-W' }],
    [
      'several entries with the code: the first in round order',
      'Dup',
      { kind: 'timeseries', staNumber: '2', tsId: '2-Q' },
    ],
    [
      'a timeseries code before a station plate with the same code',
      'ST-2',
      { kind: 'timeseries', staNumber: '5', tsId: '5-W' },
    ],
    ['a station plate from the metadata (a number)', '4711', { kind: 'station', staNumber: '4' }],
    ['no entry with the code', 'XYZ-9', { kind: 'none', code: 'XYZ-9' }],
    ['an empty tsBarcode never matches empty input', '   ', { kind: 'none', code: '' }],
    ['other metadata keys are not codes', 'hwe-1-x', { kind: 'none', code: 'hwe-1-x' }],
  ])('%s', (_name, code, expected) => expect(matchBarcode(code, round)).toEqual(expected));

  it('finds nothing in an empty round', () => expect(matchBarcode('A', [])).toEqual({ kind: 'none', code: 'A' }));
});

describe('stationBarcode', () => {
  it.each<[Record<string, unknown> | undefined, string | undefined]>([
    [undefined, undefined],
    [{}, undefined],
    [{ BARCODE: 'P-1' }, 'P-1'],
    [{ barcode: 12 }, '12'],
    [{ barcode: '' }, undefined],
    [{ barcode: ['x'] }, undefined],
  ])('%j → %j', (metadata, expected) => expect(stationBarcode(metadata)).toBe(expected));
});

describe('normalizeBarcode', () => {
  it.each([
    [' Ab-1 ', 'ab-1'],
    ['\tX\r\n', 'x'],
  ])('%j → %j', (code, expected) => expect(normalizeBarcode(code)).toBe(expected));
});
