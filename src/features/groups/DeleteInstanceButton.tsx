import { Trans, useLingui } from '@lingui/react/macro';
import type { SyncState } from '../../../schemas/db/offline-instance-doc';
import { isDeletable } from './delete-instance';

/** "Delete" of an unsent round in a list; offered only while the round is not on its way to the server. */
export function DeleteInstanceButton({
  syncState,
  name,
  date,
  onClick,
}: {
  syncState: SyncState;
  name: string;
  date: string;
  onClick(): void;
}) {
  const { t } = useLingui();
  if (!isDeletable(syncState)) return null;
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={t`Delete ${name} (${date}) from this device`}
      className="min-h-11 rounded px-2 text-sm text-red-700 underline hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950"
    >
      <Trans>Delete</Trans>
    </button>
  );
}
