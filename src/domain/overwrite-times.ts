import { DateTime } from 'luxon';
import { combineDateAndTime, DEFAULT_ZONE } from './dates';
import { overwriteDateTime } from './round-edits';
import { parseTimeInput } from './time-input';

export type TimeOverwrite = { kind: 'invalid' } | { kind: 'done'; changes: { tsId: string; time: string }[]; skipped: number };

/**
 * §5 "overwrite date/time" for the entries of a round on its date: the typed time (`0745`, `7:45`, `7.45`
 * or `07:45`) replaces each entry's time; an invalid time is reported and changes nothing; an empty input
 * or an entry that already has that time is skipped.
 */
export function planTimeOverwrite(entries: readonly { tsId: string; time: string | undefined }[], date: string, typed: string): TimeOverwrite {
  const time = parseTimeInput(typed);
  const day = DateTime.fromISO(date, { zone: DEFAULT_ZONE });
  if (typed.trim() !== '' && (!time || !day.isValid)) return { kind: 'invalid' };
  // overwriteDateTime reads "dd.MM.yyyy HH:mm" and decides what is empty or unchanged
  const input = time ? `${day.toFormat('dd.MM.yyyy')} ${time}` : '';
  const changes: { tsId: string; time: string }[] = [];
  let skipped = 0;
  for (const e of entries) {
    const result = overwriteDateTime(e.time ? combineDateAndTime(date, e.time) : undefined, input);
    if (result.kind !== 'changed') skipped += 1;
    else changes.push({ tsId: e.tsId, time: DateTime.fromISO(result.dt, { zone: DEFAULT_ZONE }).toFormat('HH:mm') });
  }
  return { kind: 'done', changes, skipped };
}
