import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { StaNumberSchema, TsIdSchema } from '../../schemas/api';
import {
  describeRefusal,
  entryIndexOf,
  refusalConcerns,
  refusalHeldBy,
  refusedField,
  refusedTsId,
  type Refusal,
  type RefusedField,
  type RefusalSource,
  type RefusedEntry,
  type RowHeld,
} from './submit-refusal';

const entry = (tsId: string, staName: string, staNumber: string, tsParameter: string): RefusedEntry => ({
  tsId: v.parse(TsIdSchema, tsId),
  staName,
  staNumber: v.parse(StaNumberSchema, staNumber),
  tsParameter,
});
const gate = entry('2005-E', 'Schieber Grundablass', '2005', 'E');
const well = entry('2001-W', 'Piezometer P1', '2001', 'W');
const entries = [well, gate];

describe('describeRefusal: the server’s code and params with the round’s entries', () => {
  it.each<[string, RefusalSource, Refusal | undefined]>([
    [
      'a code not allowed, its series from the posted entry',
      { code: 'value-not-allowed', params: { value: 5, allowed: '0, 1, 2' }, tsId: '2005-E' },
      { code: 'value-not-allowed', value: 5, allowed: [0, 1, 2], tsId: '2005-E', entry: gate },
    ],
    [
      'a code not allowed of a series the device does not know',
      { code: 'value-not-allowed', params: { value: 3, allowed: '0, 1' } },
      { code: 'value-not-allowed', value: 3, allowed: [0, 1] },
    ],
    [
      'two values at one time, the series named by the server',
      { code: 'duplicate-time', params: { tsId: '2001-W', dt: '2026-11-20T11:00:00.000Z' } },
      { code: 'duplicate-time', dt: '2026-11-20T11:00:00.000Z', tsId: '2001-W', entry: well },
    ],
    [
      'a series no longer in the round on the server',
      { code: 'not-of-round', params: { tsId: '2001-W' } },
      { code: 'not-of-round', tsId: '2001-W', entry: well },
    ],
    [
      'a series the round on the device does not have either',
      { code: 'not-of-round', params: { tsId: '9999-X' } },
      { code: 'not-of-round', tsId: '9999-X' },
    ],
    [
      'a date in the future of an entry',
      { code: 'date-in-future', params: { value: '2200-01-01T00:00:00Z' }, tsId: '2001-W' },
      { code: 'date-in-future', value: '2200-01-01T00:00:00Z', tsId: '2001-W', entry: well },
    ],
    [
      'a creation time before 1900 (no entry)',
      { code: 'date-too-early', params: { value: '1850-01-01T00:00:00Z' } },
      { code: 'date-too-early', value: '1850-01-01T00:00:00Z' },
    ],
    [
      'a date that is none',
      { code: 'date-invalid', params: { value: 'gestern' } },
      { code: 'date-invalid', value: 'gestern' },
    ],
    [
      'a photo of another round',
      { code: 'image-other-round', params: { imageId: 'img-1' }, tsId: '2005-E' },
      { code: 'image-other-round', imageId: 'img-1', tsId: '2005-E', entry: gate },
    ],
    [
      'the field the server names, for the input it concerns',
      { code: 'date-in-future', params: { value: '2200-01-01T00:00:00Z' }, tsId: '2001-W', field: 'entries.0.dt' },
      { code: 'date-in-future', value: '2200-01-01T00:00:00Z', tsId: '2001-W', entry: well, field: 'entries.0.dt' },
    ],
  ])('%s', (_name, error, expected) => {
    expect(describeRefusal(error, entries)).toEqual(expected);
  });

  it.each<[string, RefusalSource]>([
    ['a server of the specification alone (no code)', { code: 'http' }],
    ['a code without params (an older reference server)', { code: 'value-not-allowed' }],
    ['a param missing', { code: 'value-not-allowed', params: { value: 5 } }],
    ['a param of the wrong kind', { code: 'duplicate-time', params: { tsId: '2001-W', dt: 7 } }],
    ['not-of-round without a series', { code: 'not-of-round', params: {} }],
    ['a code without a precise sentence', { code: 'forbidden', params: { value: 1 } }],
    ['an inherited name is no code', { code: 'toString', params: {} }],
  ])('keeps the general sentence: %s', (_name, error) => {
    expect(describeRefusal(error, entries)).toBeUndefined();
  });
});

describe('the series a refused field names', () => {
  const posted = [{ tsId: '2001-W' }, { tsId: '2005-E' }];
  it.each<[string | undefined, Record<string, string | number> | undefined, string | undefined]>([
    ['entries.1.value', { value: 5, allowed: '0, 1' }, '2005-E'],
    ['entries.0.valueAfter.dt', { value: '2200-01-01' }, '2001-W'],
    ['entries.1', undefined, '2005-E'],
    // the server's own tsId wins over the field's entry
    ['entries.0.tsId', { tsId: '9999-X' }, '9999-X'],
    ['entries.7.value', { value: 5 }, undefined],
    ['creationTime', { value: '1850-01-01' }, undefined],
    ['entries10.value', undefined, undefined],
    [undefined, undefined, undefined],
  ])('%s', (field, params, expected) => {
    expect(refusedTsId(field, params, posted)).toBe(expected);
  });

  it('reads the entry index only from a field under entries', () => {
    expect(entryIndexOf('entries.12.dischargeProtocol.dt')).toBe(12);
    expect(entryIndexOf('mrTeam')).toBeUndefined();
  });
});

describe('the rows a refusal marks', () => {
  it.each<[string, string | undefined, boolean]>([
    ['2002-W', '2002-W', true],
    ['2002-W#1', '2002-W', true],
    ['2002-WT', '2002-W', false],
    ['2002-W', undefined, false],
  ])('row %s, refusal of %s: %s', (row, tsId, expected) => {
    expect(refusalConcerns(tsId === undefined ? {} : { tsId }, row)).toBe(expected);
  });
});

describe('the input of a row a refusal concerns', () => {
  it.each<[string, Pick<Refusal, 'code' | 'field'>, RefusedField]>([
    ['two values at one time', { code: 'duplicate-time', field: 'entries.3.dt' }, 'time'],
    [
      'two values at one time, by the second reading',
      { code: 'duplicate-time', field: 'entries.3.valueAfter.dt' },
      'time',
    ],
    ['two values at one time, no field named', { code: 'duplicate-time' }, 'time'],
    ['a date in the future in the row', { code: 'date-in-future', field: 'entries.0.dt' }, 'time'],
    ['a date before 1900 in the row', { code: 'date-too-early', field: 'entries.12.dt' }, 'time'],
    ['a date that is none in the row', { code: 'date-invalid', field: 'entries.2.dt' }, 'time'],
    ['a date of the second reading', { code: 'date-in-future', field: 'entries.2.valueAfter.dt' }, 'time'],
    ['a discharge protocol’s date', { code: 'date-in-future', field: 'entries.2.dischargeProtocol.dt' }, 'value'],
    ['a task’s creation time', { code: 'date-too-early', field: 'entries.2.staTasks.0.creationTime' }, 'value'],
    ['the round’s creation time', { code: 'date-in-future', field: 'creationTime' }, 'value'],
    ['a date without a field', { code: 'date-invalid' }, 'value'],
    ['a field that only ends like a row’s time', { code: 'date-invalid', field: 'xentries.2.dt' }, 'value'],
    ['a code not allowed', { code: 'value-not-allowed', field: 'entries.1.value' }, 'value'],
    ['a series not of the round', { code: 'not-of-round', field: 'entries.1.dt' }, 'value'],
    ['a photo of another round', { code: 'image-other-round' }, 'value'],
  ])('%s: %s', (_name, refusal, expected) => {
    expect(refusedField(refusal)).toBe(expected);
  });
});

describe('which rows of the refused series hold what the refusal names (original and §5 copies)', () => {
  const noon = '2026-11-20T12:00:00.000+01:00';
  const noonAfter = '2026-11-20T12:01:00.000+01:00';
  const half7 = '2026-11-20T07:30:00.000+01:00';
  const row = (text: string | undefined, times: string[], valueAfterText?: string): RowHeld => ({
    times,
    values: { text, ...(valueAfterText !== undefined ? { valueAfterText } : {}) },
  });
  const notAllowed = (value: number | string, field?: string): Refusal => ({
    code: 'value-not-allowed',
    value,
    allowed: [0, 1, 2],
    tsId: '2005-E',
    ...(field !== undefined ? { field } : {}),
  });
  const date = (
    code: 'date-invalid' | 'date-too-early' | 'date-in-future',
    value: string,
    field?: string,
  ): Refusal => ({
    code,
    value,
    tsId: '2005-E',
    ...(field !== undefined ? { field } : {}),
  });
  const twice: Refusal = {
    code: 'duplicate-time',
    dt: '2026-11-20T11:00:00.000Z',
    tsId: '2005-E',
    field: 'entries.1.dt',
  };

  it.each<[string, Refusal, RowHeld | undefined, boolean]>([
    // value-not-allowed: the row holding the refused value, not its original or copy holding another
    ['the copy holding the refused 7', notAllowed(7, 'entries.1.value'), row('7', [half7]), true],
    ['the original holding the allowed 2', notAllowed(7, 'entries.0.value'), row('2', [noon]), false],
    ['a refused 7 typed as 7,0', notAllowed(7, 'entries.1.value'), row('7,0', [noon]), true],
    ['a refused 7 typed with blanks', notAllowed(7), row(' 7 ', [noon]), true],
    ['a refused code sent as text, typed as a number', notAllowed('7'), row('7', [noon]), true],
    ['a refused text code, typed the same', notAllowed('x', 'entries.0.value'), row(' x', [noon]), true],
    ['a refused text code, another typed', notAllowed('x', 'entries.0.value'), row('y', [noon]), false],
    [
      'a refused 7 of the second reading, held there',
      notAllowed(7, 'entries.0.valueAfter.value'),
      row('1', [noon], '7'),
      true,
    ],
    [
      'a refused 7 of the second reading, held only as the value',
      notAllowed(7, 'entries.0.valueAfter.value'),
      row('7', [noon], '1'),
      false,
    ],
    [
      'a refused 7 of the value, held only as the second reading',
      notAllowed(7, 'entries.0.value'),
      row('1', [noon], '7'),
      false,
    ],
    ['a refused 7, no field named: the second reading holds it', notAllowed(7), row('1', [noon], '7'), true],
    ['a row without a value', notAllowed(7), row(undefined, [noon]), false],
    ['a row already corrected to 1', notAllowed(7), row('1', [noon]), false],
    ['a row whose values are not known here (its time field)', notAllowed(7), { times: [noon] }, true],
    ['a row whose draft is not loaded yet', notAllowed(7), undefined, true],
    // duplicate-time: every row at the refused time, the instant compared, whatever its offset
    ['a row at the refused time', twice, row('3,5', [noon]), true],
    ['another row at the refused time', twice, row('4', [noon]), true],
    ['a copy at another time', twice, row('4', [half7]), false],
    [
      'a row whose second reading is at the refused time',
      { ...twice, dt: noonAfter },
      row('3', [noon, noonAfter], '4'),
      true,
    ],
    ['a row without a time', twice, row('4', []), false],
    ['a row whose draft is not loaded yet', twice, undefined, true],
    ['a refused time the device cannot read', { ...twice, dt: 'gestern' }, row('4', [half7]), true],
    // a date refused in a row's dt: the rows whose time makes it
    ['a future date made by the row', date('date-in-future', noon, 'entries.3.dt'), row('4', [noon]), true],
    ['a future date made by another row', date('date-in-future', noon, 'entries.3.dt'), row('4', [half7]), false],
    [
      'a date of the second reading',
      date('date-too-early', noonAfter, 'entries.3.valueAfter.dt'),
      row('4', [noon, noonAfter], '5'),
      true,
    ],
    ['a date that is none', date('date-invalid', 'kein Datum', 'entries.3.dt'), row('4', [half7]), true],
    // a date in no row's time, and codes that name no value or time: every row, as before
    [
      'a discharge protocol’s date',
      date('date-in-future', noon, 'entries.3.dischargeProtocol.dt'),
      row('4', [half7]),
      true,
    ],
    ['a date without a field', date('date-in-future', noon), row('4', [half7]), true],
    ['a series not of the round', { code: 'not-of-round', tsId: '2005-E' }, row('4', [half7]), true],
    [
      'a photo of another round',
      { code: 'image-other-round', imageId: 'i1', tsId: '2005-E' },
      row(undefined, []),
      true,
    ],
  ])('%s', (_name, refusal, held, expected) => {
    expect(refusalHeldBy(refusal, held)).toBe(expected);
  });
});
