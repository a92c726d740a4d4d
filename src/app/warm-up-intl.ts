/**
 * The engine's first use of each Intl service sets up ICU's data for it: in a first visit's profile at 4× CPU the
 * first string collation took 40–65 ms inside the database's opening (RxDB sorts its schemas' keys with
 * `localeCompare`) and the first date format 40–66 ms inside the start page's first render (the browser's zone for
 * "today"), each lengthening a task that was long already. Asked here, each in a task of its own while the page
 * waits for its code and the database, they are paid in the gaps instead (Lighthouse's total blocking time).
 */
export function warmUpIntl(): void {
  setTimeout(() => {
    'a'.localeCompare('b');
    setTimeout(() => void Intl.DateTimeFormat().resolvedOptions().timeZone, 0);
  }, 0);
}
