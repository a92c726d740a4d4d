/**
 * Enter moves to the next reading of the round, whatever its widget: a value input or a choice (whose
 * chosen, else first, option takes the focus). Returns false at the last reading.
 */
export function focusNextReading(from: Element): boolean {
  const all = [...document.querySelectorAll<HTMLElement>('input[data-value-input]:not(:disabled), [role="radiogroup"][data-value-input]:not([aria-disabled])')];
  const current = all.findIndex((el) => el === from || el.contains(from));
  const next = all[current + 1];
  if (!next) return false;
  const target = next.getAttribute('role') === 'radiogroup' ? next.querySelector<HTMLElement>('[role="radio"][tabindex="0"]') : next;
  target?.focus();
  return target !== null && target !== undefined;
}
