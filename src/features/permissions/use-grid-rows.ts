import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useState, type RefObject } from 'react';
import type { GridCell } from './grid-keys';

/** A user's row before it was measured: the name, the permission count and the delete button (121 px measured). */
const ROW_ESTIMATE = 120;
/** Rows rendered beyond each edge of the box: arrow keys and Tab find the next user ready. */
const OVERSCAN = 6;

export interface GridRows {
  /** the user indexes to render, in order, each with the empty space to leave before it */
  rows: readonly { index: number; spaceBefore: number }[];
  /** the empty space after the last rendered row */
  spaceAfter: number;
  /** ref callback for a row's `<tr data-index>`: its real height replaces the estimate */
  measure: (element: Element | null) => void;
  /** the row of the focused checkbox stays rendered wherever the box is scrolled (focus is not lost) */
  focusedRow(row: number): void;
  /** focuses a checkbox, first scrolling its row into the box and rendering it when it is not there */
  focusCell(cell: GridCell): void;
}

const cellSelector = ({ row, col }: GridCell) => `input[data-row="${row}"][data-col="${col}"]`;

/**
 * Which user rows of the permission grid are in the DOM: an admin of a large fleet has hundreds of users, and
 * every row holds a checkbox per round and role. The grid scrolls inside its own box (`scroller`), below its
 * sticky header row (`head`), whose height is where the rows start.
 */
export function useGridRows(
  scroller: RefObject<HTMLElement | null>,
  head: RefObject<HTMLElement | null>,
  count: number,
): GridRows {
  const [headHeight, setHeadHeight] = useState(0);
  const [kept, setKept] = useState<number | undefined>();
  const [pending, setPending] = useState<GridCell | undefined>();

  useLayoutEffect(() => {
    const el = head.current;
    if (!el) return;
    const update = () => setHeadHeight(Math.round(el.getBoundingClientRect().height));
    update();
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => observer.disconnect();
  }, [head]);

  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = new Set(defaultRangeExtractor(range));
      for (const k of [kept, pending?.row]) if (k !== undefined && k < range.count) indexes.add(k);
      return [...indexes].sort((a, b) => a - b);
    },
    [kept, pending],
  );

  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_ESTIMATE,
    overscan: OVERSCAN,
    // the rows start below the header row, which also covers the top of the box while it scrolls
    scrollMargin: headHeight,
    scrollPaddingStart: headHeight,
    rangeExtractor,
  });

  const focusCell = useCallback(
    (cell: GridCell) => {
      const input = scroller.current?.querySelector<HTMLInputElement>(cellSelector(cell));
      if (input) {
        input.focus();
        return;
      }
      setPending(cell);
      virtualizer.scrollToIndex(cell.row, { align: 'auto' });
    },
    [scroller, virtualizer],
  );

  // the kept row may lie far from the others: each row gets the space left open before it
  let end = headHeight;
  const rows = virtualizer.getVirtualItems().map((item) => {
    const row = { index: item.index, spaceBefore: Math.max(0, item.start - end) };
    end = item.end;
    return row;
  });
  // the target row is rendered now: focus its checkbox (the browser scrolls it fully into view)
  useEffect(() => {
    if (!pending) return;
    const input = scroller.current?.querySelector<HTMLInputElement>(cellSelector(pending));
    if (!input) return;
    input.focus();
    setKept(pending.row);
    setPending(undefined);
  }, [pending, scroller, rows]);

  return {
    rows,
    spaceAfter: Math.max(0, virtualizer.getTotalSize() + headHeight - end),
    measure: virtualizer.measureElement,
    focusedRow: setKept,
    focusCell,
  };
}
