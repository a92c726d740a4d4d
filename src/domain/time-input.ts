import { DateTime } from 'luxon';
import { DEFAULT_ZONE } from './dates';

/**
 * A 24-hour time typed by hand, independent of the browser's locale: `0745`, `745`, `7:45`, `7.45`,
 * `7,45`, `07 45` and `7` all mean 07:45 (or 07:00). Returns HH:mm, or undefined when it is not a time.
 */
export function parseTimeInput(text: string): string | undefined {
  const trimmed = text.trim();
  const separated = /^(\d{1,2})[:.,\sh](\d{1,2})$/.exec(trimmed);
  const digits = /^\d{1,4}$/.exec(trimmed);
  let hours: number;
  let minutes: number;
  if (separated) {
    hours = Number(separated[1]);
    minutes = Number(separated[2]);
    if (separated[2]!.length === 1) minutes *= 10;
  } else if (digits) {
    const d = trimmed;
    if (d.length <= 2) [hours, minutes] = [Number(d), 0];
    else [hours, minutes] = [Number(d.slice(0, d.length - 2)), Number(d.slice(-2))];
  } else return undefined;
  if (hours > 23 || minutes > 59) return undefined;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/**
 * The current time as HH:mm (F2 "now") in the zone readings are stored in, so a browser set to another
 * zone (a laptop on UTC) still stores the time on the station's clock.
 */
export function timeNow(now: Date, zone = DEFAULT_ZONE): string {
  return DateTime.fromJSDate(now).setZone(zone).toFormat('HH:mm');
}
