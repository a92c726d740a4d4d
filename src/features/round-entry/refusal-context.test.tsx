// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SubmitError } from '../../../schemas/db/offline-instance-doc';
import type { RefusedEntry, RowHeld } from '../../domain/submit-refusal';
import { RefusalProvider, useRefusalAtTime, useRefusalIn } from './refusal-context';

const well = { tsId: '2001-W', staName: 'Piezometer P1', staNumber: '2001', tsParameter: 'W' } as RefusedEntry;
// 12:00 on the stations' wall clock (Europe/Vienna, the zone outside a ReadingZoneProvider)
const duplicate: SubmitError = {
  code: 'duplicate-time',
  field: 'entries.1.dt',
  params: { tsId: '2001-W', dt: '2026-11-20T11:00:00.000Z' },
  tsId: '2001-W',
};
const notAllowed: SubmitError = {
  code: 'value-not-allowed',
  field: 'entries.1.value',
  params: { value: 7, allowed: '0, 1' },
  tsId: '2001-W',
};

function AtTime({ tsId, time }: { tsId: string; time: string | undefined }) {
  return <>{useRefusalAtTime(tsId, time) ? 'marked' : 'clear'}</>;
}
function Station({ rows }: { rows: Record<string, RowHeld | undefined> }) {
  return <>{useRefusalIn(Object.keys(rows), (tsId) => rows[tsId]) ? 'marked' : 'clear'}</>;
}
const render = (error: SubmitError, node: ReactNode, date: string | null = '2026-11-20') =>
  renderToStaticMarkup(
    <RefusalProvider instance={{ syncState: 'error', lastError: error, ...(date ? { date } : {}) }} entries={[well]}>
      {node}
    </RefusalProvider>,
  );

describe('a time field of a series and its copies shows a refused time only where its time makes it', () => {
  it.each<[string, string, string | undefined, string | null, string]>([
    ['the original at the refused 12:00', '2001-W', '12:00', '2026-11-20', 'marked'],
    ['a copy at the refused 12:00', '2001-W#1', '12:00', '2026-11-20', 'marked'],
    ['a copy at 07:30', '2001-W#2', '07:30', '2026-11-20', 'clear'],
    ['the same time on another day', '2001-W', '12:00', '2026-11-21', 'clear'],
    ['a row whose time was cleared', '2001-W', '', '2026-11-20', 'clear'],
    ['the round’s date not known: marked', '2001-W#2', '07:30', null, 'marked'],
    ['another series at 12:00', '2005-E', '12:00', '2026-11-20', 'clear'],
  ])('%s', (_name, tsId, time, date, expected) => {
    expect(render(duplicate, <AtTime tsId={tsId} time={time} />, date)).toBe(expected);
  });
});

describe('a tour station shows a refusal when one of its rows holds it', () => {
  const at = (text: string): RowHeld => ({ times: ['2026-11-20T12:00:00.000+01:00'], values: { text } });
  it.each<[string, Record<string, RowHeld | undefined>, string]>([
    ['its copy holds the refused 7', { '2001-W': at('1'), '2001-W#1': at('7') }, 'marked'],
    ['the refused 7 was corrected to 1', { '2001-W': at('1') }, 'clear'],
    ['its drafts are not loaded yet', { '2001-W': undefined }, 'marked'],
    ['another station’s series holds a 7', { '2005-E': at('7') }, 'clear'],
  ])('%s', (_name, rows, expected) => {
    expect(render(notAllowed, <Station rows={rows} />)).toBe(expected);
  });
});
