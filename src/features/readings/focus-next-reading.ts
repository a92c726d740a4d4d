/** The main input of a reading: a value input or a choice group. */
export const READING_SELECTOR =
  'input[data-value-input]:not(:disabled), [role="radiogroup"][data-value-input]:not([aria-disabled])';

/**
 * Sent (bubbling, cancelable) from a reading before the focus moves on: a container that knows readings that
 * are not in the DOM (the table of a large round renders only the stations near the screen) moves the focus
 * itself and cancels the event.
 */
export const NEXT_READING_EVENT = 'next-reading';

/** Focuses a reading: an input itself, a choice group its chosen (else first) option. */
export function focusReading(reading: Element): boolean {
  const target =
    reading.getAttribute('role') === 'radiogroup'
      ? reading.querySelector<HTMLElement>('[role="radio"][tabindex="0"]')
      : reading;
  if (!(target instanceof HTMLElement)) return false;
  target.focus();
  return true;
}

/**
 * Enter moves to the next reading of the round, whatever its widget: a value input or a choice (whose
 * chosen, else first, option takes the focus). Returns false at the last reading.
 */
export function focusNextReading(from: Element): boolean {
  if (!from.dispatchEvent(new CustomEvent(NEXT_READING_EVENT, { bubbles: true, cancelable: true }))) return true;
  const all = [...document.querySelectorAll(READING_SELECTOR)];
  const next = all[all.findIndex((el) => el === from || el.contains(from)) + 1];
  return next !== undefined && focusReading(next);
}
