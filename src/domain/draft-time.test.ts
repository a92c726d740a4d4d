import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { DEFAULT_ZONE, MEZ_ZONE } from './zoned-time';
import { draftTimestamp, entryTimeContext, openRoundPoints } from './draft-time';

const utc = (iso: string | undefined) => (iso ? DateTime.fromISO(iso).toUTC().toISO() : undefined);

describe('draftTimestamp: the one rule for a typed entry’s time', () => {
  it.each<[string, string, string | undefined, { defaultTime: string; zone?: string }, string | undefined]>([
    ['own time, wall clock in summer', '2026-07-15', '08:00', { defaultTime: '07:00' }, '2026-07-15T06:00:00.000Z'],
    ['own time, wall clock in winter', '2026-01-15', '08:00', { defaultTime: '07:00' }, '2026-01-15T07:00:00.000Z'],
    ['no own time: the default', '2026-07-15', undefined, { defaultTime: '07:00' }, '2026-07-15T05:00:00.000Z'],
    ['a cleared own time stays cleared', '2026-07-15', '', { defaultTime: '07:00' }, undefined],
    // §5 MEZ mode: typed times are UTC+1 all year, an hour apart from the wall clock in summer
    ['MEZ in summer', '2026-07-15', '08:00', { defaultTime: '07:00', zone: MEZ_ZONE }, '2026-07-15T07:00:00.000Z'],
    ['MEZ in winter', '2026-01-15', '08:00', { defaultTime: '07:00', zone: MEZ_ZONE }, '2026-01-15T07:00:00.000Z'],
    [
      'explicit Vienna zone',
      '2026-07-15',
      '08:00',
      { defaultTime: '', zone: DEFAULT_ZONE },
      '2026-07-15T06:00:00.000Z',
    ],
    ['no time and no default', '2026-07-15', undefined, { defaultTime: '' }, undefined],
    ['malformed time', '2026-07-15', '8 Uhr', { defaultTime: '07:00' }, undefined],
    ['malformed date', '15.07.2026', '08:00', { defaultTime: '07:00' }, undefined],
  ])('%s', (_name, date, time, at, expected) => expect(utc(draftTimestamp(date, time, at))).toBe(expected));

  it.each([
    [
      { defaultTime: '07:00', mez: true },
      { defaultTime: '07:00', zone: MEZ_ZONE },
    ],
    [
      { defaultTime: '07:00', mez: false },
      { defaultTime: '07:00', zone: DEFAULT_ZONE },
    ],
    [{ defaultTime: '06:30' }, { defaultTime: '06:30', zone: DEFAULT_ZONE }],
  ])('entryTimeContext(%j) = %j', (config, ctx) => expect(entryTimeContext(config)).toEqual(ctx));
});

describe('openRoundPoints: the analysis charts an open value at the time it is sent', () => {
  const dates = new Map([['i1', '2026-07-15']]);
  it('in MEZ summer time the point sits at 08:00 MEZ = 07:00 UTC, not at the wall clock’s 06:00 UTC', () => {
    const points = openRoundPoints([{ instanceId: 'i1', tsId: 'W', text: '12,5', time: '08:00' }], dates, {
      defaultTime: '07:00',
      zone: MEZ_ZONE,
    });
    expect(points.get('W')?.map((p) => [utc(p.dt), p.value, p.draft])).toEqual([
      ['2026-07-15T07:00:00.000Z', 12.5, true],
    ]);
  });

  it('a copy counts for its timeseries; text that is not a number, and an unknown round, are left out', () => {
    const points = openRoundPoints(
      [
        { instanceId: 'i1', tsId: 'W#2', copyOf: 'W', text: '3' },
        { instanceId: 'i1', tsId: 'Q', text: 'defekt' },
        { instanceId: 'other', tsId: 'W', text: '4' },
      ],
      dates,
      { defaultTime: '07:00' },
    );
    expect([...points.keys()]).toEqual(['W']);
    expect(points.get('W')?.map((p) => [utc(p.dt), p.value])).toEqual([['2026-07-15T05:00:00.000Z', 3]]);
  });
});
