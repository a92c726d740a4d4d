import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CompletedEntry, MeasureRoundEntry, OfflineInstance } from '../../schemas/api';
import { decisionReasonsOf, needsDecision1 } from './decisions';
import { allowedCodes } from './input-type';
import {
  buildPost,
  describeSubmissionError,
  checkDate,
  checkPlausibility,
  combineDateAndTime,
  DEFAULT_TIME,
  formatOrdinal,
  inputTypeOf,
  isObligatory,
  isRemarkDisabled,
  parseNumberInput,
  PAST_DATE_LIMIT_DAYS,
  PLAUSIBILITY_TOLERANCE,
  rowStatus,
  stationTitle,
  stationsWithoutEntries,
  VALUE_AFTER_OFFSET_SECONDS,
} from '.';

const entry = (over: object = {}): MeasureRoundEntry =>
  ({
    staName: 'Pegel Nord',
    staNumber: '1001',
    tsId: '1001-W',
    tsParameter: 'W',
    tsUnit: 'cm',
    ...over,
  }) as MeasureRoundEntry;

describe('numeric input (§5)', () => {
  it.each([
    ['12', { kind: 'number', value: 12 }],
    ['12,5', { kind: 'number', value: 12.5 }],
    ['-3.25', { kind: 'number', value: -3.25 }],
    [' 7 ', { kind: 'number', value: 7 }],
    [',5', { kind: 'number', value: 0.5 }],
    ['', { kind: 'empty' }],
    ['  ', { kind: 'empty' }],
    ['-', { kind: 'dash' }],
    ['12abc', undefined],
    ['1,2,3', undefined],
    ['abc', undefined],
    ['--1', undefined],
  ])('parses %j', (text, expected) => {
    expect(parseNumberInput(text)).toEqual(expected);
  });
});

describe('input type precedence (§4)', () => {
  it.each([
    [{ tsId: '1234-null', tsFormula: { const: 1 } }, 'NO_IMPORT_NUMBER'],
    [{ tsFormula: { const: 1 }, tsUnit: 'l/s' }, 'FORMULA'],
    [{ tsUnit: 'l/s' }, 'DISCHARGE'],
    [{ tsUnit: 'l/min' }, 'DISCHARGE'],
    [{ tsUnit: 'nein/unverändert/Ereignis' }, 'NO_STEADY_INCIDENT'],
    [{ tsUnit: 'nein/ja' }, 'NO_YES'],
    [{ tsUnit: 'mm', tsParameter: 'SWW' }, 'SNOW_WATER_EQUIVALENT'],
    [{ tsUnit: 'mm', tsParameter: 'N' }, 'NUMBER'],
    [{ tsId: 'x-null' }, 'NUMBER'],
  ])('%j is %s', (over, type) => {
    expect(inputTypeOf(entry(over))).toBe(type);
  });
});

describe('plausibility (§5)', () => {
  const ranged = entry({ tsPlausibilityCheck: { min: 10, max: 20 } });
  it('uses the tolerance 1e-12', () => expect(PLAUSIBILITY_TOLERANCE).toBe(1e-12));
  it.each([10, 20, 15, 10 - 1e-13, 20 + 1e-13])('accepts %d inside min..max with tolerance', (value) => {
    expect(checkPlausibility(ranged, value)).toBeUndefined();
  });
  it.each([
    [9, -1],
    [25, 5],
  ])('flags %d with deviation %d', (value, deviation) => {
    const r = checkPlausibility(ranged, value);
    expect(r).toEqual({ kind: 'range', min: 10, max: 20, deviation });
  });
  it('shows an incident as an error and never flags NO_YES', () => {
    const incident = entry({ tsUnit: 'nein/unverändert/Ereignis', tsPlausibilityCheck: { min: 0, max: 0 } });
    expect(checkPlausibility(incident, 2)).toEqual({ kind: 'incident' });
    expect(checkPlausibility(incident, 1)).toBeUndefined();
    expect(checkPlausibility(entry({ tsUnit: 'nein/ja', tsPlausibilityCheck: { min: 5, max: 6 } }), 1)).toBeUndefined();
  });
  it('opens the remark of an incident entry only for an incident', () => {
    const incident = entry({ tsUnit: 'nein/unverändert/Ereignis' });
    expect(isRemarkDisabled(incident, 0)).toBe(true);
    expect(isRemarkDisabled(incident, 2)).toBe(false);
    expect(isRemarkDisabled(entry(), undefined)).toBe(false);
  });
});

describe('dates (§5, §9)', () => {
  const now = new Date('2026-11-23T10:00:00Z');
  it('defaults to 12:00', () => expect(DEFAULT_TIME).toBe('12:00'));
  it('combines date and time with the zone offset, in winter and summer', () => {
    expect(combineDateAndTime('2026-11-23', '12:00')).toBe('2026-11-23T12:00:00.000+01:00');
    expect(combineDateAndTime('2026-07-01', '08:30')).toBe('2026-07-01T08:30:00.000+02:00');
    expect(combineDateAndTime('2026-11-23', '')).toBeUndefined();
    expect(combineDateAndTime('23.11.2026', '12:00')).toBeUndefined();
  });
  it('reports a future date', () => expect(checkDate('2026-11-23T12:00:00+01:00', now)).toEqual({ kind: 'future' }));
  it(`accepts a date exactly ${PAST_DATE_LIMIT_DAYS} days old and rejects an older one with the days`, () => {
    expect(PAST_DATE_LIMIT_DAYS).toBe(10);
    expect(checkDate('2026-11-13T10:00:00Z', now)).toBeUndefined();
    expect(checkDate('2026-11-12T09:00:00Z', now)).toEqual({ kind: 'past', days: 11 });
  });
});

describe('row status (§4)', () => {
  const base = {
    hasContent: false,
    hasDate: true,
    implausible: false,
    hasValue: false,
    obligatory: true,
    hasSameDay: false,
  };
  it.each([
    [{ hasContent: true, hasDate: false }, 'danger'],
    [{ hasContent: true, implausible: true, hasValue: true }, 'warning'],
    [{ hasContent: true, hasValue: true }, 'success'],
    [{ obligatory: false }, 'muted'],
    [{ hasSameDay: true }, 'info'],
    [{}, undefined],
  ])('%j → %s', (over, status) => expect(rowStatus({ ...base, ...over })).toBe(status));
});

describe('stations', () => {
  it('builds the title from the default template', () => {
    expect(stationTitle(entry({ siteName: 'Gepatsch' }))).toBe('Gepatsch Pegel Nord (1001)');
    expect(stationTitle(entry())).toBe('Pegel Nord (1001)');
    expect(stationTitle(entry(), '{staNumber} – {staName}')).toBe('1001 – Pegel Nord');
  });
  it('shows ordinal.subordinal and treats stations without ordinal as optional', () => {
    expect(formatOrdinal(entry({ staOrdinal: 3, staSubOrdinal: 2 }))).toBe('3.2');
    expect(formatOrdinal(entry({ staOrdinal: 3 }))).toBe('3');
    expect(formatOrdinal(entry())).toBeUndefined();
    expect(isObligatory(entry({ staOrdinal: 1 }))).toBe(true);
    expect(isObligatory(entry({ staOrdinal: null }))).toBe(false);
  });
});

describe('submission (§5)', () => {
  const instance = (entries: MeasureRoundEntry[], mrId = '7'): OfflineInstance => ({
    instanceId: 'a6b1f0a4-8a0e-4d7e-9a41-7f2f5e1c0b01',
    mrId,
    mrName: 'R',
    creationTime: '2026-11-23T08:00:00.000Z',
    entries,
  });
  const dt = '2026-11-23T12:00:00.000+01:00' as MeasureRoundEntry['dt'];

  it('posts only entries with a valid value or a remark, valueAfter 60 s later', () => {
    const result = buildPost(
      instance([
        entry({ tsId: 'a', dt, value: 1.5, valueAfter: 1.7 }),
        entry({ tsId: 'b', dt, tsRemark: { text: 'vereist' } }),
        entry({ tsId: 'c', dt, value: Number.NaN }),
        entry({ tsId: 'd' }),
      ]),
    );
    expect(VALUE_AFTER_OFFSET_SECONDS).toBe(60);
    if (!('post' in result)) throw new Error(result.errors.join());
    expect(result.post.entries.map((e) => e.tsId)).toEqual(['a', 'b']);
    expect(result.post.entries[0]?.valueAfter).toEqual({ dt: '2026-11-23T12:01:00.000+01:00', value: 1.7 });
    expect(result.post.entries[1]?.value).toBeUndefined();
  });

  it("reports 'Date/time missing' with station name, number and parameter", () => {
    expect(buildPost(instance([entry({ value: 3 })]))).toEqual({
      errors: [{ kind: 'dateTimeMissing', staName: 'Pegel Nord', staNumber: '1001', tsParameter: 'W' }],
    });
  });

  it('requires an mrId', () => {
    expect(buildPost(instance([], ''))).toEqual({ errors: [{ kind: 'mrIdRequired' }] });
  });
});

describe('edge cases of the rules', () => {
  it('treats numbers that overflow as invalid input', () => expect(parseNumberInput('1e999')).toBeUndefined());
  it('rejects an impossible calendar date and ignores an unreadable timestamp', () => {
    expect(combineDateAndTime('2026-02-30', '12:00')).toBeUndefined();
    expect(checkDate('not a date', new Date())).toBeUndefined();
  });
  it('accepts any value without a plausibility range', () => {
    expect(checkPlausibility(entry(), 1e9)).toBeUndefined();
  });
  it('posts remark-only entries with images, station remarks, team and round remark', () => {
    const dt = '2026-11-23T12:00:00.000+01:00' as MeasureRoundEntry['dt'];
    const result = buildPost({
      instanceId: 'a6b1f0a4-8a0e-4d7e-9a41-7f2f5e1c0b01',
      mrId: '7',
      mrName: 'R',
      creationTime: '2026-11-23T08:00:00.000Z',
      mrTeam: 'Team Nord',
      mrRemark: 'Nebel',
      entries: [
        entry({ tsId: 'a', dt, tsRemark: { images: ['img-1'] } }),
        entry({ tsId: 'b', dt, staRemark: { text: 'Zaun beschädigt' } }),
        entry({ tsId: 'c', dt, tsRemark: { text: '  ' } }),
      ],
    });
    if (!('post' in result)) throw new Error(result.errors.join());
    expect(result.post).toMatchObject({ mrTeam: 'Team Nord', mrRemark: 'Nebel' });
    expect(result.post.entries.map((e) => e.tsId)).toEqual(['a', 'b']);
    expect(result.post.entries[1]?.staRemark).toEqual({ text: 'Zaun beschädigt' });
  });
});

describe('stations need entries (§8)', () => {
  it("reports 'Expecting at least one entry' for a station without entries", () => {
    const errors = stationsWithoutEntries([
      { staNumber: '1', entries: [{}] },
      { staNumber: '2', entries: [] },
    ]);
    expect(errors).toEqual([{ kind: 'noEntries', staNumber: '2' }]);
    expect(errors.map(describeSubmissionError)).toEqual(['Expecting at least one entry (station 2)']);
    expect(describeSubmissionError({ kind: 'mrIdRequired' })).toBe('mrId is required');
  });
});

describe('number parsing (property)', () => {
  it('reads back every finite number written with a decimal comma or point', () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 }).filter((x) => !Object.is(x, -0)),
        fc.boolean(),
        (x, comma) => {
          const text = comma ? String(x).replace('.', ',') : String(x);
          expect(parseNumberInput(text)).toEqual({ kind: 'number', value: x });
        },
      ),
    );
  });
  it('never yields a non-finite number for any text', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const parsed = parseNumberInput(text);
        if (parsed?.kind === 'number') expect(Number.isFinite(parsed.value)).toBe(true);
      }),
    );
  });
});

describe('posting station tasks', () => {
  it('posts an entry that carries only task changes, with its tasks', () => {
    const dt = '2026-11-23T12:00:00.000+01:00' as MeasureRoundEntry['dt'];
    const task = { taskId: 't1', taskType: 'Wartung', staNumber: '1001', taskDone: true };
    const result = buildPost({
      instanceId: 'a6b1f0a4-8a0e-4d7e-9a41-7f2f5e1c0b01',
      mrId: '7',
      mrName: 'R',
      creationTime: '2026-11-23T08:00:00.000Z',
      entries: [entry({ dt, staTasks: [task] }), entry({ tsId: 'x', dt })],
    });
    if (!('post' in result)) throw new Error(result.errors.join());
    expect(result.post.entries).toEqual([expect.objectContaining({ tsId: '1001-W', staTasks: [task] })]);
  });
  it('posts an entry that carries only a facility change', () => {
    const dt = '2026-11-23T12:00:00.000+01:00' as MeasureRoundEntry['dt'];
    const facility = { id: 'f1', action: ['EDIT' as const], name: 'Logger' };
    const result = buildPost({
      instanceId: 'a6b1f0a4-8a0e-4d7e-9a41-7f2f5e1c0b01',
      mrId: '7',
      mrName: 'R',
      creationTime: '2026-11-23T08:00:00.000Z',
      entries: [entry({ dt, staFacilities: [facility] })],
    });
    if (!('post' in result)) throw new Error(result.errors.join());
    expect(result.post.entries[0]?.staFacilities).toEqual([facility]);
  });
});

describe('decision 1 on valueAfter and allowed codes', () => {
  const entry = (tsUnit: string, value: number, valueAfter?: number) =>
    ({
      tsId: '1-ZU',
      staName: 's',
      staNumber: '1',
      tsParameter: 'ZU',
      tsUnit,
      tsPlausibilityCheck: { min: 0, max: 10 },
      value,
      valueAfter,
    }) as unknown as CompletedEntry;
  it('flags an incident or an implausible value in valueAfter as in value', () => {
    expect(needsDecision1(entry('nein/unverändert/Ereignis', 0, 2))).toBe(true);
    expect(needsDecision1(entry('m', 5, 11))).toBe(true);
    expect(needsDecision1(entry('m', 5, 6))).toBe(false);
  });
  it.each([
    ['an incident', entry('nein/unverändert/Ereignis', 2, 0), [{ reading: 'value', result: { kind: 'incident' } }]],
    [
      'a second reading above the range',
      entry('m', 5, 11),
      [{ reading: 'valueAfter', result: { kind: 'range', min: 0, max: 10, deviation: 1 } }],
    ],
    ['plausible readings', entry('m', 5, 6), []],
  ] as const)('gives the decision card its reasons: %s', (_, e, reasons) => {
    expect(decisionReasonsOf(e)).toEqual(reasons);
  });
  it('allows only the codes of coded input types', () => {
    expect(allowedCodes('NO_STEADY_INCIDENT')).toEqual([0, 1, 2]);
    expect(allowedCodes('NO_YES')).toEqual([0, 1]);
    expect(allowedCodes('NUMBER')).toBeUndefined();
  });
});
