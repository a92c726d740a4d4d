import { describe, expect, it } from 'vitest';
import type { FormulaNode, Meter } from '../../schemas/api';
import type { DischargeForm } from '../../schemas/forms/reading-forms';
import {
  calculateFormula,
  defaultDischargeForm,
  defaultSnowForm,
  depthProfileOf,
  evaluateDischargeForm,
  evaluateFormula,
  evaluateSnowForm,
  numberOf,
  offersOption,
  readsRoundValues,
} from '.';

const de = (n: number) => String(n).replace('.', ',');
const meter: Meter = { name: 'OTT', seconds: 30, calibration: [{ slope: 0.25, offset: 0.01, maxImpulses: 999 }] };
const form = (patch: Partial<DischargeForm>): DischargeForm => ({
  mode: 'VALUE',
  aggregation: 'MEAN',
  verticals: [],
  volumes: [],
  ...patch,
});

describe('formula references (§3 tsOp last)', () => {
  const freeboard: FormulaNode = { op: '-', opArgs: [{ const: 1767 }, { tsId: '2106-null' }] };
  const fromHistory: FormulaNode = { op: '-', opArgs: [{ const: 1767 }, { tsId: '2001-W', tsOp: 'last' }] };
  const last = new Map([
    ['2106-null', 1700],
    ['2001-W', 1680],
  ]);
  it.each<[string, FormulaNode, Map<string, number>, number | undefined]>([
    ['a plain reference reads the value of this round', freeboard, new Map([['2106-null', 1750.5]]), 16.5],
    ['a plain reference without a value in this round gives nothing', freeboard, new Map(), undefined],
    ['tsOp last reads the last stored value, not the round', fromHistory, new Map([['2001-W', 1690]]), 87],
    ['a result that is not a number gives nothing', { op: 'log', opArgs: [{ const: -1 }] }, new Map(), undefined],
  ])('%s', (_, node, current, expected) => {
    expect(calculateFormula(node, last, current)).toBe(expected);
  });
  it('tells formulas that read this round from those that read history only', () => {
    expect(readsRoundValues(freeboard)).toBe(true);
    expect(readsRoundValues(fromHistory)).toBe(false);
    expect(readsRoundValues({ const: 1 })).toBe(false);
  });
  it('names the missing round value and still throws on a broken formula', () => {
    expect(() => evaluateFormula(freeboard, last, new Map())).toThrow('no value for 2106-null in this round');
    expect(() => calculateFormula({ op: 'nope' }, last, new Map())).not.toThrow();
  });
});

describe('discharge dialog (§4, §9)', () => {
  it.each<[string, DischargeForm, 'l/s' | 'l/min', string | undefined, number | undefined]>([
    ['estimate Dry is 0 l/s', form({ mode: 'ESTIMATE', estimate: 'Dry' }), 'l/s', undefined, 0],
    ['estimate Moist is 0.0001 l/s', form({ mode: 'ESTIMATE', estimate: 'Moist' }), 'l/s', undefined, 0.0001],
    [
      'estimate Droplets is 0.0002 l/s = 0.012 l/min',
      form({ mode: 'ESTIMATE', estimate: 'Droplets' }),
      'l/min',
      undefined,
      0.012,
    ],
    ['an estimate without a key gives nothing', form({ mode: 'ESTIMATE' }), 'l/s', undefined, undefined],
    [
      'volume/time mean in l/s, 3 decimals',
      form({
        mode: 'VOLUME_TIME',
        volumes: [{ volume: '10', time: '3' }, { volume: '10', time: '4' }, { volume: '10' }],
      }),
      'l/s',
      undefined,
      2.917,
    ],
    [
      'volume/time sum',
      form({
        mode: 'VOLUME_TIME',
        aggregation: 'SUM',
        volumes: [
          { volume: '1', time: '2' },
          { volume: '1,5', time: '3' },
        ],
      }),
      'l/s',
      undefined,
      1,
    ],
    [
      'volume/time in l/min is 60 times l/s',
      form({ mode: 'VOLUME_TIME', volumes: [{ volume: '10', time: '8' }] }),
      'l/min',
      undefined,
      75,
    ],
    ['a plain value is the value text', form({ mode: 'VALUE' }), 'l/s', '2,5', 2.5],
    [
      'meter mode without a meter gives nothing',
      form({ mode: 'METER', verticals: [{ distanceM: '0', depthCM: '10' }] }),
      'l/s',
      undefined,
      undefined,
    ],
  ])('%s', (_, f, unit, valueText, expected) => {
    const outcome = evaluateDischargeForm(f, { unit, meters: [meter], valueText, protocol: false });
    expect(outcome.value).toBe(expected);
    expect(outcome.dischargeValue).toMatchObject({ key: f.mode, unit });
    expect(outcome.dischargeProtocol).toBeUndefined();
  });

  it('computes a current meter measurement rounded to 2 decimals and names the meter in the protocol', () => {
    const verticals = [
      { distanceM: '0', depthCM: '20', impulses0: '30', impulses38: '60' },
      { distanceM: '0,5', depthCM: '40', impulses0: '60', impulses38: '90' },
      { distanceM: '1', depthCM: '20', impulses0: '30', impulses38: '60' },
    ];
    const outcome = evaluateDischargeForm(
      form({ mode: 'METER', meter: 'OTT', verticals, gauge: '12,5', gaugeUnit: 'cm', remark: ' trüb ' }),
      { unit: 'l/s', meters: [meter], protocol: true },
    );
    // v(n) = 0.25 n + 0.01 with n = impulses / 30 s; mid-section widths 0.25, 0.5, 0.25 m
    const v = (i: number) => 0.25 * (i / 30) + 0.01;
    const q = (0.31 * v(30) + 0.634 * v(60)) * 0.2 * 0.25 * 2 + (0.31 * v(60) + 0.634 * v(90)) * 0.4 * 0.5;
    expect(outcome.value).toBe(Math.round(q * 1000 * 100) / 100);
    expect(outcome.dischargeValue.meterMeasurement).toEqual({
      meter: 'OTT',
      verticals: [
        { distanceM: 0, depthCM: 20, impulses0: 30, impulses38: 60 },
        { distanceM: 0.5, depthCM: 40, impulses0: 60, impulses38: 90 },
        { distanceM: 1, depthCM: 20, impulses0: 30, impulses38: 60 },
      ],
    });
    expect(outcome.dischargeProtocol).toEqual({
      gauge: 12.5,
      gaugeUnit: 'cm',
      discharge: outcome.value,
      dischargeUnit: 'l/s',
      meter: 'OTT',
      remark: 'trüb',
    });
  });

  it('offers the station verticals and the default volume in a new dialog', () => {
    expect(defaultDischargeForm({ staMetadata: { verticals: '0.5;0.2' } }, 10, de)).toEqual({
      mode: 'VALUE',
      aggregation: 'MEAN',
      verticals: [{ distanceM: '0,2' }, { distanceM: '0,5' }],
      volumes: [{ volume: '10' }, { volume: '10' }, { volume: '10' }],
      gaugeUnit: 'cm',
    });
    expect(defaultDischargeForm({}, 2.5, de).verticals).toEqual([{}, {}, {}, {}]);
  });
});

describe('snow water equivalent dialog (§9)', () => {
  it('starts with device mass 800, diameter 5 and five rows', () => {
    expect(defaultSnowForm(de)).toEqual({ deviceMass: '800', deviceDiameter: '5', rows: [{}, {}, {}, {}, {}] });
  });
  it('computes each row and the mean as result', () => {
    const swe = evaluateSnowForm({
      ...defaultSnowForm(de),
      weather: 'sonnig',
      rows: [{ height: '50', totalMass: '996,35' }, { height: '40', totalMass: '996,35' }, {}, {}, {}],
    });
    const area = Math.PI * 2.5 ** 2;
    expect(swe.deviceArea).toBeCloseTo(area, 12);
    expect(swe.values[0]?.snowWaterEquivalent).toBeCloseTo((196.35 / area) * 10, 9);
    expect(swe.values[1]?.density).toBeCloseTo(196.35 / (area * 40), 12);
    expect(swe.values[2]).toEqual({});
    expect(swe.result).toBe(Math.round((196.35 / area) * 10 * 10) / 10);
    expect(swe).toMatchObject({ weather: 'sonnig', deviceMass: 800, deviceDiameter: 5 });
    expect(swe.remark).toBeUndefined();
  });
  it('falls back to the §9 device when the device fields are not numbers', () => {
    expect(evaluateSnowForm({ deviceMass: 'x', rows: [] })).toMatchObject({
      deviceMass: 800,
      deviceDiameter: 5,
      values: [],
    });
  });
});

describe('station options and depth profile rows', () => {
  it.each<[unknown, string, boolean]>([
    [true, 'W', true],
    ['true', 'W', true],
    ['1', 'LF', true],
    ['W;LF', 'LF', true],
    ['W, LF', 'WT', false],
    [undefined, 'W', false],
    [5, 'W', false],
  ])('metadata %j offers the option to %s: %s', (raw, tsParameter, expected) => {
    expect(
      offersOption({ tsParameter, staMetadata: raw === undefined ? undefined : { depthProfile: raw } }, 'depthProfile'),
    ).toBe(expected);
  });
  it('keeps typed rows as numbers and leaves out empty ones', () => {
    expect(
      depthProfileOf([{ depthM: '0,5', wt: '4,2' }, {}, { depthM: '1', depthAbsoluteM: '1720', lfkt: '110' }], '3007'),
    ).toEqual([
      { staNumber: '3007', depthM: 0.5, wt: 4.2 },
      { staNumber: '3007', depthM: 1, depthAbsoluteM: 1720, lfkt: 110 },
    ]);
  });
  it('reads only numbers', () => {
    expect([numberOf('1,5'), numberOf('-'), numberOf(undefined), numberOf('x')]).toEqual([
      1.5,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
