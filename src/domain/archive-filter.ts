import type { CompletedMeasureRound } from '../../schemas/api';
import { ARCHIVE_STATES, archiveState, type ArchiveState } from './decision-form';
import { DEFAULT_ZONE, isoWallTimeIn, toIsoDate } from './zoned-time';

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

type Filterable = Pick<
  CompletedMeasureRound,
  'mrName' | 'mrGroup' | 'submissionTime' | 'completionTime' | 'decision1Time' | 'userDecision1Required'
>;

/** The group a round is listed under: its group, else its name. */
export const archiveGroup = (r: Pick<CompletedMeasureRound, 'mrName' | 'mrGroup'>): string => r.mrGroup || r.mrName;

/** The day a round was submitted, in the office's zone (a round sent at 00:30 belongs to that day there). */
export function submissionDay(iso: string | null | undefined, zone = DEFAULT_ZONE): string | undefined {
  if (!iso) return undefined;
  // A text without an offset is a wall-clock time in the office's zone (Intl only: the archive route's search
  // validation loads with the first screen).
  const w = isoWallTimeIn(iso, zone, zone);
  return w ? toIsoDate(w) : undefined;
}

export function filterArchive<R extends Filterable>(
  rounds: readonly R[],
  filter: ArchiveFilter,
  zone = DEFAULT_ZONE,
): R[] {
  return rounds.filter((r) => {
    if (filter.group && archiveGroup(r) !== filter.group) return false;
    if (filter.state && archiveState(r) !== filter.state) return false;
    if (filter.from || filter.to) {
      const day = submissionDay(r.submissionTime, zone);
      if (!day) return false;
      if (filter.from && day < filter.from) return false;
      if (filter.to && day > filter.to) return false;
    }
    return true;
  });
}

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

/** §9 showArchiveImages: images are shown for rounds submitted within the most recent `days` days (0: none). */
export function archiveImagesShown(submissionTime: string | null | undefined, days: number, now: Date): boolean {
  if (!submissionTime || days <= 0) return false;
  const at = Date.parse(submissionTime);
  if (Number.isNaN(at)) return false;
  return now.getTime() - at <= days * 86_400_000;
}

/** /archive/report/{instanceIds}: ids separated by commas or plus signs, blanks and repeats dropped. */
export function parseInstanceIds(param: string): string[] {
  return [
    ...new Set(
      param
        .split(/[,+\s]+/)
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    ),
  ];
}
