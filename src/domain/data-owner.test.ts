import { describe, expect, it } from 'vitest';
import { instanceVisibleTo, ownerOf, pulledDataAction, sortPulledRounds } from './data-owner';

describe('whose pulled data a pull keeps', () => {
  it.each([
    ['the same user', 'ora', 'ora', 'keep'],
    ['another user', 'ora', 'sue', 'wipe'],
    ['a user after a logout (nothing recorded)', undefined, 'sue', 'wipe'],
    ['login-off mode, always the same local user', 'demo', 'demo', 'keep'],
    ['login switched on after login-off mode', 'demo', 'ora', 'wipe'],
    ['nobody named (not logged in)', 'ora', null, 'keep'],
    ['/info not answered', 'ora', undefined, 'keep'],
    ['an empty username', 'ora', '', 'keep'],
  ] as const)('%s: %s', (_name, stored, current, action) => {
    expect(pulledDataAction(stored, current)).toBe(action);
  });
});

describe('which unsent instances a user sees', () => {
  it.each([
    ['own', 'ora', 'ora', true],
    ["another user's", 'ora', 'sue', false],
    ["another user's, nobody logged in", 'ora', undefined, false],
    ['without owner (login-off mode, older version)', undefined, 'sue', true],
    ['without owner, nobody logged in', undefined, null, true],
  ] as const)('%s: %s', (_name, owner, user, visible) => {
    expect(instanceVisibleTo(owner, user)).toBe(visible);
  });

  it.each([
    [{ owner: 'ora' }, 'ora'],
    [{ owner: '' }, undefined],
    [{}, undefined],
    [{ owner: 7 }, undefined],
  ])('owner of %j is %j', (doc, owner) => {
    expect(ownerOf(doc)).toBe(owner);
  });
});

describe('what a wipe does with the pulled rounds', () => {
  it('keeps what the next user needs, holds what only others need, drops the rest', () => {
    const unsent = [
      { mrId: '1', owner: 'ora' },
      { mrId: '2', owner: 'sue' },
      { mrId: '3' },
      { mrId: '4', owner: 'ora' },
      { mrId: '4', owner: 'max' },
      { mrId: '4', owner: 'ora' },
    ];
    const r = sortPulledRounds(['1', '2', '3', '4', '5'], unsent, 'sue');
    expect(r.keep).toEqual(['2', '3']);
    expect([...r.hold]).toEqual([
      ['1', ['ora']],
      ['4', ['ora', 'max']],
    ]);
    expect(r.drop).toEqual(['5']);
  });

  it('after a logout (no next user) holds every owned round and keeps only the unowned', () => {
    const r = sortPulledRounds(['1', '3'], [{ mrId: '1', owner: 'ora' }, { mrId: '3' }], undefined);
    expect(r.keep).toEqual(['3']);
    expect([...r.hold.keys()]).toEqual(['1']);
  });
});
