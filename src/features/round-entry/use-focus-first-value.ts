import { useEffect, useRef, type RefObject } from 'react';
import { takeAppReload } from '../../app/app-reload';
import { READING_SELECTOR } from '../readings/focus-next-reading';

/**
 * The office starts typing at once (26 Tabs to the first value): once the table's stations are there, its first
 * value takes the focus. Only on a mouse-and-keyboard desktop (a phone would open its keyboard over the screen), only
 * while nothing else has the focus, not after an app reload (the user's own field comes back), and not once the user
 * has clicked or pressed a key since the table began to open: the stations come a moment later (rendered in the
 * background), and a focus taken then swallowed the user's next keys ("g h" typed into a value instead of going home).
 */
export function useFocusFirstValue(table: RefObject<HTMLElement | null>, hasStations: boolean): void {
  const userActed = useRef(false);
  useEffect(() => {
    const acted = () => {
      userActed.current = true;
    };
    document.addEventListener('pointerdown', acted, true);
    document.addEventListener('keydown', acted, true);
    return () => {
      document.removeEventListener('pointerdown', acted, true);
      document.removeEventListener('keydown', acted, true);
    };
  }, []);
  useEffect(() => {
    if (!hasStations || userActed.current || !window.matchMedia?.('(pointer: fine)').matches) return;
    if (document.activeElement !== document.body && document.activeElement !== null) return;
    if (takeAppReload(window.location.pathname)) return;
    const first = table.current?.querySelector(READING_SELECTOR);
    if (first instanceof HTMLElement) first.focus({ preventScroll: true });
  }, [hasStations, table]);
}
