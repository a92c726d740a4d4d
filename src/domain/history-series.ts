import { canonicalJson } from './canonical-json';
/** A timestamp's instant, so '…+01:00' and the same instant in UTC are the same value; unparsable text keeps its text. */
function instant(dt: string): number | string {
  const ms = Date.parse(dt);
  return Number.isNaN(ms) ? dt : ms;
}

/** Orders two timestamps by instant, then by text (two spellings of one instant, or text that is no time). */
export function compareDt(a: string, b: string): number {
  const x = instant(a);
  const y = instant(b);
  if (typeof x === 'number' && typeof y === 'number' && x !== y) return x - y;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** JSON with object keys sorted and undefined/null fields alike, so a value read back from IndexedDB equals the pulled one. */
const canonical = (value: unknown): string => canonicalJson(value, { nullIsAbsent: true });

export interface MergedSeries<P> {
  /** The series after the pull, oldest first. */
  values: P[];
  /** Values added, changed or removed against the stored copy: 0 means the document need not be written. */
  written: number;
}

/**
 * The stored values of one series merged with what a pull returned. `from` is the start of the
 * window the request asked for: the server's answer is the whole truth from there on, so stored values in
 * the window that it no longer returns (deleted, moved) go, a re-pulled dt replaces the stored one, and
 * older stored values stay. Without `from` (a full pull) the series becomes exactly what the server returned.
 */
export function mergeSeries<P extends { dt: string }>(
  stored: readonly P[],
  pulled: readonly P[],
  from?: string,
): MergedSeries<P> {
  const kept = from === undefined ? [] : stored.filter((p) => compareDt(p.dt, from) < 0);
  // a pulled dt wins over a kept one at the same instant (the server's copy is the newer truth)
  const merged = new Map<number | string, P>();
  for (const p of kept) merged.set(instant(p.dt), p);
  for (const p of pulled) merged.set(instant(p.dt), p);
  const values = [...merged.values()].sort((a, b) => compareDt(a.dt, b.dt));

  const before = new Map(stored.map((p) => [instant(p.dt), canonical(p)]));
  let written = 0;
  for (const p of values) {
    const key = instant(p.dt);
    // a value the stored copy lacks is written whatever its content: no need to serialise it (a first pull)
    const storedCopy = before.get(key);
    if (storedCopy === undefined || storedCopy !== canonical(p)) written += 1;
    before.delete(key);
  }
  written += before.size;
  return { values, written };
}
