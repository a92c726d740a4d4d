// @vitest-environment jsdom
import { act, useRef } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { actUntil, reactRoot } from '../../../test/unit/react-root';
import {
  FIRST_RENDER_ENTRIES,
  firstRenderStations,
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

/** The station indexes a table with these stations renders. */
function Stations({ counts }: { counts: readonly number[] }) {
  const table = useRef<HTMLTableElement>(null);
  const { blocks } = useStationWindow(table, counts, 'compact');
  return (
    <table ref={table}>
      {blocks.map((b) => (
        <tbody key={b.index} data-station={b.index} />
      ))}
    </table>
  );
}

const env = reactRoot();
const rendered = () => env.host.querySelectorAll('[data-station]').length;

beforeEach(() => {
  window.matchMedia = (query: string) => ({ matches: false, media: query }) as MediaQueryList;
});

describe("a small round's table renders the first screen's stations first, and every station right after", () => {
  const counts = Array.from({ length: 30 }, () => 2); // 60 entries: below the windowing, above the first render
  it('first the stations of the first entries, then all of them', async () => {
    expect(counts.reduce((a, b) => a + b)).toBeLessThanOrEqual(WINDOWED_ABOVE_ENTRIES);
    act(() => env.root.render(<Stations counts={counts} />));
    expect(rendered()).toBe(FIRST_RENDER_ENTRIES / 2);
    await actUntil(() => rendered() === counts.length);
    expect(rendered()).toBe(counts.length);
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

  it('prints every station at once', () => {
    act(() => env.root.render(<Stations counts={counts} />));
    act(() => window.dispatchEvent(new Event('beforeprint')));
    expect(rendered()).toBe(counts.length);
  });
});
