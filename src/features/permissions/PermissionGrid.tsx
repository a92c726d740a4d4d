import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Fragment, useId, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { Permission } from '../../../schemas/api';
import { indexPermissions } from '../../domain';
import { DeleteUserRights } from './DeleteUserRights';
import { gridTarget } from './grid-keys';
import { useRoleNames, type RoleName } from './role-names';
import { useGridRows } from './use-grid-rows';
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

const headerButton =
  'min-h-11 w-full rounded px-1 text-left font-semibold hover:bg-slate-200 focus-visible:outline-2 dark:hover:bg-slate-700';

/**
 * permissions (§2) as a grid: a row per user, a column per measure round, in each cell one checkbox per role.
 * The header row and the user column stay in view while the grid scrolls inside its own bounded box; only the
 * users near the box are rendered (useGridRows), so hundreds of users scroll without "show more".
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
  const scroller = useRef<HTMLDivElement>(null);
  const head = useRef<HTMLTableSectionElement>(null);
  const visible = useGridRows(scroller, head, users.length);
  // §2 expand/collapse all: a collapsed round is one narrow column telling how many roles each user holds in it
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const isOpen = (r: RoundRef) => !collapsed.has(String(r.mrId));
  const toggleRound = (r: RoundRef) => {
    const next = new Set(collapsed);
    if (!next.delete(String(r.mrId))) next.add(String(r.mrId));
    setCollapsed(next);
  };
  // the checkboxes' column numbers run over the expanded rounds only, so the arrow keys skip collapsed ones
  const firstCol = new Map<string, number>();
  let cols = 0;
  for (const r of rounds) {
    firstCol.set(String(r.mrId), cols);
    if (isOpen(r)) cols += roles.length;
  }
  const heldIn = (u: string, r: RoundRef) =>
    roles.filter((role) => {
      const p = find(cell(u, r, role));
      return p !== undefined && p.$action !== 'DELETED';
    }).length;
  const allOpen = collapsed.size === 0;
  const allClosed = rounds.every((r) => !isOpen(r));
  // arrow keys move between the checkboxes like in a spreadsheet, to rows not rendered too; Tab still walks them all
  const onKeyDown = (e: KeyboardEvent<HTMLTableSectionElement>) => {
    const from = e.target;
    if (!(from instanceof HTMLInputElement) || from.dataset.row === undefined) return;
    const here = { row: Number(from.dataset.row), col: Number(from.dataset.col) };
    const to = gridTarget(e.key, e.ctrlKey || e.metaKey, here, users.length, cols);
    if (!to) return;
    e.preventDefault();
    visible.focusCell(to);
  };
  const columns = rounds.length + 1;
  return (
    <>
      <div className="flex flex-wrap gap-2" role="group" aria-label={t`Measure round columns`}>
        <button
          type="button"
          className="min-h-11 rounded border border-slate-400 px-3 disabled:opacity-60"
          disabled={allOpen}
          onClick={() => setCollapsed(new Set())}
        >
          <Trans>Expand all</Trans>
        </button>
        <button
          type="button"
          className="min-h-11 rounded border border-slate-400 px-3 disabled:opacity-60"
          disabled={allClosed}
          onClick={() => setCollapsed(new Set(rounds.map((r) => String(r.mrId))))}
        >
          <Trans>Collapse all</Trans>
        </button>
      </div>
      <div
        ref={scroller}
        role="region"
        aria-labelledby={captionId}
        // scrollable: reachable by keyboard to scroll it (axe scrollable-region-focusable)
        tabIndex={0}
        className="isolate max-h-[70vh] overflow-auto rounded border border-slate-300 dark:border-slate-700"
        data-testid="permission-grid"
      >
        {/* aria-rowcount: a screen reader tells all users, not only the rendered rows */}
        <table className="border-separate border-spacing-0 text-sm" aria-rowcount={users.length + 1}>
          <caption id={captionId} className="sr-only">
            <Trans>Permissions: a row per user, a column per measure round, a checkbox per role in each cell</Trans>
          </caption>
          <thead ref={head}>
            <tr aria-rowindex={1}>
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
                  className={`sticky top-0 z-20 ${isOpen(r) ? 'min-w-36' : 'min-w-16'} max-w-48 border-b border-r border-slate-300 bg-slate-100 px-1 py-1 align-bottom dark:border-slate-700 dark:bg-slate-800`}
                >
                  <button
                    type="button"
                    className="min-h-11 min-w-11 rounded px-1 text-left hover:bg-slate-200 focus-visible:outline-2 dark:hover:bg-slate-700"
                    aria-expanded={isOpen(r)}
                    aria-label={isOpen(r) ? t`Collapse ${r.mrName}` : t`Expand ${r.mrName}`}
                    onClick={() => toggleRound(r)}
                  >
                    <span aria-hidden="true">{isOpen(r) ? '▾' : '▸'}</span>
                  </button>
                  <button
                    type="button"
                    className={`${headerButton} break-words`}
                    title={t`Double-click: select all`}
                    aria-label={t`Select the shown roles of all shown users in ${r.mrName}`}
                    {...onSelectAll(() =>
                      editor.toggleAll(users.flatMap((u) => roles.map((role) => cell(u, r, role)))),
                    )}
                  >
                    {r.mrName}
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody
            onKeyDown={onKeyDown}
            onFocus={(e) => {
              if (e.target instanceof HTMLInputElement && e.target.dataset.row !== undefined)
                visible.focusedRow(Number(e.target.dataset.row));
            }}
          >
            {visible.rows.map(({ index: row, spaceBefore }) => {
              const u = users[row] as string;
              // keyed by user, so a focused row stays the same element while the rows around it come and go
              return (
                <Fragment key={u}>
                  {spaceBefore > 0 && <Spacer height={spaceBefore} columns={columns} />}
                  <tr data-index={row} ref={visible.measure} aria-rowindex={row + 2}>
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
                        </button>
                        {/* beside the button, not in it: its name then holds all it shows (WCAG 2.5.3, label in name) */}
                        <span className="px-1 text-xs text-slate-600 dark:text-slate-400">
                          <Plural value={held(u)} one="# permission" other="# permissions" />
                          {editor.newUsers.includes(u) && (
                            <span className="ml-1 rounded bg-green-200 px-1.5 text-green-950 dark:bg-green-900 dark:text-green-50">
                              <Trans>new user</Trans>
                            </span>
                          )}
                        </span>
                        <DeleteUserRights username={u} editor={editor} />
                      </div>
                    </th>
                    {rounds.map((r) => (
                      <td
                        key={r.mrId}
                        className="border-b border-r border-slate-200 p-1 align-top dark:border-slate-800"
                      >
                        {isOpen(r) ? (
                          <div className="flex gap-0.5">
                            {roles.map((role, roleIndex) => (
                              <RoleToggle
                                key={role}
                                permission={cell(u, r, role)}
                                name={names[roleIndex] as RoleName}
                                existing={find(cell(u, r, role))}
                                onToggle={editor.toggle}
                                row={row}
                                col={(firstCol.get(String(r.mrId)) ?? 0) + roleIndex}
                              />
                            ))}
                          </div>
                        ) : (
                          <span className="block px-1 py-2 tabular-nums" data-testid="collapsed-cell">
                            {t`${heldIn(u, r)} of ${roles.length}`}
                          </span>
                        )}
                      </td>
                    ))}
                  </tr>
                </Fragment>
              );
            })}
            {visible.spaceAfter > 0 && <Spacer height={visible.spaceAfter} columns={columns} />}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** The height of the rows not rendered, so the scrollbar and the sticky column behave as with all of them. */
function Spacer({ height, columns }: { height: number; columns: number }) {
  return (
    <tr aria-hidden="true">
      <td colSpan={columns} className="p-0" style={{ height }} />
    </tr>
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
