import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FormulaNode, Meter } from '../../schemas/api';
import {
  calibrationFor,
  computeSnowRow,
  defaultVerticals,
  DEVICE_DIAMETER,
  DEVICE_MASS,
  deviceArea,
  ESTIMATES,
  evaluateFormula,
  FormulaError,
  formulaToText,
  LPS_TO_LPM,
  meterDischarge,
  snowResult,
  SNOW_ROWS,
  SWE_FACTOR,
  toUnit,
  validateDepthProfile,
  velocity,
  volumeTimeDischarge,
  WEIGHT_38,
  WEIGHT_SURFACE,
} from '.';

const c = (n: number): FormulaNode => ({ const: n });
const op = (o: string, ...opArgs: FormulaNode[]): FormulaNode => ({ op: o, opArgs });

describe('formulas (§5)', () => {
  it.each<[string, FormulaNode, number]>([
    ['+', op('+', c(1), c(2), c(3)), 6],
    ['-', op('-', c(5), c(2)), 3],
    ['unary -', op('-', c(5)), -5],
    ['/', op('/', c(9), c(3)), 3],
    ['*', op('*', c(2), c(4)), 8],
    ['pow', op('pow', c(2), c(10)), 1024],
    ['log', op('log', c(Math.E)), 1],
    ['log10', op('log10', c(1000)), 3],
    ['sqrt', op('sqrt', c(16)), 4],
    ['cos', op('cos', c(0)), 1],
    ['sin', op('sin', c(0)), 0],
    ['tan', op('tan', c(0)), 0],
    ['abs', op('abs', c(-2.5)), 2.5],
    ['max', op('max', c(1), c(7), c(3)), 7],
    ['min', op('min', c(1), c(7), c(3)), 1],
    ['signum', op('signum', c(-4)), -1],
  ])('evaluates %s', (_name, node, expected) => {
    expect(evaluateFormula(node, new Map())).toBeCloseTo(expected, 12);
  });

  it('reads tsId references as their last value', () => {
    const node = op('-', c(1767), { tsId: '2001-W', tsOp: 'last' });
    expect(evaluateFormula(node, new Map([['2001-W', 1680.5]]))).toBeCloseTo(86.5);
    expect(() => evaluateFormula(node, new Map())).toThrow('no last value for 2001-W');
    expect(formulaToText(node)).toBe('1767 - last(2001-W)');
    expect(formulaToText(op('sqrt', op('+', c(1), c(2))))).toBe('sqrt((1 + 2))');
    expect(formulaToText(op('-', c(3)))).toBe('-3');
  });

  it.each<[string, FormulaNode, string]>([
    ['op together with const', { op: '+', const: 1, opArgs: [c(1), c(2)] }, 'exactly one of op, const or tsId'],
    ['op together with tsId', { op: 'abs', tsId: 'x', opArgs: [c(1)] }, 'exactly one'],
    ['empty node', {}, 'exactly one'],
    ['unknown op', op('mod', c(1), c(2)), 'unknown op mod'],
    ['wrong arity', op('sqrt', c(1), c(2)), 'sqrt takes 1 arguments, got 2'],
    ['too few arguments', op('+', c(1)), '+ takes 2 or more arguments, got 1'],
    ['arguments on a constant', { const: 1, opArgs: [c(1)] }, 'only an op takes arguments'],
    ['infinite constant', c(Number.POSITIVE_INFINITY), 'finite'],
    ['unknown tsOp', { tsId: 'x', tsOp: 'first' as 'last' }, 'unknown tsOp'],
    ['bad nested node', op('abs', op('nope', c(1))), 'formula.opArgs.0: unknown op nope'],
  ])('rejects %s', (_name, node, message) => {
    expect(() => evaluateFormula(node, new Map([['x', 1]]))).toThrow(FormulaError);
    expect(() => evaluateFormula(node, new Map([['x', 1]]))).toThrow(message);
  });

  it('adds constants like numbers do (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 2, maxLength: 6 }), (xs) => {
        expect(evaluateFormula(op('+', ...xs.map(c)), new Map())).toBeCloseTo(
          xs.reduce((s, x) => s + x, 0),
          6,
        );
      }),
    );
  });
});

const meter: Meter = {
  name: 'M',
  seconds: 30,
  calibration: [
    { slope: 0.25, offset: 0.01, maxImpulses: 10 },
    { slope: 0.26, offset: 0, maxImpulses: 999 },
  ],
};

describe('discharge (§4, §9)', () => {
  it('uses the spec constants', () => {
    expect(ESTIMATES).toEqual({ Dry: 0, Moist: 0.0001, Droplets: 0.0002 });
    expect([LPS_TO_LPM, WEIGHT_SURFACE, WEIGHT_38]).toEqual([60, 0.31, 0.634]);
  });
  it('converts l/s and l/min by 60', () => {
    expect(toUnit(2, 'l/min')).toBe(120);
    expect(toUnit(2, 'l/s')).toBe(2);
  });
  it('picks the calibration by impulse rate', () => {
    expect(calibrationFor(meter, 5).slope).toBe(0.25);
    expect(calibrationFor(meter, 50).slope).toBe(0.26);
    expect(calibrationFor(meter, 5000).slope).toBe(0.26);
    expect(() => calibrationFor({ ...meter, calibration: [] }, 1)).toThrow('no calibration');
    expect(velocity(meter, 0)).toBe(0);
    expect(velocity(meter, 60)).toBeCloseTo(0.25 * 2 + 0.01);
  });
  it('computes METER discharge by the mid-section method, rounded to 2 decimals', () => {
    // verticals at 0, 1, 2 m; 50 cm deep; 60 impulses in 30 s everywhere → v = 0.51 m/s
    const v = { depthCM: 50, impulses0: 60, impulses38: 60 };
    const q = meterDischarge(meter, [
      { distanceM: 2, ...v },
      { distanceM: 0, ...v },
      { distanceM: 1, ...v },
    ]);
    const mean = (WEIGHT_SURFACE + WEIGHT_38) * 0.51;
    // widths: 0.5, 1, 0.5 → 2 m in all
    expect(q).toBe(Math.round(mean * 0.5 * 2 * 1000 * 100) / 100);
    expect(meterDischarge(meter, [{}, {}])).toBeUndefined();
  });
  it('computes VOLUME_TIME discharge as MEAN or SUM of volume/time, rounded to 3 decimals', () => {
    const m = [{ volume: 10, time: 3 }, { volume: 10, time: 4 }, { volume: 5 }, { volume: 1, time: 0 }];
    expect(volumeTimeDischarge(m, 'MEAN')).toBe(2.917);
    expect(volumeTimeDischarge(m, 'SUM')).toBe(5.833);
    expect(volumeTimeDischarge(m)).toBe(2.917);
    expect(volumeTimeDischarge([])).toBeUndefined();
  });
  it('proposes four empty verticals or the sorted distances of the station metadata', () => {
    expect(defaultVerticals(undefined)).toEqual([{}, {}, {}, {}]);
    expect(defaultVerticals({ verticals: '0,8;0.2 0.5' })).toEqual([
      { distanceM: 0.2 },
      { distanceM: 0.5 },
      { distanceM: 0.8 },
    ]);
    expect(defaultVerticals({ verticals: [1.5, 0.5] })).toEqual([{ distanceM: 0.5 }, { distanceM: 1.5 }]);
    expect(defaultVerticals({ verticals: 42 })).toEqual([{}, {}, {}, {}]);
  });
});

describe('snow water equivalent (§9)', () => {
  it('uses device mass 800, diameter 5, five rows and factor 10', () => {
    expect([DEVICE_MASS, DEVICE_DIAMETER, SNOW_ROWS, SWE_FACTOR]).toEqual([800, 5, 5, 10]);
    expect(deviceArea()).toBeCloseTo(19.635, 3);
  });
  it('computes mass, volume, density and SWE of a sample and the mean result', () => {
    const row = computeSnowRow({ height: 100, totalMass: 800 + 589.05 });
    expect(row.mass).toBeCloseTo(589.05);
    expect(row.volume).toBeCloseTo(1963.5, 1);
    expect(row.density).toBeCloseTo(0.3, 3);
    expect(row.snowWaterEquivalent).toBeCloseTo(300, 1);
    expect(computeSnowRow({ height: 0, totalMass: 900 })).toEqual({ height: 0, totalMass: 900 });
    expect(snowResult([row, { snowWaterEquivalent: 200 }, {}])).toBe(250);
    expect(snowResult([])).toBeUndefined();
  });
});

describe('depth profile rows', () => {
  it('reports missing, negative, non-increasing depths and values out of range', () => {
    expect(
      validateDepthProfile([
        { depthM: 0, wt: 4 },
        { depthM: 1.5, lfkt: 200 },
      ]),
    ).toEqual([]);
    expect(validateDepthProfile([{ wt: 4 }, { depthM: -1 }, { depthM: 2 }, { depthM: 2, wt: 50, lfkt: -1 }])).toEqual([
      { row: 0, field: 'depthM', reason: 'required' },
      { row: 1, field: 'depthM', reason: 'negative' },
      { row: 3, field: 'depthM', reason: 'notIncreasing' },
      { row: 3, field: 'wt', reason: 'outOfRange' },
      { row: 3, field: 'lfkt', reason: 'negative' },
    ]);
  });
});
