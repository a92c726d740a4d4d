import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { MouseEvent } from 'react';
import type { Permission } from '../../../schemas/api';
import { isHeld } from '../../domain';
import { Button } from '../../ui/Button';
import type { PermissionEditor, RoundRef } from './use-permission-editor';

export interface UserPermissionsProps {
  username: string;
  isNewUser: boolean;
  rounds: readonly RoundRef[];
  roles: readonly string[];
  editor: PermissionEditor;
  expanded: boolean;
  onExpand(expanded: boolean): void;
}

/** A double-click selects all (§2); a keyboard click (detail 0) does the same, so the keyboard reaches it too. */
const onSelectAll = (fn: () => void) => ({
  onDoubleClick: fn,
  onClick: (e: MouseEvent) => {
    if (e.detail === 0) fn();
  },
});

/** One user's block of the matrix: a row per measure round, a checkbox per role. */
export function UserPermissions({
  username,
  isNewUser,
  rounds,
  roles,
  editor,
  expanded,
  onExpand,
}: UserPermissionsProps) {
  const { t } = useLingui();
  const cell = (r: RoundRef, role: string): Permission => ({ username, mrId: r.mrId, mrName: r.mrName, role });
  const held = editor.list.filter((p) => p.username === username && p.$action !== 'DELETED').length;
  const headerButton =
    'min-h-11 w-full rounded px-1 text-left font-semibold hover:bg-slate-200 dark:hover:bg-slate-700';
  return (
    <section aria-label={username} className="rounded border border-slate-300 dark:border-slate-700">
      <div className="flex flex-wrap items-center gap-2 bg-slate-50 px-2 py-1 dark:bg-slate-900">
        <button
          type="button"
          aria-expanded={expanded}
          onClick={() => onExpand(!expanded)}
          className="flex min-h-11 flex-1 items-center gap-2 rounded px-2 text-left font-semibold"
        >
          <span aria-hidden="true">{expanded ? '▾' : '▸'}</span>
          {username}
          {isNewUser && (
            <span className="rounded bg-green-200 px-1.5 text-xs text-green-950">
              <Trans>new user</Trans>
            </span>
          )}
          <span className="text-sm font-normal text-slate-600 dark:text-slate-400">
            <Plural value={held} one="# permission" other="# permissions" />
          </span>
        </button>
        <Button
          variant="secondary"
          className="text-sm"
          disabled={held === 0}
          onClick={() => editor.removeUser(username)}
        >
          <Trans>Delete all rights of {username}</Trans>
        </Button>
      </div>
      {expanded && (
        <div className="overflow-x-auto">
          <table className="min-w-full border-collapse text-sm">
            <thead>
              <tr>
                <th scope="col" className="px-2 py-1 text-left">
                  <Trans>Measure round</Trans>
                </th>
                {roles.map((role) => (
                  <th key={role} scope="col" className="px-2 py-1">
                    <button
                      type="button"
                      className={headerButton}
                      title={t`Double-click: select all`}
                      aria-label={t`Select ${role} for all rounds of ${username}`}
                      {...onSelectAll(() => editor.toggleAll(rounds.map((r) => cell(r, role))))}
                    >
                      {role}
                    </button>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rounds.map((r) => (
                <tr key={r.mrId} className="border-t border-slate-200 dark:border-slate-800">
                  <th scope="row" className="px-2 py-1 text-left font-normal">
                    <button
                      type="button"
                      className={headerButton}
                      title={t`Double-click: select all`}
                      aria-label={t`Select all roles of ${username} in ${r.mrName}`}
                      {...onSelectAll(() => editor.toggleAll(roles.map((role) => cell(r, role))))}
                    >
                      {r.mrName}
                    </button>
                  </th>
                  {roles.map((role) => (
                    <td key={role} className="px-2 py-1 text-center">
                      <Cell editor={editor} permission={cell(r, role)} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Cell({ editor, permission }: { editor: PermissionEditor; permission: Permission }) {
  const existing = editor.list.find(
    (p) => p.username === permission.username && p.mrId === permission.mrId && p.role === permission.role,
  );
  const mark =
    existing?.$action === 'NEW'
      ? 'outline-green-600'
      : existing?.$action === 'DELETED'
        ? 'outline-red-600'
        : 'outline-transparent';
  return (
    <label
      className={`inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded outline-2 ${mark}`}
      data-action={existing?.$action}
    >
      <input
        type="checkbox"
        className="size-5"
        aria-label={`${permission.username} ${permission.mrName ?? permission.mrId} ${permission.role}`}
        checked={isHeld(editor.list, permission)}
        onChange={() => editor.toggle(permission)}
      />
    </label>
  );
}
