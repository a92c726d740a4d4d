import { DateTime } from 'luxon';
import type { MeasureRoundEntry } from '../../schemas/api';
import { combineDateAndTime } from './dates';
import { parseNumberInput } from './numbers';
import { remarkToPost } from './location';

/** §9 meteo parameter defaults: precipitation, snow height, fresh snow, air temperature. */
export const DEFAULT_METEO_PARAMETERS = ['N', 'HS', 'HSN', 'LT'] as const;

export function meteoParameters(configured: readonly string[] | undefined): readonly string[] {
  return configured && configured.length > 0 ? configured : DEFAULT_METEO_PARAMETERS;
}

/** The first day (YYYY-MM-01) of the month of a date (YYYY-MM-DD); undefined for a malformed date. */
export function monthStart(date: string): string | undefined {
  const d = DateTime.fromISO(date);
  // a valid DateTime always has an ISO date
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && d.isValid ? (d.startOf('month').toISODate() as string) : undefined;
}

/** Every day (YYYY-MM-DD) of the month of a date, 28 to 31 of them; empty for a malformed date. */
export function monthDays(date: string): string[] {
  const start = monthStart(date);
  if (!start) return [];
  const first = DateTime.fromISO(start);
  return Array.from({ length: first.daysInMonth as number }, (_, i) => first.plus({ days: i }).toISODate() as string);
}

/**
 * A meteo value is typed per timeseries and day: its draft key is `${tsId}|${day}` (day YYYY-MM-DD), so one
 * keystroke writes one small draft and each day posts as its own entry.
 */
export function meteoDraftKey(tsId: string, day: string): string {
  return `${tsId}|${day}`;
}

/** The draft key holding the observation time of a station on a day (one time for the day's parameters). */
export function meteoTimeKey(staNumber: string, day: string): string {
  return `time|${staNumber}|${day}`;
}

export interface MeteoStation {
  staNumber: string;
  staName: string;
  /** the station's entry per configured parameter, in the configured order; a parameter it lacks is absent */
  entries: MeasureRoundEntry[];
}

/** The stations of a round with their entries for the configured meteo parameters, in the round's order. */
export function meteoStations(entries: readonly MeasureRoundEntry[], parameters: readonly string[]): MeteoStation[] {
  const stations = new Map<string, MeteoStation>();
  for (const e of entries) {
    if (!parameters.includes(e.tsParameter)) continue;
    const s = stations.get(e.staNumber) ?? { staNumber: e.staNumber, staName: e.staName, entries: [] };
    s.entries.push(e);
    stations.set(e.staNumber, s);
  }
  return [...stations.values()].map((s) => ({
    ...s,
    entries: [...s.entries].sort((a, b) => parameters.indexOf(a.tsParameter) - parameters.indexOf(b.tsParameter)),
  }));
}

/** A meteo round (opened in /meteo, not the table): every station of it observes every configured parameter. */
export function isMeteoRound(entries: readonly MeasureRoundEntry[], parameters: readonly string[]): boolean {
  if (entries.length === 0 || parameters.length === 0) return false;
  const byStation = new Map<string, Set<string>>();
  for (const e of entries) byStation.set(e.staNumber, (byStation.get(e.staNumber) ?? new Set()).add(e.tsParameter));
  return [...byStation.values()].every((params) => parameters.every((p) => params.has(p)));
}

/** What was typed for one day of one timeseries (the fields of a draft the meteo list uses). */
export interface MeteoDraft {
  tsId: string;
  text?: string;
  time?: string;
  remark?: string;
}

/**
 * The round's entries, one per timeseries and day with something typed, dated that day at the station's
 * time of the day (else the default time): the shape the domain's buildPost checks and posts (§5: only a
 * valid number or a remark is sent). Days outside the month and unknown timeseries are ignored.
 */
export function meteoEntries(
  roundEntries: readonly MeasureRoundEntry[],
  drafts: readonly MeteoDraft[],
  month: string,
  defaultTime: string,
  zone?: string,
): MeasureRoundEntry[] {
  const days = new Set(monthDays(month));
  const byTsId = new Map<string, MeasureRoundEntry>(roundEntries.map((e) => [e.tsId, e]));
  const times = new Map(drafts.filter((d) => d.tsId.startsWith('time|')).map((d) => [d.tsId, d.time]));
  const out: MeasureRoundEntry[] = [];
  for (const d of drafts) {
    const cut = d.tsId.lastIndexOf('|');
    const entry = byTsId.get(d.tsId.slice(0, cut));
    const day = d.tsId.slice(cut + 1);
    if (cut < 0 || !entry || !days.has(day)) continue;
    const parsed = parseNumberInput(d.text ?? '');
    const remark = d.remark?.trim();
    const time = d.time || times.get(meteoTimeKey(entry.staNumber, day)) || defaultTime;
    out.push({
      ...entry,
      dt: combineDateAndTime(day, time, zone) as MeasureRoundEntry['dt'],
      value: parsed?.kind === 'number' ? parsed.value : undefined,
      tsRemark: remarkToPost(remark),
    });
  }
  return out.sort((a, b) => (a.dt ?? '').localeCompare(b.dt ?? '') || a.tsId.localeCompare(b.tsId));
}

/** A day after today cannot be observed yet: its fields stay closed (the server refuses future values too). */
export function isFutureDay(day: string, today: string): boolean {
  return day > today;
}
