import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { onUpdateWaiting } from './service-worker';

/** §4 Update: a waiting new version is installed only after the user confirms; unsent data stays in IndexedDB. */
export function UpdatePrompt() {
  const [apply, setApply] = useState<(() => void) | null>(null);
  useEffect(() => onUpdateWaiting((fn) => setApply(() => fn)), []);
  if (!apply) return null;
  return (
    <div
      role="alertdialog"
      aria-labelledby="update-text"
      className="mx-auto mt-2 flex max-w-7xl items-center gap-3 rounded border border-sky-400 bg-sky-50 p-3 text-sky-950 dark:bg-sky-950 dark:text-sky-50"
    >
      <p id="update-text" className="flex-1">
        <Trans>A new app version is available. Reload now? Your unsent entries are kept.</Trans>
      </p>
      <button type="button" className="rounded bg-sky-700 px-3 py-2 font-semibold text-white" onClick={apply}>
        <Trans>Reload</Trans>
      </button>
      <button type="button" className="rounded px-3 py-2" onClick={() => setApply(null)}>
        <Trans>Later</Trans>
      </button>
    </div>
  );
}
