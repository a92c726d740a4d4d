import { describe, expect, it } from 'vitest';
import type { CompletedEntry, MeasureRoundEntry, Permission } from '../../schemas/api';
import {
  checkLastValue,
  countChanges,
  DATE_INPUT_FORMATS,
  decision1Options,
  decisionsRequired,
  DECISION2_OPTIONS,
  DEFAULT_METEO_PARAMETERS,
  planStationCopy,
  type StationCopyPlan,
  FILLED_CONDITIONS,
  fillRemarkPlaceholder,
  formatLocaleDate,
  historicMessages,
  afterFailedTry,
  MAX_RETRY_AFTER_MS,
  parseRetryAfter,
  retryDelay,
  type TaskFailure,
  isFilledEntry,
  isStationComplete,
  locationFromMetadata,
  locationFromRemark,
  mayDeleteOfflineRound,
  meteoParameters,
  overwriteDateTime,
  parseCsvRows,
  parseLocaleDate,
  permissionsToSave,
  TASK_RETRY_DELAY_MS,
  togglePermission,
} from '.';

const entry = (over: object = {}): MeasureRoundEntry =>
  ({
    staName: 'Quelle',
    staNumber: '3001',
    tsId: '3001-Q',
    tsParameter: 'Q',
    tsUnit: 'l/s',
    ...over,
  }) as MeasureRoundEntry;

describe('decisions (§4)', () => {
  it.each([
    ['2103-VB1', ['NOT_CRITICAL', 'FURTHER_ASSESSMENT']],
    ['2103-VB12', ['NOT_CRITICAL', 'FURTHER_ASSESSMENT']],
    ['2103-VB', ['NOT_RELEVANT', 'FIX_IMMEDIATELY', 'FURTHER_ASSESSMENT']],
    ['2001-W', ['NOT_RELEVANT', 'FIX_IMMEDIATELY', 'FURTHER_ASSESSMENT']],
  ])('offers stage-1 options for %s', (tsId, options) => expect(decision1Options(tsId)).toEqual(options));
  it('offers the two stage-2 options', () =>
    expect(DECISION2_OPTIONS).toEqual(['ACTION_REQUIRED', 'NOT_SAFETY_RELEVANT']));
  it('requires decision 1 for incidents and implausible values, decision 2 after an escalating decision 1', () => {
    const incident = entry({ tsId: 'a-VB1', tsUnit: 'nein/unverändert/Ereignis', value: 2 }) as CompletedEntry;
    const steady = entry({ tsUnit: 'nein/unverändert/Ereignis', value: 1 }) as CompletedEntry;
    const implausible = entry({ tsPlausibilityCheck: { min: 0, max: 5 }, value: 9 }) as CompletedEntry;
    const empty = entry() as CompletedEntry;
    expect(decisionsRequired([steady, empty])).toEqual({ userDecision1Required: false, userDecision2Required: false });
    expect(decisionsRequired([incident])).toEqual({ userDecision1Required: true, userDecision2Required: false });
    expect(decisionsRequired([{ ...implausible, decision1Value: 'NOT_RELEVANT' }])).toEqual({
      userDecision1Required: true,
      userDecision2Required: false,
    });
    expect(decisionsRequired([{ ...implausible, decision1Value: 'FIX_IMMEDIATELY' }])).toEqual({
      userDecision1Required: true,
      userDecision2Required: true,
    });
  });
});

describe('filled entry and complete station (§4)', () => {
  it('lists the eight conditions', () => expect(FILLED_CONDITIONS).toHaveLength(8));
  it.each<[string, object, boolean]>([
    ['a valid number', { value: 1 }, true],
    ['NaN', { value: Number.NaN }, false],
    ['a calculated value', { calculatedValue: 3 }, true],
    ['a done task', { staTasks: [{ taskId: 't', taskType: 'Wartung', staNumber: '3001', taskDone: true }] }, true],
    ['a new task', { staTasks: [{ taskId: 't', taskType: 'Wartung', staNumber: '3001', isNew: true }] }, true],
    ['an open old task', { staTasks: [{ taskId: 't', taskType: 'Wartung', staNumber: '3001' }] }, false],
    ['a facility action', { staFacilities: [{ action: ['EDIT'] }] }, true],
    ['a discharge protocol with discharge and gauge', { dischargeProtocol: { discharge: 2, gauge: 30 } }, true],
    ['a discharge protocol without gauge', { dischargeProtocol: { discharge: 2 } }, false],
    ['a depth profile', { depthProfile: [{ depthM: 1 }] }, true],
    ['remark text', { tsRemark: { text: 'x' } }, true],
    ['remark images', { tsRemark: { images: ['i'] } }, true],
    ['a station remark', { staRemark: { text: 'y' } }, true],
    ['nothing', {}, false],
  ])('%s → %s', (_name, over, filled) => expect(isFilledEntry(entry(over), { formulaGenerator: true })).toBe(filled));
  it('counts a calculated value only with the formula generator configured', () =>
    expect(isFilledEntry(entry({ calculatedValue: 3 }))).toBe(false));
  it('calls a station complete when an entry is filled or a task is done', () => {
    expect(isStationComplete([entry(), entry({ value: 1 })])).toBe(true);
    expect(isStationComplete([entry()])).toBe(false);
  });
});

describe('historic checks (§5)', () => {
  it.each<[object, string | undefined]>([
    [{ last: { dt: 'x', value: 5 }, minExcludingLast: 1, maxExcludingLast: 4 }, 'outside'],
    [{ last: { dt: 'x', value: 0 }, minExcludingLast: 1, maxExcludingLast: 4 }, 'outside'],
    [{ last: { dt: 'x', value: 1 }, minExcludingLast: 1, maxExcludingLast: 4 }, 'bottom'],
    [{ last: { dt: 'x', value: 4 }, minExcludingLast: 1, maxExcludingLast: 4 }, 'top'],
    [{ last: { dt: 'x', value: 2 }, minExcludingLast: 1, maxExcludingLast: 4 }, undefined],
    [{ last: { dt: 'x', value: null }, minExcludingLast: 1, maxExcludingLast: 4 }, undefined],
    [{}, undefined],
  ])('last-value check of %j is %s', (e, flag) => expect(checkLastValue(e)).toBe(flag));
  it('reports future, too old and a previous value outside its range', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(historicMessages({ dt: '2026-11-24T00:00:00Z', value: 1 }, { now, maxDays: 30 })).toEqual([
      { kind: 'future' },
    ]);
    expect(historicMessages({ dt: '2026-10-01T00:00:00Z', value: 1 }, { now, maxDays: 30 })).toEqual([
      { kind: 'tooOld', days: 53 },
    ]);
    expect(
      historicMessages(
        { dt: '2026-11-20T00:00:00Z', value: 1 },
        { now, maxDays: 30, previous: { value: 9, range: { min: 0, max: 5 } } },
      ),
    ).toEqual([{ kind: 'previousOutsideRange', value: 9, min: 0, max: 5 }]);
    expect(
      historicMessages(
        { dt: '2026-11-20T00:00:00Z', value: 1 },
        { now, maxDays: 30, previous: { value: -1, range: { min: 0 } } },
      ),
    ).toHaveLength(1);
    expect(
      historicMessages(
        { dt: '2026-11-20T00:00:00Z', value: 1 },
        { now, maxDays: 30, previous: { value: 3, range: { min: 0, max: 5 } } },
      ),
    ).toEqual([]);
  });
});

describe('locale dates and MEZ (§5, §9)', () => {
  it.each([
    ['de', '23.11.2026'],
    ['en', '23/11/2026'],
    ['it', '23/11/2026'],
  ] as const)('reads and writes %s dates as %s', (locale, text) => {
    expect(DATE_INPUT_FORMATS[locale]).toBeTruthy();
    expect(parseLocaleDate(text, locale)).toBe('2026-11-23');
    expect(formatLocaleDate('2026-11-23', locale)).toBe(text);
  });
  it('rejects impossible dates', () => expect(parseLocaleDate('31.02.2026', 'de')).toBeUndefined());
  it('replaces the remark date placeholder with today as DD-MM-YY', () =>
    expect(fillRemarkPlaceholder('kontrolliert {date}', new Date(2026, 10, 3))).toBe('kontrolliert 03-11-26'));
});

describe('locations (§3)', () => {
  it.each<[Record<string, unknown> | undefined, object | undefined]>([
    [{ latlng: [47.1, 10.7] }, { latitude: 47.1, longitude: 10.7 }],
    [{ latlng: '[47.1, 10.7]' }, { latitude: 47.1, longitude: 10.7 }],
    [
      { latitude: '47,1', longitude: '10,7' },
      { latitude: 47.1, longitude: 10.7 },
    ],
    [{ latlng: 'nowhere' }, undefined],
    [{ latitude: '99', longitude: '10' }, undefined],
    [{ latlng: [47.1] }, undefined],
    [{}, undefined],
    [undefined, undefined],
  ])('reads %j', (meta, loc) => expect(locationFromMetadata(meta)).toEqual(loc));
  it('finds geo:lat,lon in remark text', () => {
    expect(locationFromRemark('Quelle verlegt geo:47.05,10.74 siehe Foto')).toEqual({
      latitude: 47.05,
      longitude: 10.74,
    });
    expect(locationFromRemark('keine Position')).toBeUndefined();
    expect(locationFromRemark(undefined)).toBeUndefined();
  });
});

describe('round edits (§5)', () => {
  it.each<[string, string | undefined, string[], StationCopyPlan]>([
    ['without a time', undefined, ['12:00'], { error: 'cannotDuplicateWithoutDate' }],
    ['at a time the station already has', '12:00', ['12:00', '08:00'], { error: 'timeTaken', time: '12:00' }],
    ['at a new time', '13:00', ['12:00'], { time: '13:00' }],
  ])('duplicates a station only with a free date/time: %s', (_name, time, taken, expected) => {
    expect(planStationCopy(time, taken)).toEqual(expected);
  });
  it.each<[string | undefined, string, string]>([
    ['2026-11-23T12:00:00.000+01:00', '', 'skipped'],
    ['2026-11-23T12:00:00.000+01:00', '23.11.2026 12:00', 'skipped'],
    ['2026-11-23T12:00:00.000+01:00', '23.11.2026 25:00', 'invalid'],
    ['2026-11-23T12:00:00.000+01:00', 'gestern', 'invalid'],
    ['2026-11-23T12:00:00.000+01:00', '23.11.2026 13:15', 'changed'],
    [undefined, '23.11.2026 13:15', 'changed'],
  ])('overwrites %s with %j → %s', (current, input, kind) => expect(overwriteDateTime(current, input).kind).toBe(kind));
  it('deletes an offline round only when the typed name matches', () => {
    expect(mayDeleteOfflineRound('Quellen Kaunertal', 'Quellen Kaunertal')).toBe(true);
    expect(mayDeleteOfflineRound('Quellen Kaunertal', 'quellen kaunertal')).toBe(false);
    expect(mayDeleteOfflineRound('Quellen Kaunertal', '')).toBe(false);
    expect(mayDeleteOfflineRound('Quellen Kaunertal', ' Quellen Kaunertal ')).toBe(true);
    expect(mayDeleteOfflineRound('', '  ')).toBe(false);
  });
});

describe('permissions (§4)', () => {
  const p = (role: string, $action?: 'NEW' | 'DELETED'): Permission => ({
    username: 'anna',
    mrId: '1',
    role,
    ...($action ? { $action } : {}),
  });
  it.each<[Permission[], Permission, Permission[]]>([
    [[p('HWE_OBSERVE', 'NEW')], p('HWE_OBSERVE'), []],
    [[p('HWE_OBSERVE', 'DELETED')], p('HWE_OBSERVE'), [{ ...p('HWE_OBSERVE'), $action: undefined }]],
    [[p('HWE_OBSERVE')], p('HWE_OBSERVE'), [p('HWE_OBSERVE', 'DELETED')]],
    [[], p('HWE_OBSERVE'), [p('HWE_OBSERVE', 'NEW')]],
  ])('toggles %j', (list, toggled, expected) => expect(togglePermission(list, toggled)).toEqual(expected));
  it('saves without DELETED ones', () => {
    const list = [p('HWE_OBSERVE', 'DELETED'), p('HWE_RESPONSIBLE1', 'NEW'), p('HWE_RESPONSIBLE2')];
    expect(permissionsToSave(list)).toEqual([p('HWE_RESPONSIBLE1'), p('HWE_RESPONSIBLE2')]);
    expect(countChanges(list)).toEqual({ added: 1, removed: 1 });
  });
});

describe('task runner (§4)', () => {
  const failure = (f: Partial<TaskFailure> = {}): TaskFailure => ({
    loginRequired: false,
    networkLost: false,
    permanent: false,
    ...f,
  });
  it.each([
    ['a first failure is retried', failure(), 1, true, 'retry'],
    ['a second failure ends in error', failure(), 2, true, 'failed'],
    ['a permanent failure is not retried', failure({ permanent: true }), 1, true, 'failed'],
    ['a 401 waits for a login, first try', failure({ loginRequired: true }), 1, true, 'login-required'],
    [
      'a 401 waits for a login, second try',
      failure({ loginRequired: true, permanent: true }),
      2,
      true,
      'login-required',
    ],
    ['a lost network while offline waits for it', failure({ networkLost: true }), 2, false, 'offline'],
    ['a network error while online is retried', failure({ networkLost: true }), 1, true, 'retry'],
    ['a network error while online ends on the second try', failure({ networkLost: true }), 2, true, 'failed'],
  ] as const)('%s', (_name, f, attempt, online, expected) => {
    expect(afterFailedTry(f, attempt, online)).toBe(expected);
  });
  it('waits 5 s before the retry (§9)', () => {
    expect(TASK_RETRY_DELAY_MS).toBe(5000);
  });
  it.each([
    ['no Retry-After: the 5 s', undefined, 5000],
    ['a shorter Retry-After: still the 5 s', 2000, 5000],
    ['a longer Retry-After: at least that long', 20_000, 20_000],
  ] as const)('retry delay with %s', (_name, retryAfterMs, expected) => {
    expect(retryDelay({ retryAfterMs })).toBe(expected);
  });
  it.each([
    ['within the limit: retried', MAX_RETRY_AFTER_MS, 'retry'],
    ['beyond the limit: failed now (never retried sooner than asked)', MAX_RETRY_AFTER_MS + 1, 'failed'],
  ] as const)('a Retry-After %s', (_name, retryAfterMs, expected) => {
    expect(afterFailedTry(failure({ retryAfterMs }), 1, true)).toBe(expected);
  });
  it('waits out a Retry-After of at most a minute', () => {
    expect(MAX_RETRY_AFTER_MS).toBe(60_000);
  });
  const now = Date.parse('2026-11-25T10:00:00Z');
  it.each([
    ['seconds', '120', 120_000],
    ['zero seconds', '0', 0],
    ['an HTTP date', 'Wed, 25 Nov 2026 10:00:30 GMT', 30_000],
    ['an HTTP date in the past', 'Wed, 25 Nov 2026 09:00:00 GMT', 0],
    ['no header', null, undefined],
    ['an empty header', ' ', undefined],
    ['nonsense', 'soon', undefined],
    ['a negative number', '-5', undefined],
  ] as const)('reads Retry-After given as %s', (_name, header, expected) => {
    expect(parseRetryAfter(header, now)).toBe(expected);
  });
});

describe('CSV import rules', () => {
  const config = {
    dateColumn: 1,
    timeColumn: 1,
    valueColumn: 2,
    remarkColumn: 0,
    startRow: 2,
    dateTimeFormat: 'dd.MM.yyyy HH:mm',
  };
  it('reads date-time and value columns from the start row and reports bad lines', () => {
    const rows = [
      ['Datum', 'Wert'],
      ['23.11.2026 08:00', '12,5'],
      ['', '1'],
      ['31.02.2026 08:00', '2'],
      ['23.11.2026 09:00', 'abc'],
      ['23.11.2026 10:00', '-'],
      ['', ''],
    ];
    const { entries, errors } = parseCsvRows(rows, config);
    expect(entries).toEqual([
      { line: 2, dt: '2026-11-23T08:00:00.000+01:00', value: 12.5 },
      { line: 6, dt: '2026-11-23T10:00:00.000+01:00' },
    ]);
    expect(errors).toEqual([
      { line: 3, reason: 'missingDate' },
      { line: 4, reason: 'badDate' },
      { line: 5, reason: 'badValue' },
    ]);
  });
  it('joins separate date and time columns, reads remarks and applies the unit override', () => {
    const { entries } = parseCsvRows([['23.11.2026', '08:00', '3', 'trüb']], {
      ...config,
      timeColumn: 2,
      valueColumn: 3,
      remarkColumn: 4,
      startRow: 1,
      unitOverride: 'l/min',
    });
    expect(entries).toEqual([
      { line: 1, dt: '2026-11-23T08:00:00.000+01:00', value: 3, remark: 'trüb', unit: 'l/min' },
    ]);
  });
});

describe('meteo (§9)', () => {
  it('defaults to N, HS, HSN, LT', () => {
    expect(DEFAULT_METEO_PARAMETERS).toEqual(['N', 'HS', 'HSN', 'LT']);
    expect(meteoParameters(undefined)).toEqual(DEFAULT_METEO_PARAMETERS);
    expect(meteoParameters([])).toEqual(DEFAULT_METEO_PARAMETERS);
    expect(meteoParameters(['N'])).toEqual(['N']);
  });
});
