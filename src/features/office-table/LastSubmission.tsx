import { Plural } from '@lingui/react/macro';
import { map } from 'rxjs';
import type { OfflineInstanceDoc } from '../../../schemas/db/offline-instance-doc';
import { useLocaleFormat } from '../../app/use-locale-format';
import { useDb } from '../../db/db-context';
import { useObservable } from '../../db/hooks';

/** The latest submission of this round and date that reached the server, live in every tab. */
export function LastSubmission({ mrId, date }: { mrId: string; date: string }) {
  const fmt = useLocaleFormat();
  const db = useDb();
  const last = useObservable<OfflineInstanceDoc | null>(
    () =>
      db.offlineInstances
        .findOne({ selector: { mrId, date, syncState: 'sent' }, sort: [{ updatedAt: 'desc' }] })
        .$.pipe(map((d) => (d ? d.toMutableJSON() : null))),
    null,
    [db, mrId, date],
  );
  if (!last) return null;
  const count = last.valueCount ?? 0;
  const time = fmt.epochTime(last.sentAt ?? last.updatedAt);
  return (
    <p data-testid="last-sent" className="text-sm text-green-800 dark:text-green-300">
      <Plural
        value={count}
        one={`Last submission: # value sent at ${time}.`}
        other={`Last submission: # values sent at ${time}.`}
      />
    </p>
  );
}
