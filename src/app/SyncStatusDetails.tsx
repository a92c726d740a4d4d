import { Plural, Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { OfflineInstanceDoc } from '../../schemas/db/offline-instance-doc';
import { SyncBadge } from './SyncBadge';

/** The sync status button's panel (SyncStatusButton.tsx): what waits to be sent and the last update. */
export function SyncStatusDetails({
  online,
  waiting,
  photos,
  lastSync,
  lastError,
  onClose,
}: {
  online: boolean;
  waiting: readonly OfflineInstanceDoc[];
  photos: number;
  lastSync: string | undefined;
  lastError: string | undefined;
  onClose: () => void;
}) {
  const rounds = waiting.length;
  return (
    <>
      <p>
        {online ? (
          <Trans>Connected to the network.</Trans>
        ) : (
          <Trans>No network. Everything you enter is saved on this device and sent later.</Trans>
        )}
      </p>
      <p>
        <Plural
          value={rounds}
          _0="No round waits to be sent."
          one="# round waits to be sent."
          other="# rounds wait to be sent."
        />{' '}
        <Plural value={photos} _0="" one="# photo waits to be uploaded." other="# photos wait to be uploaded." />
      </p>
      {waiting.length > 0 && (
        <ul className="space-y-1">
          {waiting.map((w) => (
            <li key={w.instanceId} className="flex flex-wrap items-center gap-2">
              <Link
                to="/stations/$group/$date"
                params={{ group: w.mrName, date: w.date }}
                className="text-sky-800 underline dark:text-sky-300"
                onClick={onClose}
              >
                {w.mrName} · {w.date}
              </Link>
              <SyncBadge state={w.syncState} correction={w.corrects !== undefined} />
            </li>
          ))}
        </ul>
      )}
      <p className="text-slate-700 dark:text-slate-300">
        {lastSync ? (
          <Trans>Last update from the server: {lastSync}</Trans>
        ) : (
          <Trans>No update from the server yet.</Trans>
        )}
      </p>
      {lastError && (
        <p className="text-red-800 dark:text-red-300">
          <Trans>Last update failed: {lastError}</Trans>
        </p>
      )}
      <Link to="/about" className="inline-block text-sky-800 underline dark:text-sky-300" onClick={onClose}>
        <Trans>Details for support</Trans>
      </Link>
    </>
  );
}
