import type { Browser, BrowserContext } from 'playwright-core';
import { isoToEpoch } from '../../src/domain/zoned-time';
import { TEST_ZONE, testToday } from '../support/dates';

/**
 * Shifts the wall clock (Date, Date.now) of every page of `context` by `shiftMs`, from where it runs on in real
 * time; timers and performance.now are untouched. Scripts added later build on it (pinWallClock reads the shifted
 * clock as the real one). Call before the first page loads.
 */
export async function shiftWallClock(context: BrowserContext, shiftMs: number): Promise<void> {
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
  }, shiftMs);
}

/**
 * The clock of a run at a moved time (scripts/test-at.sh): libfaketime moves the clock of Node, the server and
 * PostgreSQL, but not Chromium's (under it the browser's processes spun in system calls and a pull took a minute):
 * the browser's pages get the same shift here instead. 0 in a normal run.
 */
export const RUN_CLOCK_SHIFT_MS = Number(process.env.E2E_CLOCK_SHIFT_MS ?? 0);

/**
 * The environment a browser starts with in a run at a moved clock: the run's without libfaketime (its preload and
 * settings), which Chromium must not load. undefined in a normal run: the browser inherits the process's.
 */
export function browserEnv(): Record<string, string> | undefined {
  if (!RUN_CLOCK_SHIFT_MS) return undefined;
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (e): e is [string, string] => e[1] !== undefined && e[0] !== 'LD_PRELOAD' && !e[0].startsWith('FAKETIME'),
    ),
  );
}

/** Gives every context of `browser` (the ones it has, the ones it makes) the run's clock (RUN_CLOCK_SHIFT_MS). */
export async function withRunClock<B extends Browser>(browser: B): Promise<B> {
  if (!RUN_CLOCK_SHIFT_MS) return browser;
  for (const context of browser.contexts()) await shiftWallClock(context, RUN_CLOCK_SHIFT_MS);
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await shiftWallClock(context, RUN_CLOCK_SHIFT_MS);
    return context;
  };
  return browser;
}

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
  await shiftWallClock(context, target - Date.now());
}
