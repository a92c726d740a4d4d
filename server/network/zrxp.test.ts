import { describe, expect, it } from 'vitest';
import { parseUtcOffset, parseZrxp, writeZrxp } from './zrxp';

describe('ZRXP', () => {
  it('reads a file as the format describes it: several series, RINVAL, time zone, a layout with remarks', () => {
    const text = [
      '##ZRXP exported by WISKI',
      '#ZRXPVERSION3014.03|*|#ZRXPCREATORKiIOSystem.ZRXPV3Writer|*|',
      '#SANR201010|*|#SNAMEPrutz|*|#REXCHANGE201010-W|*|#TZUTC+1|*|#RINVAL-777|*|',
      '#CUNITcm|*|#LAYOUT(timestamp,value,remark)|*|',
      '20261101070000 132.5 "Treibholz am Pegel"',
      '20261102070000 -777',
      '20261103070000 131',
      '#REXCHANGE201020-W;*;#TZUTC-05:30;*;',
      '#LAYOUT(value,timestamp)|*|',
      '250,5 20261101120000',
    ].join('\r\n');
    const { series, problems } = parseZrxp(text);
    expect(problems).toEqual([]);
    expect(series).toEqual([
      {
        exchange: '201010-W',
        unit: 'cm',
        points: [
          { t: Date.parse('2026-11-01T06:00:00Z'), value: 132.5, remark: 'Treibholz am Pegel' },
          { t: Date.parse('2026-11-02T06:00:00Z'), value: null },
          { t: Date.parse('2026-11-03T06:00:00Z'), value: 131 },
        ],
      },
      { exchange: '201020-W', points: [{ t: Date.parse('2026-11-01T17:30:00Z'), value: 250.5 }] },
    ]);
  });

  it('writes and reads back the same series (UTC and a fixed offset)', () => {
    const series = [
      {
        exchange: '1-W',
        unit: 'm ü.A.',
        points: [
          { t: Date.parse('2026-03-29T00:30:00Z'), value: 1680.25, remark: 'nach "Hochwasser"' },
          { t: Date.parse('2026-03-29T01:30:00Z'), value: null },
        ],
      },
      { exchange: '2-Q', points: [{ t: Date.parse('2026-12-31T23:59:00Z'), value: -0.5 }] },
    ];
    for (const offsetMinutes of [0, 60, -330]) {
      const text = writeZrxp(series, { offsetMinutes });
      const back = parseZrxp(text);
      expect(back.problems).toEqual([]);
      expect(back.series).toEqual([
        { ...series[0], points: [{ ...series[0]?.points[0], remark: "nach 'Hochwasser'" }, series[0]?.points[1]] },
        series[1],
      ]);
    }
    expect(writeZrxp(series, { offsetMinutes: 60 })).toContain(
      '#REXCHANGE1-W|*|#TZUTC+1|*|#RINVAL-777|*|#CUNITm ü.A.|*|',
    );
  });

  it.each([
    ['20260230070000 1', /not a real date/],
    ['20261101250000 1', /not a real date/],
    ['20261101070000 abc', /not a number/],
  ])('names the line of %s', (line, message) => {
    const { problems } = parseZrxp(`#REXCHANGE1-W|*|\n#LAYOUT(timestamp,value)|*|\n${line}\n`);
    expect(problems).toEqual([{ line: 3, message: expect.stringMatching(message) }]);
  });

  it('refuses values before any series header', () => {
    expect(parseZrxp('20261101070000 1\n').problems).toEqual([
      { line: 1, message: expect.stringMatching(/REXCHANGE/) },
    ]);
  });

  it.each([
    ['UTC+1', 60],
    ['UTC-5', -300],
    ['UTC0', 0],
    ['UTC', 0],
    ['UTC+05:30', 330],
    ['MEZ', undefined],
  ])('time zone %s is %s minutes', (tz, minutes) => expect(parseUtcOffset(tz)).toBe(minutes));
});
