import { Trans, useLingui } from '@lingui/react/macro';
import { useSyncExternalStore } from 'react';
import { Dialog } from '../ui/Dialog';
import type { VersionGuard } from './version-guard';

/**
 * Blocks a tab whose code is old: nothing can be typed any more, what was typed is stored, and the
 * tab reloads on its own (or with the button, when a reload might still serve the old code).
 */
export function StaleVersionDialog({ guard }: { guard: VersionGuard }) {
  const { t } = useLingui();
  const reason = useSyncExternalStore(
    (cb) => {
      const sub = guard.stale$.subscribe(cb);
      return () => sub.unsubscribe();
    },
    () => guard.stale$.value,
  );
  return (
    <Dialog
      open={reason !== null}
      title={t`A new app version is in use`}
      onClose={() => undefined}
      testId="stale-version"
    >
      <p>
        {reason === 'update' ? (
          <Trans>
            The new version was installed. This tab reloads to use it; your entries are saved on this device.
          </Trans>
        ) : (
          <Trans>
            Another tab runs a newer version of the app. This tab no longer saves anything; reload it to go on. Your
            entries up to now are saved on this device.
          </Trans>
        )}
      </p>
      <div className="mt-4 flex justify-end">
        <button
          type="button"
          className="min-h-11 rounded bg-sky-700 px-3 py-2 font-semibold text-white"
          onClick={() => void guard.reload()}
        >
          <Trans>Reload now</Trans>
        </button>
      </div>
    </Dialog>
  );
}
