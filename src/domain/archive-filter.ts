import type { CompletedMeasureRound } from '../../schemas/api';
import type { ArchiveFilter } from './archive-search';
import { archiveState } from './decision-form';
import { DEFAULT_ZONE, isoWallTimeIn, toIsoDate } from './zoned-time';

type Filterable = Pick<
  CompletedMeasureRound,
  'mrName' | 'mrGroup' | 'submissionTime' | 'completionTime' | 'decision1Time' | 'userDecision1Required'
>;

/** The group a round is listed under: its group, else its name. */
export const archiveGroup = (r: Pick<CompletedMeasureRound, 'mrName' | 'mrGroup'>): string => r.mrGroup || r.mrName;

/** The day a round was submitted, in the office's zone (a round sent at 00:30 belongs to that day there). */
export function submissionDay(iso: string | null | undefined, zone = DEFAULT_ZONE): string | undefined {
  if (!iso) return undefined;
  // A text without an offset is a wall-clock time in the office's zone (Intl only, as everywhere on the client).
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
