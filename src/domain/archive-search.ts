// The archive route's search validation: loaded with the first screen (the router validates every route's
// search), so it stays apart from the archive's rules (decisions, plausibility) that only the archive page needs.

/** §4 lifecycle as the archive shows and filters it. */
export const ARCHIVE_STATES = ['submitted', 'awaitingDecision1', 'awaitingDecision2', 'completed'] as const;
export type ArchiveState = (typeof ARCHIVE_STATES)[number];

/** The archive's filters (§2 archive): group, a date range of the submission day and a lifecycle state. */
export interface ArchiveFilter {
  group?: string;
  /** YYYY-MM-DD, inclusive */
  from?: string;
  /** YYYY-MM-DD, inclusive */
  to?: string;
  state?: ArchiveState;
  /** Only rounds awaiting this user's decision (applied by the list, which knows the user's roles). */
  mine?: true;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A hand-edited or stale URL falls back to no filter instead of an error (route search validation). */
export function parseArchiveFilter(search: Record<string, unknown>): ArchiveFilter {
  const out: ArchiveFilter = {};
  if (typeof search.group === 'string' && search.group !== '') out.group = search.group;
  if (typeof search.from === 'string' && ISO_DATE.test(search.from)) out.from = search.from;
  if (typeof search.to === 'string' && ISO_DATE.test(search.to)) out.to = search.to;
  if (typeof search.state === 'string' && (ARCHIVE_STATES as readonly string[]).includes(search.state))
    out.state = search.state as ArchiveState;
  if (search.mine === true || search.mine === 'true') out.mine = true;
  return out;
}
