import { combineDateAndTime, readingZone } from './dates';
import { parseNumberInput } from './numbers';
import type { SeriesPoint } from './analysis';

/** What a typed entry's timestamp is made of besides the round's date: the default time and the zone of typed times. */
export interface EntryTimeContext {
  /** the config's (or this device's) default time, HH:mm */
  defaultTime: string;
  /** the zone typed times are in: §5 MEZ mode's fixed UTC+1, else the stations' wall clock (undefined) */
  zone?: string;
}

/** The time context of a config (the effective one: device settings over the server's). */
export function entryTimeContext(config: { defaultTime: string; mez?: boolean | null }): EntryTimeContext {
  return { defaultTime: config.defaultTime, zone: readingZone(config.mez === true) };
}

/**
 * The one rule for a typed entry's timestamp: its own time, else the default time, on the round's date, in the
 * zone typed times are in. The post builder, the table's rows, the refusal marks and the analysis' open points all
 * use it, so an entry is shown, checked and charted at the time it is sent. Undefined when date or time is malformed.
 */
export function draftTimestamp(date: string, time: string | undefined, at: EntryTimeContext): string | undefined {
  // a time the user cleared ('') stays cleared: the entry has no time (the pre-submit check says so)
  const t = time ?? at.defaultTime;
  return t ? combineDateAndTime(date, t, at.zone) : undefined;
}

/** A typed entry as the analysis reads it. */
export interface TypedEntry {
  instanceId: string;
  tsId: string;
  copyOf?: string;
  text?: string;
  time?: string;
}

/**
 * The values of open (not yet sent) rounds as chart points, by timeseries: numbers only, at their draft timestamp
 * (a station copy counts for the timeseries it copies). `dates` are the rounds' dates by instance.
 */
export function openRoundPoints(
  drafts: readonly TypedEntry[],
  dates: ReadonlyMap<string, string>,
  at: EntryTimeContext,
): Map<string, SeriesPoint[]> {
  const byTs = new Map<string, SeriesPoint[]>();
  for (const d of drafts) {
    const parsed = parseNumberInput(d.text ?? '');
    if (parsed?.kind !== 'number') continue;
    const date = dates.get(d.instanceId);
    const dt = date === undefined ? undefined : draftTimestamp(date, d.time, at);
    if (!dt) continue;
    const tsId = d.copyOf ?? d.tsId;
    byTs.set(tsId, [...(byTs.get(tsId) ?? []), { dt, value: parsed.value, draft: true }]);
  }
  return byTs;
}
