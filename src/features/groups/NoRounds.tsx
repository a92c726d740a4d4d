import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useReferenceRead, useServerInfo } from '../../db/reference-hooks';

/** The place of the rounds while what fills it is read: the size of the one-line box, saying nothing. */
export function RoundsReading() {
  return <div aria-busy="true" data-testid="rounds-reading" className="min-h-14" />;
}

/**
 * The round list without rounds. While the first pull runs: loading. Before the first load: connect and refresh.
 * Loaded and still empty (a fresh install, or no role yet): an administrator is sent to the import, anyone else
 * told whom to ask.
 */
export function NoRounds({ loaded, pulling = false }: { loaded: boolean; pulling?: boolean }) {
  const info = useServerInfo();
  // `loaded` and `pulling` come from the sync status, the advice from the server info: before both are read, an
  // empty device said "loading from the server" or "connect and refresh" for a moment
  const syncRead = useReferenceRead('syncStatus');
  const infoRead = useReferenceRead('serverInfo');
  if (!syncRead || !infoRead) return <RoundsReading />;
  const box = 'rounds-empty rounded border border-dashed border-slate-400 p-4';
  // a first visit while the first pull runs: the rounds are on their way, there is nothing to connect or press
  if (pulling)
    return (
      <p className={box} role="status">
        <Trans>Loading the rounds from the server…</Trans>
      </p>
    );
  if (!loaded || !info)
    return (
      <p className={box}>
        <Trans>
          No measure rounds stored on this device yet. Connect to the network and press "Refresh from server".
        </Trans>
      </p>
    );
  if (info.isAdmin && info.extensions?.includes('operator'))
    return (
      <div className={box} role="status">
        <p className="font-semibold">
          <Trans>There are no measure rounds yet.</Trans>
        </p>
        <p>
          <Trans>
            Import your station network (rounds, stations, timeseries and permissions) under{' '}
            <Link to="/operator" className="font-semibold text-sky-800 underline dark:text-sky-300">
              Import and export
            </Link>
            .
          </Trans>
        </p>
      </div>
    );
  if (info.isAdmin)
    return (
      <div className={box} role="status">
        <p className="font-semibold">
          <Trans>There are no measure rounds yet.</Trans>
        </p>
      </div>
    );
  return (
    <div className={box} role="status">
      <p className="font-semibold">
        <Trans>No measure rounds are assigned to you yet.</Trans>
      </p>
      <p>
        <Trans>Ask your administrator to give you a role on a round; then press "Refresh from server".</Trans>
      </p>
    </div>
  );
}
