import type { BrowserContext } from 'playwright-core';
import { isoToEpoch } from '../../src/domain/zoned-time';
import { TEST_ZONE, testToday } from '../support/dates';

/**
 * Sets the page's wall clock (Date, Date.now) to today at `time` in the stations' zone, from where it runs on in
 * real time; timers, performance.now and the server's clock are untouched. The default time of a reading is 12:00:
 * before noon in Vienna such a reading lies in the future and the app rightly asks about it (§5), so a test that
 * sends readings at the default time without that prompt pins the afternoon of the same day — it then passes at
 * any hour of the runner's clock (the server accepts dates up to a day ahead). Call before the first page loads.
 */
export async function pinWallClock(context: BrowserContext, time = '14:00'): Promise<void> {
  const target = isoToEpoch(`${testToday()}T${time}`, TEST_ZONE);
  if (target === undefined) throw new Error(`no such time today: ${time}`);
  const offset = target - Date.now();
  await context.addInitScript((shift: number) => {
    const Real = Date;
    class WallClockDate extends Real {
      constructor(...args: ConstructorParameters<DateConstructor> | []) {
        if (args.length === 0) super(Real.now() + shift);
        else super(...(args as ConstructorParameters<DateConstructor>));
      }
      static override now(): number {
        return Real.now() + shift;
      }
    }
    globalThis.Date = WallClockDate as DateConstructor;
  }, offset);
}
