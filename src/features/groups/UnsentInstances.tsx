import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { OfflineInstanceDoc } from '../../../schemas/db/offline-instance-doc';
import { useLocaleFormat } from '../../app/use-locale-format';
import { useDataOwner } from '../../db/data-owner';
import { useDb } from '../../db/db-context';
import { instanceVisibleTo, ownerOf } from '../../domain/data-owner';
import { instanceRoute } from '../../domain/instance-route';
import { useObservable } from '../../db/hooks';
import { Alert } from '../../ui/Alert';
import { SyncBadge } from '../../app/SyncBadge';
import { DeleteInstanceButton } from './DeleteInstanceButton';
import { DeleteInstanceDialog } from './DeleteInstanceDialog';
import { typedInstanceIds$ } from '../../db/unsent-rounds';

const NONE_TYPED: ReadonlySet<string> = new Set();

/** Rounds in progress on this device that have not reached the server yet; draft or failed ones can be deleted. Stored outdoor rounds have their own list (StoredTours). */
export function UnsentInstances() {
  const { t } = useLingui();
  const db = useDb();
  const fmt = useLocaleFormat();
  const [deleting, setDeleting] = useState<OfflineInstanceDoc | null>(null);
  const [deletedName, setDeletedName] = useState<string | null>(null);
  const user = useDataOwner();
  // another user's unsent rounds on a shared device are theirs: not listed; they wait for their login
  const instances = useObservable(
    () =>
      db.offlineInstances.find({
        selector: { syncState: { $ne: 'sent' }, mode: { $ne: 'outdoor' } },
        sort: [{ updatedAt: 'desc' }],
      }).$,
    [],
    [db],
  ).filter((i) => instanceVisibleTo(ownerOf(i.toJSON()), user));
  const ids = instances.map((i) => i.instanceId).join('|');
  const filled = useObservable(() => typedInstanceIds$(db, ids ? ids.split('|') : []), NONE_TYPED, [db, ids]);
  const withData = instances.filter((i) => filled.has(i.instanceId));
  const deletedAlert = deletedName && (
    <Alert type="success" testId="instance-deleted" onClose={() => setDeletedName(null)} closeLabel={t`Close`}>
      <Trans>The round {deletedName} was deleted from this device.</Trans>
    </Alert>
  );
  if (withData.length === 0) return deletedAlert || null;
  return (
    <section aria-labelledby="unsent-heading" className="rounded border border-amber-400 p-3">
      <h2 id="unsent-heading" className="text-lg font-semibold">
        <Trans>Not yet sent from this device</Trans>
      </h2>
      {deletedAlert}
      <ul className="mt-2 space-y-1" aria-label={t`Unsent rounds`}>
        {withData.map((i) => {
          const name = i.mrName;
          const date = fmt.date(i.date);
          return (
            <li key={i.instanceId} className="flex flex-wrap items-center gap-2">
              <Link {...instanceRoute(i)} className="text-sky-700 underline dark:text-sky-300">
                {name} · {date}
              </Link>
              <SyncBadge state={i.syncState} correction={i.corrects !== undefined} />
              <DeleteInstanceButton
                instance={i.toMutableJSON()}
                name={name}
                date={date}
                onClick={() => setDeleting(i.toMutableJSON())}
              />
            </li>
          );
        })}
      </ul>
      {deleting && (
        <DeleteInstanceDialog
          instance={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={(n) => {
            setDeleting(null);
            setDeletedName(n);
          }}
        />
      )}
    </section>
  );
}
