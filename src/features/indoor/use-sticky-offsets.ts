import { useLayoutEffect } from 'react';

/**
 * The table's sticky parts stack under the sticky navbar: the submit bar at the navbar's height, the
 * column header under both. Their heights change (the navbar wraps on a phone, alerts open in the submit
 * bar), so they are measured and published as CSS variables instead of fixed offsets: a fixed `top-14`
 * let the submit bar slide under a two-line phone navbar, where a tap hit "Archiv".
 */
export function useStickyOffsets(): void {
  useLayoutEffect(() => {
    const root = document.documentElement;
    const navbar = document.querySelector('body header');
    const submitBar = document.querySelector('[data-submit-bar]');
    const thead = document.querySelector('[data-station-table] thead');
    const update = () => {
      const nav = navbar?.getBoundingClientRect().height ?? 0;
      const bar = submitBar?.getBoundingClientRect().height ?? 0;
      const head = thead && getComputedStyle(thead).display !== 'none' ? thead.getBoundingClientRect().height : 0;
      root.style.setProperty('--navbar-h', `${nav}px`);
      root.style.setProperty('--submitbar-h', `${bar}px`);
      // keyboard focus scrolls a row into view below the sticky parts, not under them
      root.style.scrollPaddingTop = `${nav + bar + head + 8}px`;
    };
    const observer = new ResizeObserver(update);
    for (const el of [navbar, submitBar, thead]) if (el) observer.observe(el);
    update();
    return () => {
      observer.disconnect();
      root.style.scrollPaddingTop = '';
    };
  }, []);
}
