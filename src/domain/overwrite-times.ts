import { DateTime } from 'luxon';
import { combineDateAndTime, DEFAULT_ZONE } from './dates';
import { overwriteDateTime } from './round-edits';
import { parseTimeInput } from './time-input';
import { parseLocaleDate, type DateLocale } from './locale-dates';
import { isIsoCalendarDate } from './zoned-time';

export type TimeOverwrite =
  { kind: 'invalid' } | { kind: 'done'; changes: { tsId: string; time: string }[]; skipped: number };

/**
 * §5 "overwrite date/time" for the entries of a round on its date: the typed time (`0745`, `7:45`, `7.45`
 * or `07:45`) replaces each entry's time; an invalid time is reported and changes nothing; an empty input
 * or an entry that already has that time is skipped.
 */
export function planTimeOverwrite(
  entries: readonly { tsId: string; time: string | undefined }[],
  date: string,
  typed: string,
  zone = DEFAULT_ZONE,
): TimeOverwrite {
  const time = parseTimeInput(typed);
  const day = DateTime.fromISO(date, { zone });
  if (typed.trim() !== '' && (!time || !day.isValid)) return { kind: 'invalid' };
  // overwriteDateTime reads "dd.MM.yyyy HH:mm" and decides what is empty or unchanged
  const input = time ? `${day.toFormat('dd.MM.yyyy')} ${time}` : '';
  const changes: { tsId: string; time: string }[] = [];
  let skipped = 0;
  for (const e of entries) {
    const result = overwriteDateTime(
      e.time ? combineDateAndTime(date, e.time, zone) : undefined,
      input,
      undefined,
      zone,
    );
    if (result.kind !== 'changed') skipped += 1;
    else changes.push({ tsId: e.tsId, time: DateTime.fromISO(result.dt, { zone }).toFormat('HH:mm') });
  }
  return { kind: 'done', changes, skipped };
}

export type DateTimeOverwrite =
  | { kind: 'invalid'; field: 'date' | 'time' }
  /** `date` only when it changes; `changes` are the entries whose time changes */
  | { kind: 'done'; date?: string; changes: { tsId: string; time: string }[]; skipped: number };

/**
 * §5 "overwriting date/time" of a round: the typed date (in the UI language's format, or YYYY-MM-DD) moves the
 * round to that day, the typed time replaces each entry's time. Each part is checked on its own: an invalid
 * one is reported and nothing changes; an empty part, or one equal to what is there, is skipped.
 */
export function planDateTimeOverwrite(
  entries: readonly { tsId: string; time: string | undefined }[],
  date: string,
  typed: { date: string; time: string },
  locale: DateLocale,
  zone = DEFAULT_ZONE,
): DateTimeOverwrite {
  const typedDate = typed.date.trim();
  const newDate =
    typedDate === ''
      ? date
      : /^\d{4}-\d{2}-\d{2}$/.test(typedDate)
        ? isIsoCalendarDate(typedDate)
          ? typedDate
          : undefined
        : parseLocaleDate(typedDate, locale);
  if (!newDate) return { kind: 'invalid', field: 'date' };
  const times = planTimeOverwrite(entries, newDate, typed.time, zone);
  if (times.kind === 'invalid') return { kind: 'invalid', field: 'time' };
  return {
    kind: 'done',
    ...(newDate !== date ? { date: newDate } : {}),
    changes: times.changes,
    skipped: times.skipped,
  };
}
