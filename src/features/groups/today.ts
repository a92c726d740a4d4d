import { localZone, todayIn } from '../../domain/zoned-time';

/**
 * Today's calendar date YYYY-MM-DD in the browser's zone (the field worker's zone), by the one rule in
 * src/domain (todayIn); the tests ask the same rule for Europe/Vienna and run the browser in that zone.
 */
export function todayIsoDate(now: Date | number = Date.now()): string {
  return todayIn(localZone(), now);
}
