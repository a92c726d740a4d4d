import { describe, expect, it } from 'vitest';
import type { MeasureRoundEntry } from '../../../schemas/api';
import type { Draft } from '../../../schemas/db/draft-doc';
import { buildRowModels, type RowContext } from './row-model';

const e = (tsId: string, extra: Partial<MeasureRoundEntry> = {}) =>
  ({
    staName: 'S',
    staNumber: tsId.split('-')[0],
    tsId,
    tsParameter: 'W',
    staOrdinal: 1,
    ...extra,
  }) as MeasureRoundEntry;
const lake = e('2106-null', { last: { dt: '2026-11-22T08:00:00Z', value: 1700 } });
const freeboard = e('2105-H', { tsFormula: { op: '-', opArgs: [{ const: 1767 }, { tsId: '2106-null' }] } });
const fromHistory = e('2107-H', {
  tsFormula: { op: '-', opArgs: [{ const: 1767 }, { tsId: '2106-null', tsOp: 'last' }] },
});
const entries = [lake, freeboard, fromHistory, e('2101-Q', { tsUnit: 'l/s' }), e('3007-W')];
const ctx = (formulaGenerator: boolean): RowContext => ({
  date: '2026-11-23',
  defaultTime: '12:00',
  now: new Date('2026-11-23T13:00:00Z'),
  formulaGenerator,
});
const d = (tsId: string, patch: Partial<Draft>): Draft => ({ tsId, updatedAt: 1, ...patch });

describe('filled rows (§4 "Filled entry")', () => {
  it.each<[string, Draft[], boolean, string[]]>([
    ['nothing typed', [], true, []],
    ['a value', [d('3007-W', { text: '1755,2' })], true, ['3007-W']],
    [
      'a formula reading a value of this round, generator on',
      [d('2106-null', { text: '1750,5' })],
      true,
      ['2106-null', '2105-H'],
    ],
    ['the same without the formula generator', [d('2106-null', { text: '1750,5' })], false, ['2106-null']],
    [
      'a discharge protocol with discharge and gauge',
      [d('2101-Q', { dischargeProtocol: { discharge: 2, gauge: 12 } })],
      true,
      ['2101-Q'],
    ],
    ['a discharge protocol without gauge', [d('2101-Q', { dischargeProtocol: { discharge: 2 } })], true, []],
    ['a depth profile', [d('3007-W', { depthProfile: [{ depthM: 1 }] })], true, ['3007-W']],
    ['a station remark', [d('3007-W', { staRemark: 'Zufahrt gesperrt' })], true, ['3007-W']],
    ['a dash', [d('3007-W', { text: '-' })], true, []],
  ])('%s', (_, drafts, generator, filled) => {
    const rows = buildRowModels(entries, drafts, ctx(generator));
    expect(rows.filter((r) => r.hasContent).map((r) => r.entry.tsId)).toEqual(filled);
  });

  it('shows a calculated formula row as a dated value, and never one computed from history alone', () => {
    const rows = buildRowModels(entries, [d('2106-null', { text: '1750,5' })], ctx(true));
    expect(rows[1]).toMatchObject({ calculatedValue: 16.5, status: 'success' });
    expect(rows[2]?.calculatedValue).toBeUndefined();
  });
});
