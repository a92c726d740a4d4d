import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { CompletedRoundDoc } from '../../../schemas/db/completed-round-doc';
import { useLocaleFormat } from '../../app/use-locale-format';
import { useDb } from '../../db/db-context';
import { useObservable } from '../../db/hooks';

/**
 * a correction is never silent. A corrected round says when and by whom it was corrected (and links
 * the correction); a correction names the round it corrects. Both come from the server's 'corrections' extension.
 */
export function CorrectionNote({ round }: { round: Pick<CompletedRoundDoc, 'corrects' | 'correctedBy'> }) {
  const fmt = useLocaleFormat();
  const by = round.correctedBy;
  if (!by && !round.corrects) return null;
  return (
    <div className="space-y-1 rounded border border-violet-300 bg-violet-50 p-2 text-sm text-violet-950 dark:border-violet-700 dark:bg-violet-950 dark:text-violet-100">
      {by && (
        <p data-testid="corrected-by">
          <Trans>
            Corrected on {fmt.dateTime(by.time)} by {by.user}:{' '}
            <Link to="/archive/$instanceId" params={{ instanceId: by.instanceId }} className="underline">
              show the correction
            </Link>
          </Trans>
        </p>
      )}
      {round.corrects && (
        <p data-testid="correction-of">
          <Trans>
            Correction of{' '}
            <Link to="/archive/$instanceId" params={{ instanceId: round.corrects }} className="underline">
              the round submitted before
            </Link>
          </Trans>
        </p>
      )}
    </div>
  );
}

/** The values of the correction of a round (tsId|dt → value), when the archive on this device holds it. */
export function useCorrectedValues(
  round: Pick<CompletedRoundDoc, 'correctedBy'>,
): ReadonlyMap<string, number | null | undefined> {
  const db = useDb();
  const id = round.correctedBy?.instanceId;
  return (
    useObservable(() => (id ? db.completedRounds.findOne(id).$ : undefined), null, [db, id])?.entries.reduce(
      (m, e) => m.set(`${e.tsId}|${e.dt ? Date.parse(e.dt) : ''}`, e.value),
      new Map<string, number | null | undefined>(),
    ) ?? new Map()
  );
}
