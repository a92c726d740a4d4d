/** The parts of window that printing needs, so the helper can be tested without a browser. */
export interface PrintTarget {
  print(): void;
  document: { title: string };
}

/**
 * Prints the current screen (the table, laid out for A4 by the @media print rules in index.css) before a
 * submission (/config: print before saving). Chromium and Firefox block in print() until the dialog is
 * closed; Safari returns at once and prints what the page shows then, which is the same. Printing never
 * blocks or fails a submission. The document title is the default file name of "save as PDF", so it
 * names round and date meanwhile.
 */
export function printRound(options: { title?: string } = {}, target: PrintTarget = window): void {
  const previousTitle = target.document.title;
  if (options.title) target.document.title = options.title;
  try {
    target.print();
  } catch (e) {
    console.warn('printing failed; the submission goes on', e);
  } finally {
    target.document.title = previousTitle;
  }
}
