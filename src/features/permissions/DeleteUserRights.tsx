import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { heldRightsOf } from '../../domain';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import type { PermissionEditor } from './use-permission-editor';

/** §2 "delete all rights of a user": destructive, so styled as such and confirmed with what it removes. */
export function DeleteUserRights({ username, editor }: { username: string; editor: PermissionEditor }) {
  const { t } = useLingui();
  const [asking, setAsking] = useState(false);
  const rights = heldRightsOf(editor.list, username);
  return (
    <>
      <Button
        variant="danger-outline"
        className="px-2 py-1 text-xs"
        disabled={rights.permissions === 0}
        // the name starts with the visible words (WCAG 2.5.3: a speech user says what they see), then whose
        aria-label={`${t`Delete rights`}: ${username}`}
        onClick={() => setAsking(true)}
      >
        <Trans>Delete rights</Trans>
      </Button>
      {asking && (
        <ConfirmDialog
          title={t`Delete all rights of ${username}?`}
          confirmLabel={t`Delete rights`}
          cancelLabel={t`Cancel`}
          confirmVariant="danger"
          testId="delete-rights-dialog"
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            editor.removeUser(username);
          }}
        >
          <p>
            <Plural
              value={rights.permissions}
              one={`# permission of ${username} is removed, on these measure rounds:`}
              other={`# permissions of ${username} are removed, on these measure rounds:`}
            />
          </p>
          <ul className="my-2 list-disc pl-6">
            {rights.rounds.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
          <p className="text-sm">
            <Trans>The user stays in the list. Nothing changes on the server until you save the permissions.</Trans>
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
