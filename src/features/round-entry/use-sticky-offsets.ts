import { useLayoutEffect } from 'react';

/**
 * The table's sticky parts stack under the sticky navbar: the submit bar at the navbar's height, the
 * column header under both. Their heights change (the navbar wraps on a phone, alerts open in the submit
 * bar), so they are measured and published as CSS variables instead of fixed offsets: a fixed `top-14`
 * let the submit bar slide under a two-line phone navbar, where a tap hit "Archiv".
 *
 * Measured only in the ResizeObserver's callback, which runs after the browser's own layout: measuring at
 * mount forced a synchronous layout of the whole table (1.3 s for 2,000 rows), and a variable is
 * set only when its value changed, since each set restyles everything under the root.
 */
export function useStickyOffsets(): void {
  useLayoutEffect(() => {
    const root = document.documentElement;
    const navbar = document.querySelector('body header');
    const submitBar = document.querySelector('[data-submit-bar]');
    const thead = document.querySelector('[data-station-table] thead');
    const set = (name: string, value: string) => {
      if (root.style.getPropertyValue(name) !== value) root.style.setProperty(name, value);
    };
    const update = () => {
      const nav = navbar?.getBoundingClientRect().height ?? 0;
      const bar = submitBar?.getBoundingClientRect().height ?? 0;
      const head = thead && getComputedStyle(thead).display !== 'none' ? thead.getBoundingClientRect().height : 0;
      set('--navbar-h', `${nav}px`);
      set('--submitbar-h', `${bar}px`);
      // keyboard focus scrolls a row into view below the sticky parts, not under them
      set('scroll-padding-top', `${nav + bar + head + 8}px`);
    };
    // the first callback comes right after the first layout, before that frame is painted
    const observer = new ResizeObserver(update);
    for (const el of [navbar, submitBar, thead]) if (el) observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.scrollPaddingTop = '';
    };
  }, []);
}
