import { describe, expect, it } from 'vitest';
import { layoutMarkers, type MarkerGroup, type ScreenPoint } from './marker-layout';

const OPTIONS = { minDistance: 40, maxSpread: 6, canZoom: true };
const same = (n: number, x = 100, y = 100): ScreenPoint[] => Array.from({ length: n }, () => ({ x, y }));

/** Where each marker is drawn: its point plus its offset. */
function drawn(points: readonly ScreenPoint[], groups: readonly MarkerGroup[]): ScreenPoint[] {
  const out: ScreenPoint[] = [];
  for (const g of groups) {
    if (g.kind === 'single') out.push(points[g.index] as ScreenPoint);
    if (g.kind === 'spread')
      for (const m of g.members) {
        const p = points[m.index] as ScreenPoint;
        out.push({ x: p.x + m.dx, y: p.y + m.dy });
      }
  }
  return out;
}

function closest(points: readonly ScreenPoint[]): number {
  let min = Infinity;
  for (let i = 0; i < points.length; i++)
    for (let j = i + 1; j < points.length; j++) {
      const a = points[i] as ScreenPoint;
      const b = points[j] as ScreenPoint;
      min = Math.min(min, Math.hypot(a.x - b.x, a.y - b.y));
    }
  return min;
}

describe('station markers without overlap', () => {
  it('leaves markers far enough apart where they are', () => {
    expect(
      layoutMarkers(
        [
          { x: 0, y: 0 },
          { x: 40, y: 0 },
        ],
        OPTIONS,
      ),
    ).toEqual([
      { kind: 'single', index: 0 },
      { kind: 'single', index: 1 },
    ]);
  });

  it.each([
    ['two at one place', same(2), true],
    ['six at one place', same(6), true],
    ['seven at one place on the last zoom level', same(7), false],
    ['a chain of near ones', [0, 30, 60, 90].map((x) => ({ x, y: 0 })), true],
  ])('spreads %s so that no two overlap', (_, points, canZoom) => {
    const groups = layoutMarkers(points, { ...OPTIONS, canZoom });
    expect(groups).toHaveLength(1);
    expect(groups[0]?.kind).toBe('spread');
    expect(closest(drawn(points, groups))).toBeGreaterThanOrEqual(40 - 1e-9);
  });

  it('tells each ring member its side seen from the centre: from the top, clockwise', () => {
    const [group] = layoutMarkers(same(4), OPTIONS);
    expect(group?.kind === 'spread' && group.members.map((m) => m.side)).toEqual(['up', 'right', 'down', 'left']);
  });

  it('spreads around the group centre', () => {
    const [group] = layoutMarkers(
      [
        { x: 90, y: 100 },
        { x: 110, y: 100 },
      ],
      OPTIONS,
    );
    expect(group).toMatchObject({ kind: 'spread', x: 100, y: 100 });
  });

  it('clusters a large group while the map can zoom in, at the members centre', () => {
    const points = [...same(6, 100, 100), { x: 130, y: 100 }];
    const [group] = layoutMarkers(points, OPTIONS);
    expect(group).toMatchObject({ kind: 'cluster', members: [0, 1, 2, 3, 4, 5, 6] });
    expect(group?.kind === 'cluster' && Math.round(group.x)).toBe(104);
  });

  it('keeps separate groups apart', () => {
    const groups = layoutMarkers([...same(2, 0, 0), ...same(2, 500, 500), { x: 250, y: 250 }], OPTIONS);
    expect(groups.map((g) => g.kind)).toEqual(['spread', 'spread', 'single']);
  });
});
