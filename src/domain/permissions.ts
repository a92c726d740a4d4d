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

/** Adding a role the user already holds is skipped. */
export function addPermission(list: readonly Permission[], p: Permission): Permission[] {
  return list.some((x) => same(x, p)) ? [...list] : [...list, { ...p, $action: 'NEW' }];
}

/** The set to save: without DELETED entries and without the client-side action marker. */
export function permissionsToSave(list: readonly Permission[]): Permission[] {
  return list.filter((p) => p.$action !== 'DELETED').map(({ $action: _a, ...p }) => p);
}

export function countChanges(list: readonly Permission[]): { added: number; removed: number } {
  return { added: list.filter((p) => p.$action === 'NEW').length, removed: list.filter((p) => p.$action === 'DELETED').length };
}
