import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useDb } from '../../db/db-context';
import { useObservable } from '../../db/hooks';
import { SyncBadge } from '../indoor/SyncBadge';

/** Rounds in progress on this device that have not reached the server yet. */
export function UnsentInstances() {
  const { t } = useLingui();
  const db = useDb();
  const instances = useObservable(
    () => db.offlineInstances.find({ selector: { syncState: { $ne: 'sent' } }, sort: [{ updatedAt: 'desc' }] }).$,
    [],
    [db],
  );
  const ids = instances.map((i) => i.instanceId).join('|');
  const withDrafts = useObservable(
    () => db.drafts.find({ selector: { instanceId: { $in: ids ? ids.split('|') : [] } } }).$,
    [],
    [db, ids],
  );
  const filled = new Set(withDrafts.filter((d) => (d.text ?? '') !== '' || (d.remark ?? '') !== '').map((d) => d.instanceId));
  const withData = instances.filter((i) => filled.has(i.instanceId));
  if (withData.length === 0) return null;
  return (
    <section aria-labelledby="unsent-heading" className="rounded border border-amber-400 p-3">
      <h2 id="unsent-heading" className="text-lg font-semibold">
        <Trans>Not yet sent from this device</Trans>
      </h2>
      <ul className="mt-2 space-y-1" aria-label={t`Unsent rounds`}>
        {withData.map((i) => (
          <li key={i.instanceId} className="flex flex-wrap items-center gap-2">
            <Link to="/stations/$group/$date" params={{ group: i.mrName, date: i.date }} className="text-sky-700 underline dark:text-sky-300">
              {i.mrName} · {i.date}
            </Link>
            <SyncBadge state={i.syncState} />
          </li>
        ))}
      </ul>
    </section>
  );
}
