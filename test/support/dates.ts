import { DEFAULT_ZONE, shiftIsoDate, todayIn } from '../../src/domain/zoned-time';

/**
 * Dates in tests follow the product's one rule (todayIn in src/domain): "today" is the calendar day in the
 * stations' zone, the zone the demo seed dates its history in and the e2e browsers run in (harness). Never the UTC
 * date: from midnight to 01:00 (02:00 in summer) in Vienna that is still yesterday, and day-dependent checks fail.
 */
export const TEST_ZONE = DEFAULT_ZONE;

/** Today's date YYYY-MM-DD in the stations' zone. */
export function testToday(now: Date | number = Date.now()): string {
  return todayIn(TEST_ZONE, now);
}

/** The date `days` calendar days before today in the stations' zone. */
export function testDaysAgo(days: number, now: Date | number = Date.now()): string {
  return shiftIsoDate(testToday(now), -days);
}

/** The calendar date a stored moment (a database timestamp, an ISO text) falls on in the stations' zone. */
export function calendarDateOf(moment: Date | string | number): string {
  return todayIn(TEST_ZONE, typeof moment === 'string' ? Date.parse(moment) : moment);
}
