/** The parts of window that printing needs, so the helper can be tested without a browser. */
export interface PrintTarget {
  print(): void;
  addEventListener(type: 'afterprint', listener: () => void): void;
  removeEventListener(type: 'afterprint', listener: () => void): void;
  document: { title: string };
}

/** After this long without an afterprint event the submission goes on anyway: printing must never block it. */
export const PRINT_WAIT_MS = 60_000;

/**
 * Prints the current screen (the table, laid out for A4 by the @media print rules in index.css) before a
 * submission (/config: print before saving). Resolves once the print dialog is closed, printed or not.
 * The document title is the default file name of "save as PDF", so it names round and date meanwhile.
 */
export function printRound(options: { title?: string } = {}, target: PrintTarget = window): Promise<void> {
  const previousTitle = target.document.title;
  if (options.title) target.document.title = options.title;
  return new Promise<void>((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      target.removeEventListener('afterprint', finish);
      target.document.title = previousTitle;
      resolve();
    };
    const timer = setTimeout(finish, PRINT_WAIT_MS);
    target.addEventListener('afterprint', finish);
    try {
      // Blocks until the dialog closes in Chromium and Firefox; Safari returns at once and fires afterprint.
      target.print();
    } catch (e) {
      console.warn('printing failed; the submission goes on', e);
      finish();
    }
  });
}
