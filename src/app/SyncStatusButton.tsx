import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useCallback, useRef, useState } from 'react';
import { useDismiss } from './use-dismiss';
import { map } from 'rxjs';
import type { OfflineInstanceDoc } from '../../schemas/db/offline-instance-doc';
import { useDb } from '../db/db-context';
import { useObservable } from '../db/hooks';
import { useSyncStatus } from '../db/reference-hooks';
import { SyncBadge } from './SyncBadge';
import { useOnline } from './use-online';
import { unsentRounds$ } from '../db/unsent-rounds';

/**
 * Whether the readings have left the device, always in view (beyond §2's offline indicator): online or
 * offline, rounds and photos still to send, sending in progress, the last successful sync. A tap opens
 * the details.
 */
export function SyncStatusButton() {
  const { t, i18n } = useLingui();
  const db = useDb();
  const online = useOnline();
  const status = useSyncStatus();
  // undefined until the device's rounds are read: before that the button claims nothing (a first [] said "All sent"
  // for the moment the query took, with rounds waiting)
  const unsent = useObservable<OfflineInstanceDoc[] | undefined>(() => unsentRounds$(db), undefined, [db]);
  const waiting = unsent ?? [];
  // a find, not a count: RxDB refuses count queries that no index serves
  const photos = useObservable(
    () => db.photos.find({ selector: { uploaded: false } }).$.pipe(map((docs) => docs.length)),
    0,
    [db],
  );
  const [open, setOpen] = useState(false);
  // the button and its panel: a press on the button toggles (its own click), one elsewhere closes
  const wrapper = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, wrapper, close);

  const sending = waiting.some((w) => w.syncState === 'sending' || w.syncState === 'values-stored');
  const failed = waiting.filter((w) => w.syncState === 'error').length;
  const rounds = waiting.length;
  // Until the rounds are read the button keeps the size of "All sent" (the usual answer: no layout shift) and says
  // nothing: its text is hidden, its name is only "Sync status".
  const reading = online && unsent === undefined;
  const tone = !online
    ? 'bg-amber-400 text-slate-950'
    : reading
      ? 'bg-slate-200 text-slate-950 dark:bg-slate-700 dark:text-slate-50'
      : failed > 0
        ? 'bg-red-200 text-red-950 dark:bg-red-900 dark:text-red-50'
        : rounds > 0
          ? 'bg-sky-200 text-sky-950 dark:bg-sky-900 dark:text-sky-50'
          : 'bg-green-200 text-green-950 dark:bg-green-900 dark:text-green-50';
  const lastSync = status.lastPullAt
    ? i18n.date(new Date(status.lastPullAt), { dateStyle: 'short', timeStyle: 'short', hour12: false })
    : undefined;
  const lastError = status.lastPullError;
  const summary = !online ? t`Offline` : sending ? t`Sending…` : rounds > 0 ? t`Not sent` : t`All sent`;
  const icon = !online ? '⚠' : sending ? '↻' : rounds > 0 ? '●' : '✓';

  return (
    <div ref={wrapper} className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="sync-status-details"
        data-testid="sync-status"
        data-online={online}
        data-waiting={unsent === undefined ? undefined : rounds}
        aria-label={reading ? t`Sync status` : undefined}
        aria-busy={reading || undefined}
        onClick={() => setOpen((o) => !o)}
        className={`flex min-h-9 items-center gap-1 rounded px-2 text-sm font-semibold ${tone}`}
      >
        <span aria-hidden="true" className={reading ? 'invisible' : undefined}>
          {icon}
        </span>
        <span className={reading ? 'invisible' : undefined}>{summary}</span>
        {rounds > 0 && <span className="tabular-nums">({rounds})</span>}
      </button>
      {open && (
        <div
          id="sync-status-details"
          role="dialog"
          aria-label={t`Sync status`}
          className="absolute right-0 z-30 mt-1 w-72 space-y-2 rounded border border-slate-300 bg-white p-3 text-sm text-slate-900 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        >
          <p>
            {online ? (
              <Trans>Connected to the network.</Trans>
            ) : (
              <Trans>No network. Everything you enter is saved on this device and sent later.</Trans>
            )}
          </p>
          <p hidden={unsent === undefined}>
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
                    onClick={() => setOpen(false)}
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
          <Link
            to="/about"
            className="inline-block text-sky-800 underline dark:text-sky-300"
            onClick={() => setOpen(false)}
          >
            <Trans>Details for support</Trans>
          </Link>
        </div>
      )}
    </div>
  );
}
