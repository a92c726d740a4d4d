import { Trans } from '@lingui/react/macro';
import { useOnline } from './use-online';

/** Shown while a page's code loads; offline it says why nothing happens yet instead of showing a bare ellipsis. */
export function PendingPage() {
  const online = useOnline();
  return (
    <p role="status" className="p-4 text-slate-600 dark:text-slate-400">
      {online ? (
        '…'
      ) : (
        <Trans>
          This page is not stored on this device yet. It opens as soon as the network is back; your entries are safe.
        </Trans>
      )}
    </p>
  );
}
