import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { focusReading, NEXT_READING_EVENT, READING_SELECTOR } from '../readings/focus-next-reading';
import { useGoToEntry, type EntryTarget } from '../readings/go-to-entry';
import { TABLE_COLUMNS, tableMove, type TableColumn } from './table-keys';
import type { StationWindow } from './use-station-window';

const FOCUSABLE =
  'input:not([type=hidden]):not(:disabled), select:not(:disabled), textarea:not(:disabled), button:not(:disabled)';
const TABBABLE = `${FOCUSABLE}, a[href], [tabindex]:not([tabindex="-1"])`;

/** Tries to focus something in a station block; false when it has nothing to take the focus. */
type FocusIn = (block: HTMLElement) => boolean;

function focusCell(container: Element | null | undefined, column: TableColumn): boolean {
  const el = container?.querySelector<HTMLElement>(`[data-col="${column}"] :is(${FOCUSABLE})`);
  if (!el) return false;
  el.focus();
  if (el instanceof HTMLInputElement && el.type === 'text') el.select();
  return true;
}

/** The elements Tab stops at inside a block, in order (hidden ones, e.g. phone-only labels, are skipped). */
function tabbables(block: Element): HTMLElement[] {
  return [...block.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (el) => el.tabIndex >= 0 && el.getClientRects().length > 0,
  );
}

function blockOf(el: EventTarget | Element | null): HTMLElement | null {
  return el instanceof Element ? el.closest<HTMLElement>('tbody[data-index]') : null;
}

function indexOf(block: HTMLElement | null): number | null {
  return block ? Number(block.dataset.index) : null;
}

/** The first reading of a block from its start (delta 1) or its end (delta -1). */
function focusReadingFrom(delta: -1 | 1): FocusIn {
  return (block) => {
    const readings = [...block.querySelectorAll(READING_SELECTOR)];
    const reading = delta > 0 ? readings[0] : readings.at(-1);
    return reading !== undefined && focusReading(reading);
  };
}

/**
 * The table's keyboard model over station blocks of which only some may be rendered:
 * arrows between cells and entries, Enter to the next reading, F7/F8 between stations, Tab across stations.
 * A move into a station that is not in the DOM asks the window to render it and focuses it right after;
 * the focused station stays rendered wherever the page is scrolled, so typing never loses its field.
 */
export function useTableKeyboard(
  table: RefObject<HTMLTableElement | null>,
  stationWindow: StationWindow,
  count: number,
  stationIndexOf?: (target: EntryTarget) => number,
): (e: KeyboardEvent<HTMLTableElement>) => void {
  const [focused, setFocused] = useState<number | null>(null);
  const [target, setTarget] = useState<number | null>(null);
  const pending = useRef<{ index: number; delta: -1 | 1; focus: FocusIn } | null>(null);
  const { keep } = stationWindow;

  useEffect(() => keep([focused, target]), [keep, focused, target]);

  /** Focuses the first station from `index` on (in the direction of delta) that has something to focus. */
  const focusStation = useCallback(
    (index: number, delta: -1 | 1, focus: FocusIn): boolean => {
      for (let i = index; i >= 0 && i < count; i += delta) {
        const block = table.current?.querySelector<HTMLElement>(`tbody[data-index="${i}"]`);
        if (!block) {
          pending.current = { index: i, delta, focus };
          setTarget(i);
          return true;
        }
        if (focus(block)) return true;
      }
      return false;
    },
    [count, table],
  );

  // the station asked for is rendered now: focus it (the browser scrolls it into view), or go on past it
  useLayoutEffect(() => {
    const request = pending.current;
    if (!request) return;
    const block = table.current?.querySelector<HTMLElement>(`tbody[data-index="${request.index}"]`);
    if (!block) return;
    pending.current = null;
    if (!request.focus(block)) focusStation(request.index + request.delta, request.delta, request.focus);
  });

  useEffect(() => {
    const el = table.current;
    if (!el) return;
    const onFocusIn = (e: FocusEvent) => {
      setFocused(indexOf(blockOf(e.target)));
      setTarget(null);
    };
    const onFocusOut = (e: FocusEvent) => {
      if (!(e.relatedTarget instanceof Node) || !el.contains(e.relatedTarget)) setFocused(null);
    };
    // Enter (or the keypad's "next") after the last reading of a station goes on in the next station
    const onNextReading = (e: Event) => {
      const block = blockOf(e.target);
      const from = e.target instanceof Element ? e.target : null;
      if (!block || !from) return;
      const readings = [...block.querySelectorAll(READING_SELECTOR)];
      const next = readings[readings.findIndex((r) => r === from || r.contains(from)) + 1];
      if (next ? focusReading(next) : focusStation(Number(block.dataset.index) + 1, 1, focusReadingFrom(1)))
        e.preventDefault();
    };
    el.addEventListener('focusin', onFocusIn);
    el.addEventListener('focusout', onFocusOut);
    el.addEventListener(NEXT_READING_EVENT, onNextReading);
    return () => {
      el.removeEventListener('focusin', onFocusIn);
      el.removeEventListener('focusout', onFocusOut);
      el.removeEventListener(NEXT_READING_EVENT, onNextReading);
    };
  }, [table, focusStation]);

  // a link in a prompt or an error list: render the entry's station, focus its value, centre it
  const onGoToEntry = useCallback(
    (target: EntryTarget) => {
      const index = stationIndexOf?.(target) ?? -1;
      if (index < 0) return;
      focusStation(index, 1, (block) => {
        const row = target.tsId ? block.querySelector(`tr[data-tsid="${CSS.escape(target.tsId)}"]`) : null;
        const reading = (row ?? block).querySelector(READING_SELECTOR) ?? block.querySelector(READING_SELECTOR);
        if (!reading || !focusReading(reading)) return false;
        reading.scrollIntoView({ block: 'center' });
        return true;
      });
    },
    [stationIndexOf, focusStation],
  );
  useGoToEntry(onGoToEntry);

  // F7/F8 work from anywhere on the screen, also from a button or the page itself
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if ((e.key !== 'F7' && e.key !== 'F8') || e.altKey || e.ctrlKey || e.metaKey || !table.current) return;
      e.preventDefault();
      const delta = e.key === 'F7' ? -1 : 1;
      // a station asked for but not drawn yet counts as the current one: F8 held down (or pressed quickly) on a slow
      // phone moves one station a press, not from the field that still has the focus (a failed run on 6 Dec)
      const current = pending.current?.index ?? indexOf(blockOf(document.activeElement));
      focusStation(current === null ? (delta > 0 ? 0 : count - 1) : current + delta, delta, (b) =>
        focusCell(b, 'value'),
      );
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [table, count, focusStation]);

  const windowed = stationWindow.windowed;
  return useCallback(
    (e: KeyboardEvent<HTMLTableElement>) => {
      if (e.defaultPrevented) return;
      const block = blockOf(e.target);
      const index = indexOf(block);
      if (!block || index === null) return;
      // Tab past a station's edge: the next station may not be in the DOM yet (a small round's DOM order is right)
      if (e.key === 'Tab' && windowed && !e.altKey && !e.ctrlKey && !e.metaKey) {
        const stops = tabbables(block);
        const edge = e.shiftKey ? stops[0] : stops.at(-1);
        const delta = e.shiftKey ? -1 : 1;
        const focusEdge: FocusIn = (b) => {
          const next = delta > 0 ? tabbables(b)[0] : tabbables(b).at(-1);
          next?.focus();
          return next !== undefined;
        };
        if (edge === e.target && focusStation(index + delta, delta, focusEdge)) e.preventDefault();
        return;
      }
      const input = e.target;
      if (
        !(input instanceof HTMLInputElement) ||
        input.type !== 'text' ||
        input.getAttribute('aria-expanded') === 'true'
      )
        return;
      const column = input.closest<HTMLElement>('[data-col]')?.dataset.col as TableColumn | undefined;
      const row = input.closest('tr[data-tsid]');
      if (!column || !row) return;
      const move = tableMove(
        e.key,
        { start: input.selectionStart, end: input.selectionEnd, length: input.value.length },
        { alt: e.altKey, ctrl: e.ctrlKey, meta: e.metaKey, shift: e.shiftKey },
      );
      if (!move || move.kind === 'station') return;
      if (move.kind === 'row') {
        const rows = [...block.querySelectorAll('tr[data-tsid]')];
        for (let i = rows.indexOf(row) + move.delta; i >= 0 && i < rows.length; i += move.delta) {
          if (focusCell(rows[i], column)) {
            e.preventDefault();
            return;
          }
        }
        const fromEdge: FocusIn = (b) => {
          const others = [...b.querySelectorAll('tr[data-tsid]')];
          if (move.delta < 0) others.reverse();
          return others.some((r) => focusCell(r, column));
        };
        if (focusStation(index + move.delta, move.delta, fromEdge)) e.preventDefault();
        return;
      }
      for (let c = TABLE_COLUMNS.indexOf(column) + move.delta; c >= 0 && c < TABLE_COLUMNS.length; c += move.delta) {
        const next = TABLE_COLUMNS[c];
        if (next && focusCell(row, next)) {
          e.preventDefault();
          return;
        }
      }
    },
    [windowed, focusStation],
  );
}
