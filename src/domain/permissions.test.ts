import { describe, expect, it } from 'vitest';
import type { Permission } from '../../schemas/api';
import {
  checkNewUser,
  compileNameFilter,
  countChanges,
  heldRightsOf,
  indexPermissions,
  isHeld,
  removeAllOfUser,
  roleKind,
  toggleAll,
} from './permissions';

const p = (username: string, mrId: string, role: string, $action?: 'NEW' | 'DELETED'): Permission => ({
  username,
  mrId,
  role,
  ...($action ? { $action } : {}),
});

describe('permission matrix (§2, §4)', () => {
  it.each([
    ['stored', [p('a', '1', 'R')], true],
    ['new', [p('a', '1', 'R', 'NEW')], true],
    ['deleted', [p('a', '1', 'R', 'DELETED')], false],
    ['absent', [p('a', '2', 'R'), p('b', '1', 'R'), p('a', '1', 'S')], false],
  ])('a %s permission is held: %s', (_name, list, held) => {
    expect(isHeld(list, p('a', '1', 'R'))).toBe(held);
  });

  it('double-click adds every missing cell, then removes them all', () => {
    const cells = [p('a', '1', 'R'), p('a', '1', 'S'), p('a', '1', 'T')];
    const start = [p('a', '1', 'R'), p('a', '1', 'S', 'DELETED')];
    const all = toggleAll(start, cells);
    expect(all).toEqual([p('a', '1', 'R'), { ...p('a', '1', 'S'), $action: undefined }, p('a', '1', 'T', 'NEW')]);
    expect(cells.every((c) => isHeld(all, c))).toBe(true);
    const none = toggleAll(all, cells);
    expect(none).toEqual([p('a', '1', 'R', 'DELETED'), p('a', '1', 'S', 'DELETED')]);
    expect(toggleAll(start, [])).toEqual(start);
  });

  it('removes all rights of one user and leaves the others', () => {
    const list = [p('a', '1', 'R'), p('a', '2', 'R', 'NEW'), p('a', '3', 'R', 'DELETED'), p('b', '1', 'R')];
    const out = removeAllOfUser(list, 'a');
    expect(out).toEqual([p('a', '1', 'R', 'DELETED'), p('a', '3', 'R', 'DELETED'), p('b', '1', 'R')]);
    expect(countChanges(out)).toEqual({ added: 0, removed: 2 });
  });

  it.each([
    ['', 'anything', true],
    ['  ', 'anything', true],
    ['quell', 'Quellen Kaunertal', true],
    ['^Talsperre', 'Quellen Kaunertal', false],
    ['OBSERVE|RESPONSIBLE1', 'HWE_RESPONSIBLE1', true],
  ])('filter %j on %s: %s', (pattern, text, expected) => {
    const f = compileNameFilter(pattern);
    expect(f.ok && f.matches(text)).toBe(expected);
  });

  it('reports an invalid expression instead of throwing', () => {
    const f = compileNameFilter('Quellen(');
    expect(f.ok).toBe(false);
    expect(!f.ok && f.error).toMatch(/Invalid regular expression/);
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['Olga', 'exists'],
    [' olga ', 'exists'],
    ['x'.repeat(201), 'tooLong'],
    ['new.user', undefined],
  ])('new user %j: %s', (name, problem) => {
    expect(checkNewUser(name, ['olga', 'rudi'])).toBe(problem);
  });
});

describe('role names and the grid lookups (§6)', () => {
  it.each([
    ['HWE_OBSERVE', 'observe'],
    ['HWE_RESPONSIBLE1', 'decision1'],
    ['HWE_RESPONSIBLE2', 'decision2'],
    ['WBL_RESPONSIBLE1', 'decision1'],
    ['HWE_RESPONSIBLE3', undefined],
    ['ADMIN', undefined],
    ['HWE_OBSERVER', undefined],
  ])('%s is %s', (role, kind) => {
    expect(roleKind(role)).toBe(kind);
  });

  it('finds a cell in the index, marked or not, and nothing for another user with the same round and role', () => {
    const list: Permission[] = [
      { username: 'olga', mrId: '2', role: 'HWE_OBSERVE' },
      { username: 'rudi', mrId: '1', role: 'HWE_OBSERVE', $action: 'DELETED' },
    ];
    const find = indexPermissions(list);
    expect(find({ username: 'olga', mrId: '2', role: 'HWE_OBSERVE' })).toBe(list[0]);
    expect(find({ username: 'rudi', mrId: '1', role: 'HWE_OBSERVE' })?.$action).toBe('DELETED');
    expect(find({ username: 'olga', mrId: '1', role: 'HWE_OBSERVE' })).toBeUndefined();
  });

  it('counts the rights a deletion removes and names their rounds, without those already marked for removal', () => {
    const list: Permission[] = [
      { username: 'rudi', mrId: '1', mrName: 'Talsperre', role: 'HWE_OBSERVE' },
      { username: 'rudi', mrId: '1', mrName: 'Talsperre', role: 'HWE_RESPONSIBLE1', $action: 'NEW' },
      { username: 'rudi', mrId: '2', mrName: 'Meteo', role: 'HWE_OBSERVE', $action: 'DELETED' },
      { username: 'rudi', mrId: '3', role: 'HWE_OBSERVE' },
      { username: 'olga', mrId: '2', mrName: 'Meteo', role: 'HWE_OBSERVE' },
    ];
    expect(heldRightsOf(list, 'rudi')).toEqual({ permissions: 3, rounds: ['3', 'Talsperre'] });
    expect(heldRightsOf(list, 'berta')).toEqual({ permissions: 0, rounds: [] });
  });
});
