import { describe, expect, it } from 'vitest';
import {
  buildErrorReport,
  enqueueReport,
  errorReportingEndpoint,
  MAX_QUEUED_REPORTS,
  scrubStack,
  scrubText,
} from './error-report';

describe('error reports carry no personal data', () => {
  it.each<[string, string]>([
    ['Cannot read properties of undefined (reading "staName")', 'Cannot read properties of undefined (reading <text>)'],
    ['GET https://hydro.example.org/hwe-api/v2/measure-round/Quellen%20Kaunertal failed', 'GET <url> failed'],
    ['value 1679,41 out of range at station 2001', 'value <n> out of range at station <n>'],
    ['user olga.huber@example.org not allowed', 'user <email> not allowed'],
    ['instance 3f2b6c1e-1a2b-4c3d-8e9f-0a1b2c3d4e5f missing', 'instance <id> missing'],
    ["remark 'Pegel vereist geo:47.05,10.7' too long", 'remark <text> too long'],
  ])('%s', (text, expected) => {
    expect(scrubText(text)).toBe(expected);
  });

  it('keeps function names and script positions of a stack, not addresses or queries', () => {
    const stack =
      'TypeError: value 12 of "Pegel"\n    at buildRow (https://hydro.example.org/assets/index-abc123.js?v=2:12:345)\n    at https://hydro.example.org/assets/vendor.js:1:2\n    at eval (eval at evaluate (:370:30), <anonymous>:3:12)';
    expect(scrubStack(stack)).toBe(
      'TypeError: value <n> of <text>\n    at buildRow (index-abc123.js:12:345)\n    at (vendor.js:1:2)\n    at eval (eval at evaluate (:<n>:<n>), <anonymous>:<n>:<n>)',
    );
    expect(scrubStack('buildRow@https://hydro.example.org/assets/index.js?x=1:12:3')).toBe('buildRow@index.js:12:3');
  });

  it('builds a report with version, route pattern and the minute', () => {
    const report = buildErrorReport({
      kind: 'error',
      error: new RangeError('row 12 of "Talsperre"'),
      route: '/stations/$group/$date',
      version: '1.4.0',
      now: new Date('2026-11-25T13:58:41.123Z'),
    });
    expect(report).toMatchObject({
      version: '1.4.0',
      route: '/stations/$group/$date',
      kind: 'error',
      name: 'RangeError',
      message: 'row <n> of <text>',
      at: '2026-11-25T13:58:00.000Z',
    });
  });

  it.each<[Record<string, unknown> | undefined, string | undefined]>([
    [{ url: 'https://errors.example.org/report' }, 'https://errors.example.org/report'],
    [{ endpoint: '/errors' }, '/errors'],
    [{ dsn: 'http://insecure.example.org' }, undefined],
    [{ url: 42 }, undefined],
    [undefined, undefined],
  ])('endpoint of %j', (settings, expected) => {
    expect(errorReportingEndpoint(settings)).toBe(expected);
  });

  it('sends the same error once per minute and keeps at most the newest reports', () => {
    const r = buildErrorReport({ kind: 'error', error: new Error('x'), route: '/', version: '1', now: new Date(0) });
    expect(enqueueReport([r], { ...r })).toHaveLength(1);
    let q: ReturnType<typeof enqueueReport> = [];
    for (let i = 0; i < MAX_QUEUED_REPORTS + 5; i++)
      q = enqueueReport(q, { ...r, message: `m${String.fromCharCode(65 + (i % 26))}${i}` });
    expect(q).toHaveLength(MAX_QUEUED_REPORTS);
  });
});
