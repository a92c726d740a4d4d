import { useEffect, useRef, useState } from 'react';
import type { ArchiveFilter } from '../../domain/archive-search';

/**
 * §2 "the view is kept alive when navigating away": what the archive list was showing (the rounds ticked for
 * the report and how far it was scrolled) lives in this module while the app runs, so opening one round and
 * coming back, by the back link, the browser's back or the navbar, finds the list as it was left.
 */
let lastFilter: ArchiveFilter = {};
let lastSelected: readonly string[] = [];

/**
 * The filters the list was last shown with. The route (src/routes/archive.tsx) brings a plain /archive back to them
 * within the navigation itself: restored after the list had mounted, they were lost now and then when the navbar's
 * link was followed on a busy machine (the list came back unfiltered).
 */
export function keptArchiveFilter(): ArchiveFilter {
  return lastFilter;
}

export function keepArchiveFilter(filter: ArchiveFilter): void {
  lastFilter = filter;
}
let lastScrollY = 0;

/** The ticked rounds, kept across visits. */
export function useKeptSelection(): [readonly string[], (update: (s: readonly string[]) => readonly string[]) => void] {
  const [selected, setSelected] = useState(lastSelected);
  useEffect(() => {
    lastSelected = selected;
  }, [selected]);
  return [selected, setSelected];
}

/**
 * Follows the page's scroll while the list is the current page and scrolls back there once its rows are
 * drawn (they come from the database after the first render, so the browser alone would land at the top).
 */
export function useKeptScroll(rowsDrawn: boolean, path: string): void {
  const restored = useRef(false);
  useEffect(() => {
    // the scroll events of leaving (the next page is shorter, the router resets to the top) are not the list's
    const onScroll = () => {
      if (window.location.pathname.endsWith(path)) lastScrollY = window.scrollY;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [path]);
  useEffect(() => {
    if (restored.current || !rowsDrawn) return;
    restored.current = true;
    if (lastScrollY > 0) window.scrollTo({ top: lastScrollY });
  }, [rowsDrawn]);
}
