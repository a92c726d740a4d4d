// @vitest-environment jsdom
import { act, useEffect, useLayoutEffect, useRef } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { actUntil, reactRoot } from '../../../test/unit/react-root';
import {
  FIRST_RENDER_ENTRIES,
  FIRST_RENDER_ENTRIES_PHONE,
  firstRenderStations,
  LATER_RENDER_ENTRIES,
  stationsUpTo,
  useStationWindow,
  WINDOWED_ABOVE_ENTRIES,
} from './use-station-window';

describe('firstRenderStations: whole stations from the top up to the first render’s entries, at least one', () => {
  it.each([
    [[], 0],
    [[1], 1],
    [[FIRST_RENDER_ENTRIES + 5], 1],
    [Array.from({ length: FIRST_RENDER_ENTRIES - 4 }, () => 1), FIRST_RENDER_ENTRIES - 4],
    [Array.from({ length: 60 }, () => 1), FIRST_RENDER_ENTRIES],
    [Array.from({ length: 30 }, () => 3), Math.ceil(FIRST_RENDER_ENTRIES / 3)],
    [[FIRST_RENDER_ENTRIES - 1, 1, 5], 2],
    [[FIRST_RENDER_ENTRIES - 2, 1, 5], 3],
  ])('%j → %i', (counts, expected) => {
    expect(firstRenderStations(counts)).toBe(expected);
  });
});

describe('stationsUpTo: after the first ones, whole stations up to so many more entries, at least one', () => {
  it.each([
    [[], 0, 8, 0],
    [[1, 1, 1], 3, 8, 3],
    [[1, 1, 1], 1, 8, 3],
    [[2, 2, 2, 2, 2, 2], 2, 4, 4],
    [[2, 2, 2, 2, 2, 2], 2, 3, 4],
    [[2, 9, 2], 1, 4, 2],
    [[2, 3, 3, 3], 0, 8, 3],
  ])('%j from %i, %i entries → %i', (counts, from, entries, expected) => {
    expect(stationsUpTo(counts, from, entries)).toBe(expected);
  });
});

/** How many stations each commit of the table held, in order (a step never goes unseen, however slow the test). */
let commits: number[] = [];

/** The station indexes a table with these stations renders. */
function Stations({ counts, keepIndex }: { counts: readonly number[]; keepIndex?: number }) {
  const table = useRef<HTMLTableElement>(null);
  const { blocks, keep, filling } = useStationWindow(table, counts, 'compact');
  useEffect(() => keep(keepIndex === undefined ? [] : [keepIndex]), [keep, keepIndex]);
  useLayoutEffect(() => {
    if (commits.at(-1) !== blocks.length) commits.push(blocks.length);
  });
  return (
    <table ref={table} aria-busy={filling || undefined}>
      {blocks.map((b) => (
        <tbody key={b.index} data-station={b.index} />
      ))}
    </table>
  );
}

const env = reactRoot();
const rendered = () => env.host.querySelectorAll('[data-station]').length;

beforeEach(() => {
  commits = [];
  window.matchMedia = (query: string) => ({ matches: false, media: query }) as MediaQueryList;
});

describe("a small round's table renders the first screen's stations first, and the others in steps after it", () => {
  const counts = Array.from({ length: 30 }, () => 2); // 60 entries: below the windowing, above the first render
  /** how many stations were rendered at each change of the table, from the first render on */
  async function steps(): Promise<number[]> {
    await actUntil(() => rendered() === counts.length);
    return commits;
  }

  it('on a desktop: a desktop screen of stations, then the others a few entries at a time', async () => {
    expect(counts.reduce((a, b) => a + b)).toBeLessThanOrEqual(WINDOWED_ABOVE_ENTRIES);
    act(() => env.root.render(<Stations counts={counts} />));
    const seen = await steps();
    expect(seen[0]).toBe(FIRST_RENDER_ENTRIES / 2);
    expect(seen.at(-1)).toBe(counts.length);
    // each step adds the stations of LATER_RENDER_ENTRIES entries (the last one what is left)
    for (let i = 1; i < seen.length; i++)
      expect(seen[i]! - seen[i - 1]!).toBe(Math.min(LATER_RENDER_ENTRIES / 2, counts.length - seen[i - 1]!));
  });

  it('is busy while stations are still to come, and only then', async () => {
    const busy = () => env.host.querySelector('table')?.getAttribute('aria-busy') === 'true';
    act(() => env.root.render(<Stations counts={counts} />));
    expect(busy()).toBe(true);
    await steps();
    expect(busy()).toBe(false);
    act(() => env.root.render(<Stations counts={[2]} />));
    expect(busy()).toBe(false);
  });

  it('on a phone: a phone screen of stations first', async () => {
    window.matchMedia = (query: string) => ({ matches: true, media: query }) as MediaQueryList;
    act(() => env.root.render(<Stations counts={counts} />));
    const seen = await steps();
    expect(seen[0]).toBe(FIRST_RENDER_ENTRIES_PHONE / 2);
    expect(seen.at(-1)).toBe(counts.length);
  });

  it('stations that arrive later also start with the first screen; once all are shown, a change shows all at once', async () => {
    act(() => env.root.render(<Stations counts={[]} />));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    act(() => env.root.render(<Stations counts={counts} />));
    expect(rendered()).toBe(FIRST_RENDER_ENTRIES / 2);
    await actUntil(() => rendered() === counts.length);
    act(() => env.root.render(<Stations counts={[...counts, 2, 2]} />));
    expect(rendered()).toBe(counts.length + 2);
  });

  it('a station the keyboard moves to is rendered at once, with those before it, before the steps reach it', () => {
    act(() => env.root.render(<Stations counts={counts} keepIndex={25} />));
    expect(rendered()).toBe(26);
  });

  it('prints every station at once', () => {
    act(() => env.root.render(<Stations counts={counts} />));
    act(() => window.dispatchEvent(new Event('beforeprint')));
    expect(rendered()).toBe(counts.length);
  });
});
