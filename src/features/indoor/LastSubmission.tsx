import { Trans, useLingui } from '@lingui/react/macro';
import { map } from 'rxjs';
import type { OfflineInstanceDoc } from '../../../schemas/db/offline-instance-doc';
import { useDb } from '../../db/db-context';
import { useObservable } from '../../db/hooks';

/** The latest submission of this round and date that reached the server, live in every tab. */
export function LastSubmission({ mrId, date }: { mrId: string; date: string }) {
  const { i18n } = useLingui();
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
  const time = i18n.date(new Date(last.sentAt ?? last.updatedAt), { timeStyle: 'short' });
  return (
    <p data-testid="last-sent" className="text-sm text-green-800 dark:text-green-300">
      <Trans>
        Last submission: {count} values sent at {time}.
      </Trans>
    </p>
  );
}
