import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId, useMemo, type KeyboardEvent, type MouseEvent } from 'react';
import type { Permission } from '../../../schemas/api';
import { indexPermissions } from '../../domain';
import { DeleteUserRights } from './DeleteUserRights';
import { useRoleNames, type RoleName } from './role-names';
import type { PermissionEditor, RoundRef } from './use-permission-editor';

export interface PermissionGridProps {
  users: readonly string[];
  rounds: readonly RoundRef[];
  roles: readonly string[];
  editor: PermissionEditor;
}

/** A double-click selects all (§2); a keyboard click (detail 0) does the same, so the keyboard reaches it too. */
const onSelectAll = (fn: () => void) => ({
  onDoubleClick: fn,
  onClick: (e: MouseEvent) => {
    if (e.detail === 0) fn();
  },
});

const ARROWS: Readonly<Record<string, readonly [number, number]>> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

/** Arrow keys move between the checkboxes like in a spreadsheet; Tab still walks through all of them. */
function moveFocus(e: KeyboardEvent<HTMLTableSectionElement>) {
  const step = ARROWS[e.key];
  const from = e.target;
  if (!step || !(from instanceof HTMLInputElement) || from.dataset.row === undefined) return;
  const row = Number(from.dataset.row) + step[0];
  const col = Number(from.dataset.col) + step[1];
  const to = e.currentTarget.querySelector<HTMLInputElement>(`input[data-row="${row}"][data-col="${col}"]`);
  if (!to) return;
  e.preventDefault();
  to.focus();
}

const headerButton =
  'min-h-11 w-full rounded px-1 text-left font-semibold hover:bg-slate-200 focus-visible:outline-2 dark:hover:bg-slate-700';

/**
 * permissions (§2) as a grid: a row per user, a column per measure round, in each cell one checkbox per role.
 * The header row and the user column stay in view while the grid scrolls inside its own bounded box.
 */
export function PermissionGrid({ users, rounds, roles, editor }: PermissionGridProps) {
  const { t } = useLingui();
  const captionId = useId();
  const roleName = useRoleNames();
  const names = roles.map(roleName);
  const find = useMemo(() => indexPermissions(editor.list), [editor.list]);
  const cell = (username: string, r: RoundRef, role: string): Permission => ({
    username,
    mrId: r.mrId,
    mrName: r.mrName,
    role,
  });
  const held = (username: string) =>
    editor.list.filter((p) => p.username === username && p.$action !== 'DELETED').length;
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      // scrollable: reachable by keyboard to scroll it (axe scrollable-region-focusable)
      tabIndex={0}
      className="isolate max-h-[70vh] overflow-auto rounded border border-slate-300 dark:border-slate-700"
      data-testid="permission-grid"
    >
      <table className="border-separate border-spacing-0 text-sm">
        <caption id={captionId} className="sr-only">
          <Trans>Permissions: a row per user, a column per measure round, a checkbox per role in each cell</Trans>
        </caption>
        <thead>
          <tr>
            <th
              scope="col"
              className="sticky left-0 top-0 z-30 border-b border-r border-slate-300 bg-slate-100 px-2 py-1 text-left align-bottom dark:border-slate-700 dark:bg-slate-800"
            >
              <Trans>User</Trans>
            </th>
            {rounds.map((r) => (
              <th
                key={r.mrId}
                scope="col"
                className="sticky top-0 z-20 min-w-36 max-w-48 border-b border-r border-slate-300 bg-slate-100 px-1 py-1 align-bottom dark:border-slate-700 dark:bg-slate-800"
              >
                <button
                  type="button"
                  className={`${headerButton} break-words`}
                  title={t`Double-click: select all`}
                  aria-label={t`Select the shown roles of all shown users in ${r.mrName}`}
                  {...onSelectAll(() => editor.toggleAll(users.flatMap((u) => roles.map((role) => cell(u, r, role)))))}
                >
                  {r.mrName}
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody onKeyDown={moveFocus}>
          {users.map((u, row) => (
            <tr key={u}>
              <th
                scope="row"
                className="sticky left-0 z-10 border-b border-r border-slate-300 bg-white p-1 text-left align-top font-normal dark:border-slate-700 dark:bg-slate-950"
              >
                <div className="flex w-36 flex-col gap-1 sm:w-52">
                  <button
                    type="button"
                    className={`${headerButton} break-all`}
                    title={t`Double-click: select all`}
                    aria-label={t`Select the shown roles of ${u} in all shown measure rounds`}
                    {...onSelectAll(() =>
                      editor.toggleAll(rounds.flatMap((r) => roles.map((role) => cell(u, r, role)))),
                    )}
                  >
                    {u}
                    {editor.newUsers.includes(u) && (
                      <span className="ml-1 rounded bg-green-200 px-1.5 text-xs font-normal text-green-950 dark:bg-green-900 dark:text-green-50">
                        <Trans>new user</Trans>
                      </span>
                    )}
                    <span className="block text-xs font-normal text-slate-600 dark:text-slate-400">
                      <Plural value={held(u)} one="# permission" other="# permissions" />
                    </span>
                  </button>
                  <DeleteUserRights username={u} editor={editor} />
                </div>
              </th>
              {rounds.map((r, roundIndex) => (
                <td key={r.mrId} className="border-b border-r border-slate-200 p-1 align-top dark:border-slate-800">
                  <div className="flex gap-0.5">
                    {roles.map((role, roleIndex) => (
                      <RoleToggle
                        key={role}
                        permission={cell(u, r, role)}
                        name={names[roleIndex] as RoleName}
                        existing={find(cell(u, r, role))}
                        onToggle={editor.toggle}
                        row={row}
                        col={roundIndex * roles.length + roleIndex}
                      />
                    ))}
                  </div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RoleToggle({
  permission,
  name,
  existing,
  onToggle,
  row,
  col,
}: {
  permission: Permission;
  name: RoleName;
  existing: Permission | undefined;
  onToggle(p: Permission): void;
  row: number;
  col: number;
}) {
  // unsaved changes are framed: green added, red removed (explained by the legend)
  const mark =
    existing?.$action === 'NEW'
      ? 'outline-green-600'
      : existing?.$action === 'DELETED'
        ? 'outline-red-600'
        : 'outline-transparent';
  return (
    <label
      className={`flex min-h-11 min-w-11 cursor-pointer flex-col items-center justify-center gap-0.5 rounded outline-2 -outline-offset-2 hover:bg-slate-100 dark:hover:bg-slate-800 ${mark}`}
      data-action={existing?.$action}
      title={`${name.name} (${permission.role})`}
    >
      <input
        type="checkbox"
        className="size-5"
        aria-label={`${permission.username} ${permission.mrName ?? permission.mrId} ${name.name}`}
        checked={existing !== undefined && existing.$action !== 'DELETED'}
        onChange={() => onToggle(permission)}
        data-row={row}
        data-col={col}
      />
      <span aria-hidden="true" className="text-[11px] leading-none text-slate-700 dark:text-slate-300">
        {name.short}
      </span>
    </label>
  );
}
