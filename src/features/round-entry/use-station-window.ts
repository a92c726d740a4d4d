import { defaultRangeExtractor, useWindowVirtualizer, type Range, type Virtualizer } from '@tanstack/react-virtual';
import {
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type RefObject,
} from 'react';
import { flushSync } from 'react-dom';
import type { Density } from './use-density';

/**
 * Above this many entries only the stations near the screen are in the DOM: a 2,000-entry round
 * took 5 s to open and every keystroke re-laid out the whole table. Smaller rounds keep every row, so the
 * browser's find in page sees them all.
 */
export const WINDOWED_ABOVE_ENTRIES = 200;

/**
 * A small round's first render holds the stations of about this many entries, a desktop screen's worth; a phone's
 * first render holds fewer (`FIRST_RENDER_ENTRIES_PHONE`, a screen of cards and some). All of a 60-entry round in one
 * render was the longest task of a first visit (120 ms at 4× CPU), and the first screen waited for rows no one could
 * see yet.
 */
export const FIRST_RENDER_ENTRIES = 24;
export const FIRST_RENDER_ENTRIES_PHONE = 8;

/**
 * The stations after the first render follow in renders of about this many entries, each after the browser painted
 * the one before, so no render and its style, layout and paint make a long task. The dam's 36 entries after its
 * first render, in one render, made a frame of 140 ms at 4× slower CPU on a phone (traced), and Lighthouse counted
 * 160–235 ms of blocking on the table's first visit; in renders of 4 entries, 49–62 ms (docs/benchmarks.md).
 */
export const LATER_RENDER_ENTRIES = 4;

/**
 * How many stations from the top make up the stations rendered: after the `from` first ones, whole stations up to
 * `entries` more entries, at least one (while any is left).
 */
export function stationsUpTo(entryCounts: readonly number[], from: number, entries: number): number {
  let sum = 0;
  for (let i = from; i < entryCounts.length; i++) {
    sum += entryCounts[i] ?? 0;
    if (sum >= entries) return i + 1;
  }
  return entryCounts.length;
}

/** How many stations from the top make up the first render: whole stations up to the entries above, at least one. */
export function firstRenderStations(entryCounts: readonly number[], entries = FIRST_RENDER_ENTRIES): number {
  return stationsUpTo(entryCounts, 0, entries);
}

/** Below this width the table shows each entry as a card (Tailwind's `max-lg`). */
const PHONE_QUERY = '(max-width: 991.98px)';

/** The query's list, made once: the table asks on every render (each scroll), and a list's `matches` stays current. */
let phoneList: { of: typeof globalThis.matchMedia | undefined; list: Partial<MediaQueryList> | undefined } | undefined;
function phoneQuery(): Partial<MediaQueryList> | undefined {
  // made anew when the page's matchMedia is another one (the unit tests' stand-ins)
  if (phoneList?.of !== globalThis.matchMedia)
    phoneList = { of: globalThis.matchMedia, list: globalThis.matchMedia?.(PHONE_QUERY) };
  return phoneList.list;
}

function isPhone(): boolean {
  return phoneQuery()?.matches ?? false;
}

function onPhoneChange(changed: () => void): () => void {
  const list = phoneQuery();
  // the stand-ins of the unit tests have no listeners
  list?.addEventListener?.('change', changed);
  return () => list?.removeEventListener?.('change', changed);
}

/** Whether the table shows cards now, following a rotated tablet or a resized window. */
function usePhoneLayout(): boolean {
  return useSyncExternalStore(onPhoneChange, isPhone, () => false);
}

/** Runs `fn` once the browser painted what is committed now (at once in a hidden page, which paints nothing). */
function afterPaint(fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (typeof requestAnimationFrame === 'undefined' || document.visibilityState === 'hidden') {
    timer = setTimeout(fn, 0);
    return () => clearTimeout(timer);
  }
  // the frame's callback runs before its style and layout: the timer after it runs once the frame is done
  const frame = requestAnimationFrame(() => (timer = setTimeout(fn, 0)));
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * How many stations of a small round are rendered: the first screen's, then more after each paint until all are;
 * once all are shown (or `all`), all of them, also when stations are added. At least `atLeast`: a station the
 * keyboard or a link moves to is rendered at once, not when the steps reach it.
 */
function useShownStations(entryCounts: readonly number[], all: boolean, atLeast: number): number {
  const total = entryCounts.length;
  const [shown, setShown] = useState<number | 'all'>(0);
  const first = useMemo(
    () => firstRenderStations(entryCounts, isPhone() ? FIRST_RENDER_ENTRIES_PHONE : FIRST_RENDER_ENTRIES),
    [entryCounts],
  );
  const current = all || shown === 'all' ? total : Math.min(total, Math.max(shown, first, atLeast));
  useEffect(() => {
    if (all || shown === 'all' || total === 0) return;
    const next = stationsUpTo(entryCounts, current, LATER_RENDER_ENTRIES);
    // a transition, so React may render them in slices between the user's input and paints
    return afterPaint(() => startTransition(() => setShown(next >= total ? 'all' : next)));
  }, [all, shown, total, current, entryCounts]);
  return current;
}

/**
 * Stations rendered beyond the screen's edge on each side: Tab, arrows and a fast flick find them ready. Two, not
 * four: every frame lays out, paints and layers every rendered block, so at 4× slower CPU a key's frame and its
 * saved mark came 10–35 ms later with four (docs/benchmarks.md, 7 Dec 15:40).
 */
const OVERSCAN = 2;

/** A first guess of an entry's height in a station block before it was measured (phone cards are much taller). */
function entryHeight(density: Density, phone: boolean): number {
  return phone ? 250 : density === 'compact' ? 34 : 72;
}

const measureNothing = () => undefined;

/** How far the sticky navbar, submit bar and column header reach down the screen (set by `useStickyOffsets`). */
function stickyInset(): number {
  return parseFloat(document.documentElement.style.scrollPaddingTop) || 0;
}

/**
 * The block's height plus its bottom margin (the gap between phone cards), so the spacers add up. Read from the
 * ResizeObserver's entry, which comes after the browser laid the page out. react-virtual also asks when a block is
 * added (no entry, in the middle of React's commit): reading the height there forced a style and layout of the whole
 * table before React was done (about 90 ms of a navigation at 4× CPU, docs/benchmarks.md); the size known so far is
 * the answer then, and the observer's first entry, before the frame is painted, brings the real one.
 */
function measureBlock(
  element: Element,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<Window, Element>,
): number {
  const known = entry ? undefined : instance.measurementsCache[instance.indexFromElement(element)]?.size;
  if (known !== undefined) return known;
  const margin = Number.parseFloat(getComputedStyle(element).marginBottom) || 0;
  const height = entry?.borderBoxSize[0]?.blockSize ?? element.getBoundingClientRect().height;
  return Math.round(height + margin);
}

/**
 * Printing (Ctrl+P, "print before saving") prints the table as the page holds it: every station is rendered
 * before the browser lays the page out for print. flushSync, since the browser does not wait for React.
 */
function usePrinting(): boolean {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);
  return printing;
}

export interface StationWindow {
  /** false: every station is rendered (small rounds) */
  windowed: boolean;
  /** the station indexes to render, in order, each with the empty space to leave before it */
  blocks: { index: number; spaceBefore: number }[];
  /** the empty space after the last rendered station */
  spaceAfter: number;
  /** ref callback for a station's `<tbody data-index>`: its real height replaces the guess */
  measure: (element: Element | null) => void;
  /** keeps these stations rendered wherever the page is scrolled (the focused one, one about to be focused) */
  keep: (indexes: readonly (number | null)[]) => void;
  /** a small round's stations are still being added after the first screen's (the table is `aria-busy` meanwhile) */
  filling: boolean;
}

/**
 * Which station blocks of the table are in the DOM. The page itself scrolls (sticky navbar and submit bar),
 * so the window is the browser's; the table's distance from the top of the document is measured after every
 * layout change above it.
 */
export function useStationWindow(
  table: RefObject<HTMLTableElement | null>,
  entryCounts: readonly number[],
  density: Density,
): StationWindow {
  const printing = usePrinting();
  const windowed = !printing && entryCounts.reduce((a, b) => a + b, 0) > WINDOWED_ABOVE_ENTRIES;
  const [kept, setKept] = useState<readonly number[]>([]);
  // a windowed table renders only what is near the screen anyway: no renders in steps for it
  const shown = useShownStations(entryCounts, printing || windowed, Math.max(0, ...kept.map((k) => k + 1)));
  const [scrollMargin, setScrollMargin] = useState(0);

  useLayoutEffect(() => {
    if (!windowed) return;
    const body = table.current?.querySelector('tbody[data-list-start]');
    if (!body) return;
    const update = () => {
      const top = Math.round(body.getBoundingClientRect().top + window.scrollY);
      setScrollMargin((old) => (Math.abs(old - top) > 1 ? top : old));
    };
    update();
    // whatever grows above the table (an alert, the submit bar's messages) moves the list's start
    const observer = new ResizeObserver(update);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [windowed, table]);

  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = new Set(defaultRangeExtractor(range));
      for (const k of kept) if (k < range.count) indexes.add(k);
      return [...indexes].sort((a, b) => a - b);
    },
    [kept],
  );

  // asked once per layout change, not for each of 400 stations every time a row's height changes
  const phone = usePhoneLayout();
  const perEntry = useMemo(() => entryHeight(density, phone), [density, phone]);
  const estimateSize = useCallback((i: number) => 8 + (entryCounts[i] ?? 1) * perEntry, [entryCounts, perEntry]);
  const virtualizer = useWindowVirtualizer({
    count: windowed ? entryCounts.length : 0,
    // a small round renders every station and need not follow the scrolling at all
    enabled: windowed,
    estimateSize,
    overscan: OVERSCAN,
    scrollMargin,
    rangeExtractor,
    measureElement: measureBlock,
    // a station scrolled to starts below the sticky navbar, submit bar and column header
    scrollPaddingStart: windowed ? stickyInset() : 0,
  });
  // Cards and rows differ several times in height: a station measured in the other layout is a guess no more, and the
  // page's height would follow the old sizes of every station not in view. New guesses move the stations, so the
  // station at the top of the screen is scrolled back to the top.
  const measuredAsPhone = useRef(phone);
  useLayoutEffect(() => {
    if (measuredAsPhone.current === phone) return;
    measuredAsPhone.current = phone;
    if (!windowed) return;
    const top = window.scrollY + stickyInset();
    const anchor = virtualizer.getVirtualItems().find((item) => item.end > top);
    virtualizer.measure();
    if (anchor) virtualizer.scrollToIndex(anchor.index, { align: 'start' });
  }, [phone, windowed, virtualizer]);

  const keep = useCallback((indexes: readonly (number | null)[]) => {
    const next = indexes.filter((i): i is number => i !== null);
    setKept((old) => (old.length === next.length && old.every((x, i) => x === next[i]) ? old : next));
  }, []);

  if (!windowed) {
    return {
      windowed,
      blocks: entryCounts.slice(0, shown).map((_, index) => ({ index, spaceBefore: 0 })),
      spaceAfter: 0,
      measure: measureNothing,
      keep,
      filling: shown < entryCounts.length,
    };
  }
  let end = scrollMargin;
  const blocks = virtualizer.getVirtualItems().map((item) => {
    const block = { index: item.index, spaceBefore: Math.max(0, item.start - end) };
    end = item.end;
    return block;
  });
  const spaceAfter = Math.max(0, virtualizer.getTotalSize() + scrollMargin - end);
  return { windowed, blocks, spaceAfter, measure: virtualizer.measureElement, keep, filling: false };
}
