import { Plural, Trans } from '@lingui/react/macro';
import { map } from 'rxjs';
import type { OfflineInstanceDoc } from '../../../schemas/db/offline-instance-doc';
import { useLocaleFormat } from '../../app/use-locale-format';
import { useDb } from '../../db/db-context';
import { useObservable } from '../../db/hooks';
import { usePhotoCount } from '../../db/photo-count';
import { submissionSummary } from '../../domain/round-instance';

/**
 * What the server holds of this round and date, from the local database (also after a restart), live in every
 * tab: the table's own instance when it was sent or is being corrected, else the latest submission of the round
 * and date that reached the server (an earlier round beside a new one being typed).
 */
export function LastSubmission({
  mrId,
  date,
  instance,
}: {
  mrId: string;
  date: string;
  instance: OfflineInstanceDoc | null | undefined;
}) {
  const fmt = useLocaleFormat();
  const db = useDb();
  const latestSent = useObservable<OfflineInstanceDoc | null>(
    () =>
      db.offlineInstances
        .findOne({ selector: { mrId, date, syncState: 'sent' }, sort: [{ updatedAt: 'desc' }] })
        .$.pipe(map((d) => (d ? d.toMutableJSON() : null))),
    null,
    [db, mrId, date],
  );
  const own = instance && (instance.syncState === 'sent' || instance.corrects !== undefined) ? instance : null;
  const shown = own ?? latestSent;
  const photosSent = usePhotoCount(db, shown?.instanceId, true);
  // The line waits for its own round's photo count: shown before the photos were read, it said "2 values sent"
  // without the photo sent with them, less than the device holds (sent-round.e2e).
  if (!shown || photosSent === undefined) return null;
  const summary = submissionSummary(shown, photosSent);
  if (!summary) return null;
  const time = summary.at !== undefined ? fmt.epochTime(summary.at) : '';
  if (summary.kind === 'correction-waiting')
    return (
      <p data-testid="last-sent" className="text-sm text-amber-800 dark:text-amber-300">
        {summary.at !== undefined ? (
          <Trans>Last submission: values sent at {time}. A correction of it waits to be sent.</Trans>
        ) : (
          <Trans>A correction of the values sent before waits to be sent.</Trans>
        )}
      </p>
    );
  const { values: count, photos } = summary;
  return (
    <p data-testid="last-sent" className="text-sm text-green-800 dark:text-green-300">
      <Plural
        value={count}
        one={`Last submission: # value sent at ${time}.`}
        other={`Last submission: # values sent at ${time}.`}
      />
      {photos > 0 && (
        <>
          {' '}
          <Plural value={photos} one="With # photo." other="With # photos." />
        </>
      )}
    </p>
  );
}
