const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A hand-edited or stale ?date= falls back to no date instead of crashing the screen. */
export function parseDateSearch(search: Record<string, unknown>): { date?: string } {
  const date = search.date;
  return typeof date === 'string' && ISO_DATE.test(date) && !Number.isNaN(Date.parse(date)) ? { date } : {};
}

export function isIsoDate(value: string): boolean {
  return ISO_DATE.test(value) && !Number.isNaN(Date.parse(value));
}
