/**
 * Station markers on the tour map without overlap (issue 24: stacked dots hid stations without a hint). Markers
 * closer than `minDistance` pixels (transitively: a chain of near ones is one group) are either spread on a small
 * circle around their centre, or, when there are many and the map can still zoom in, drawn as one cluster that
 * zooms in on tap. At the map's last zoom level a group is always spread, so every station stays reachable.
 */
export interface ScreenPoint {
  x: number;
  y: number;
}

export type MarkerGroup =
  | { kind: 'single'; index: number }
  /** dx/dy: the pixel offset of each member's marker from its true place; side: outward from the ring's centre */
  | {
      kind: 'spread';
      x: number;
      y: number;
      members: { index: number; dx: number; dy: number; side: RingSide }[];
    }
  | { kind: 'cluster'; x: number; y: number; members: number[] };

export type RingSide = 'left' | 'right' | 'up' | 'down';

/** The dominant direction of a point on the ring, seen from its centre (screen y grows downward). */
function sideOf(cos: number, sin: number): RingSide {
  if (Math.abs(cos) >= Math.abs(sin)) return cos < 0 ? 'left' : 'right';
  return sin < 0 ? 'up' : 'down';
}

export interface MarkerLayoutOptions {
  /** Pixels between marker centres below which two markers overlap (a 32 px marker plus a margin). */
  minDistance: number;
  /** Largest group spread on a circle; a bigger one becomes a cluster while the map can zoom in. */
  maxSpread: number;
  canZoom: boolean;
}

/** Groups of indices whose points lie within `minDistance` of another member (union–find). */
function nearGroups(points: readonly ScreenPoint[], minDistance: number): number[][] {
  const parent = points.map((_, i) => i);
  const root = (i: number): number => {
    let r = i;
    while (parent[r] !== r) r = parent[r] as number;
    return r;
  };
  for (let i = 0; i < points.length; i++)
    for (let j = i + 1; j < points.length; j++) {
      const a = points[i] as ScreenPoint;
      const b = points[j] as ScreenPoint;
      if (Math.hypot(a.x - b.x, a.y - b.y) < minDistance) parent[root(j)] = root(i);
    }
  const groups = new Map<number, number[]>();
  points.forEach((_, i) => groups.set(root(i), [...(groups.get(root(i)) ?? []), i]));
  return [...groups.values()];
}

export function layoutMarkers(points: readonly ScreenPoint[], options: MarkerLayoutOptions): MarkerGroup[] {
  const { minDistance, maxSpread, canZoom } = options;
  return nearGroups(points, minDistance).map((members): MarkerGroup => {
    if (members.length === 1) return { kind: 'single', index: members[0] as number };
    const at = members.map((i) => points[i] as ScreenPoint);
    const x = at.reduce((s, p) => s + p.x, 0) / at.length;
    const y = at.reduce((s, p) => s + p.y, 0) / at.length;
    if (members.length > maxSpread && canZoom) return { kind: 'cluster', x, y, members };
    // neighbours on the circle are minDistance apart (chord length), starting at the top, clockwise
    const n = members.length;
    const radius = minDistance / (2 * Math.sin(Math.PI / n));
    return {
      kind: 'spread',
      x,
      y,
      members: members.map((index, k) => {
        const angle = -Math.PI / 2 + (2 * Math.PI * k) / n;
        const p = points[index] as ScreenPoint;
        const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
        return { index, dx: x + radius * cos - p.x, dy: y + radius * sin - p.y, side: sideOf(cos, sin) };
      }),
    };
  });
}
