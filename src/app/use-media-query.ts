import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, following changes (a rotated phone, a resized window). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (cb) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', cb);
      return () => list.removeEventListener('change', cb);
    },
    () => window.matchMedia(query).matches,
    () => true,
  );
}
