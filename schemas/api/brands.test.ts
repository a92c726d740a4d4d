import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { IsoDateTimeSchema, isRealDateTime } from './brands';

describe('isRealDateTime: a calendar date and time, not what Date.parse rolls over', () => {
  it.each([
    ['2024-02-29T00:00:00Z', true],
    ['2000-02-29T12:00Z', true],
    ['2026-12-31T23:59:59.999+14:00', true],
    ['2026-06-01T10:00:00-03:30', true],
    ['2026-06-01 10:00:00+0100', true],
    ['2024-02-30T00:00:00Z', false],
    ['2023-02-29T00:00:00Z', false],
    ['1900-02-29T00:00:00Z', false],
    ['2026-04-31T00:00:00Z', false],
    ['2026-13-01T00:00:00Z', false],
    ['2026-00-10T00:00:00Z', false],
    ['2026-06-00T00:00:00Z', false],
    ['2026-06-01T24:00:00Z', false],
    ['2026-06-01T10:60:00Z', false],
    ['2026-06-01T10:00:60Z', false],
    ['2026-06-01T10:00:00+16:00', false],
    ['2026-06-01T10:00:00+01:60', false],
    ['0000-01-01T00:00:00Z', false],
    ['2026-06-01', false],
    ['yesterday', false],
  ])('%s → %s', (s, real) => {
    expect(isRealDateTime(s)).toBe(real);
  });

  it('is the check of the shared IsoDateTimeSchema (client and server), with a message', () => {
    const result = v.safeParse(IsoDateTimeSchema, '2024-02-30T10:00:00Z');
    expect(result.success).toBe(false);
    expect(result.issues?.[0]?.message).toBe('must be a real calendar date and time');
    expect(v.is(IsoDateTimeSchema, '2024-02-29T10:00:00.000+01:00')).toBe(true);
  });
});
