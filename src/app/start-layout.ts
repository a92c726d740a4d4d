import { STORAGE_KEYS } from './storage-keys';

/**
 * Which start page this device shows: the office's (the rounds' hint right below the date) or the field's (its
 * stored tours first, mode 2). The first frame (src/first-frame/first-frame.js) reads it before any code has run, to
 * paint only what the start page will show in that place: with the field's layout, the hint comes below the stored
 * tours, and painted below the date it jumped down when the app took over. A display preference like the theme and
 * the language, kept in localStorage beside them, never a value the user entered.
 */
export const START_LAYOUT_KEY = STORAGE_KEYS.startLayout;

export type StartLayout = 'office' | 'field';

export function rememberStartLayout(layout: StartLayout): void {
  try {
    if (localStorage.getItem(START_LAYOUT_KEY) !== layout) localStorage.setItem(START_LAYOUT_KEY, layout);
  } catch {
    // storage blocked or full: the frame then paints the office's layout, as on a first visit
  }
}
