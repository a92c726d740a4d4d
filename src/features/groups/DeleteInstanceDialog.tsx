import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { OfflineInstanceDoc } from '../../../schemas/db/offline-instance-doc';
import { useLocaleFormat } from '../../app/use-locale-format';
import { useDb } from '../../db/db-context';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { InlineError } from '../../ui/InlineError';
import { mayDeleteOfflineRound } from '../../domain/delete-confirmation';
import { deleteUnsentInstance } from '../../db/delete-commands';

/** §5/§8: deleting an unsent round asks for its name; only an exact match enables the delete button. */
export function DeleteInstanceDialog({
  instance,
  onClose,
  onDeleted,
}: {
  instance: OfflineInstanceDoc;
  onClose: () => void;
  onDeleted: (name: string) => void;
}) {
  const { t } = useLingui();
  const db = useDb();
  const fmt = useLocaleFormat();
  const inputId = useId();
  const hintId = useId();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const matches = mayDeleteOfflineRound(instance.mrName, typed);
  const name = instance.mrName;
  const date = fmt.date(instance.date);

  const remove = async () => {
    if (!matches) return;
    setBusy(true);
    const result = await deleteUnsentInstance(db, instance.instanceId);
    setBusy(false);
    if (result.deleted) onDeleted(instance.mrName);
    else setFailed(true);
  };

  return (
    <Dialog open title={t`Delete the unsent round ${name}?`} onClose={onClose} testId="delete-instance-dialog">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void remove();
        }}
        className="space-y-3"
      >
        <p id={hintId} className="text-sm">
          <Trans>
            The values, remarks, photos, tasks and facility changes of {name} ({date}) on this device are deleted. They
            were never sent to the server and cannot be restored. Type the name of the round to confirm.
          </Trans>
        </p>
        <label htmlFor={inputId} className="block font-medium">
          <Trans>Name of the round</Trans>
        </label>
        <input
          id={inputId}
          autoFocus
          autoComplete="off"
          spellCheck={false}
          value={typed}
          aria-describedby={hintId}
          onChange={(e) => {
            setTyped(e.target.value);
            setFailed(false);
          }}
          className="min-h-11 w-full rounded border border-slate-400 bg-white px-2 dark:bg-slate-950"
        />
        {typed.trim() !== '' && !matches && (
          <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
            <Trans>The name does not match; nothing is deleted.</Trans>
          </p>
        )}
        {failed && (
          <InlineError>
            <Trans>The round could not be deleted: it is being sent or was changed meanwhile.</Trans>
          </InlineError>
        )}
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" variant="danger" disabled={!matches || busy} className="disabled:bg-slate-400">
            <Trans>Delete</Trans>
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
