import { Trans, useLingui } from '@lingui/react/macro';
import type { OfflineInstanceDoc } from '../../../schemas/db/offline-instance-doc';
import { isDeletable } from '../../db/delete-commands';

/**
 * "Delete" of an unsent round in a list; offered only where the lifecycle lets the delete through (never on its
 * way to the server, nor once the server holds its values).
 */
export function DeleteInstanceButton({
  instance,
  name,
  date,
  onClick,
}: {
  instance: OfflineInstanceDoc;
  name: string;
  date: string;
  onClick(): void;
}) {
  const { t } = useLingui();
  if (!isDeletable(instance)) return null;
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
