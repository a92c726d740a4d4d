import type { Permission } from '../../schemas/api';

const same = (a: Permission, b: Permission) => a.username === b.username && a.mrId === b.mrId && a.role === b.role;

/** §4 permission change: a NEW one is removed, a DELETED one restored, any other marked DELETED. */
export function togglePermission(list: readonly Permission[], p: Permission): Permission[] {
  const existing = list.find((x) => same(x, p));
  if (!existing) return [...list, { ...p, $action: 'NEW' }];
  if (existing.$action === 'NEW') return list.filter((x) => !same(x, p));
  if (existing.$action === 'DELETED') return list.map((x) => (same(x, p) ? { ...x, $action: undefined } : x));
  return list.map((x) => (same(x, p) ? { ...x, $action: 'DELETED' } : x));
}

/** The set to save: without DELETED entries and without the client-side action marker. */
export function permissionsToSave(list: readonly Permission[]): Permission[] {
  return list.filter((p) => p.$action !== 'DELETED').map(({ $action: _a, ...p }) => p);
}

export function countChanges(list: readonly Permission[]): { added: number; removed: number } {
  return {
    added: list.filter((p) => p.$action === 'NEW').length,
    removed: list.filter((p) => p.$action === 'DELETED').length,
  };
}

/** A held permission: stored and not marked for removal, or newly added. */
export function isHeld(list: readonly Permission[], p: Pick<Permission, 'username' | 'mrId' | 'role'>): boolean {
  return list.some(
    (x) => x.username === p.username && x.mrId === p.mrId && x.role === p.role && x.$action !== 'DELETED',
  );
}

/**
 * Double-click on a row or column header (§2 "double-click selects all"): every cell of it becomes held;
 * when all already are, all are removed, so a second double-click undoes the first.
 */
export function toggleAll(list: readonly Permission[], cells: readonly Permission[]): Permission[] {
  const allHeld = cells.length > 0 && cells.every((c) => isHeld(list, c));
  let next = [...list];
  for (const c of cells) if (isHeld(next, c) === allHeld) next = togglePermission(next, c);
  return next;
}

/** §2 "delete all rights of a user": each of the user's held permissions is toggled off (a NEW one disappears). */
export function removeAllOfUser(list: readonly Permission[], username: string): Permission[] {
  let next = [...list];
  for (const p of list) if (p.username === username && p.$action !== 'DELETED') next = togglePermission(next, p);
  return next;
}

export type NameFilter = { ok: true; matches(text: string): boolean } | { ok: false; error: string };

/**
 * §2 filters by round name and role: a regular expression, case-insensitive; empty matches everything.
 * An invalid expression is reported (its message) instead of thrown, and filters nothing out.
 */
export function compileNameFilter(pattern: string): NameFilter {
  if (pattern.trim() === '') return { ok: true, matches: () => true };
  try {
    const re = new RegExp(pattern, 'i');
    return { ok: true, matches: (text) => re.test(text) };
  } catch (e) {
    // RegExp throws a SyntaxError naming the problem
    return { ok: false, error: (e as SyntaxError).message };
  }
}

export type NewUserProblem = 'empty' | 'exists' | 'tooLong';

/** A user name the admin types to create a user: trimmed, not empty, not taken, at most 200 characters (the schema's limit). */
export function checkNewUser(name: string, users: readonly string[]): NewUserProblem | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return 'empty';
  if (trimmed.length > 200) return 'tooLong';
  return users.some((u) => u.toLowerCase() === trimmed.toLowerCase()) ? 'exists' : undefined;
}

export type RoleKind = 'observe' | 'decision1' | 'decision2';

/**
 * §6 roles are `{product}_OBSERVE`, `{product}_RESPONSIBLE1` and `{product}_RESPONSIBLE2`: the suffix tells what a
 * role allows whatever the product prefix. Another id (a role of the server's own) has no kind and shows as it is.
 */
export function roleKind(role: string): RoleKind | undefined {
  if (/_OBSERVE$/.test(role)) return 'observe';
  if (/_RESPONSIBLE1$/.test(role)) return 'decision1';
  if (/_RESPONSIBLE2$/.test(role)) return 'decision2';
  return undefined;
}

const cellKey = (p: Pick<Permission, 'username' | 'mrId' | 'role'>) => `${p.username}\u0000${p.mrId}\u0000${p.role}`;

/**
 * The list indexed by user, round and role: the grid looks up thousands of cells per render, and a scan of the
 * whole list for each would make every click slow with many users.
 */
export function indexPermissions(
  list: readonly Permission[],
): (p: Pick<Permission, 'username' | 'mrId' | 'role'>) => Permission | undefined {
  const byKey = new Map(list.map((p) => [cellKey(p), p]));
  return (p) => byKey.get(cellKey(p));
}

/** What "delete all rights of a user" removes, for the confirmation: held permissions and the rounds they are on. */
export function heldRightsOf(list: readonly Permission[], username: string): { permissions: number; rounds: string[] } {
  const held = list.filter((p) => p.username === username && p.$action !== 'DELETED');
  const rounds = [...new Set(held.map((p) => p.mrName ?? p.mrId))].sort((a, b) =>
    a.localeCompare(b, 'de', { numeric: true }),
  );
  return { permissions: held.length, rounds };
}
