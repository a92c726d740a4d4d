import { describe, expect, it } from 'vitest';
import { holdsUnsentData, LIFECYCLE_STATES, type LifecycleState } from './lifecycle-states';
import {
  LIFECYCLE_EVENTS,
  missedByASend,
  serverHolding,
  transition,
  userActions,
  type LifecycleContext,
  type LifecycleEvent,
} from './round-lifecycle';

const fresh: LifecycleContext = { valuesStored: false, isCorrection: false };
const stored: LifecycleContext = { valuesStored: true, isCorrection: false };
const correcting: LifecycleContext = { valuesStored: false, isCorrection: true };

type Row = [LifecycleState, LifecycleEvent, LifecycleState];

/** Every allowed move of an instance the server holds nothing of; every pair not listed must be refused. */
const FRESH: Row[] = [
  ['draft', 'edit', 'draft'],
  ['draft', 'submit', 'queued'],
  ['correction', 'edit', 'correction'],
  ['correction', 'submit', 'queued'],
  ['queued', 'reopen', 'draft'],
  ['queued', 'start-send', 'sending'],
  ['queued', 'need-login', 'waiting-login'],
  ['sending', 'reopen', 'draft'],
  ['sending', 'values-stored', 'values-stored'],
  ['sending', 'finish', 'sent'],
  ['sending', 'fail', 'error'],
  ['sending', 'need-login', 'waiting-login'],
  ['sending', 'offline', 'waiting-network'],
  ['sending', 'resume', 'queued'],
  ['values-stored', 'reopen', 'draft'],
  ['values-stored', 'start-send', 'values-stored'],
  ['values-stored', 'photo-stored', 'values-stored'],
  ['values-stored', 'finish', 'sent'],
  ['values-stored', 'fail', 'error'],
  ['values-stored', 'need-login', 'waiting-login'],
  ['values-stored', 'offline', 'values-stored'],
  ['values-stored', 'resume', 'values-stored'],
  ['sent', 'reopen', 'draft'],
  ['error', 'edit', 'draft'],
  ['error', 'reopen', 'draft'],
  ['error', 'submit', 'queued'],
  ['waiting-login', 'reopen', 'draft'],
  ['waiting-login', 'resume', 'queued'],
  ['waiting-network', 'reopen', 'draft'],
  ['waiting-network', 'resume', 'queued'],
  ['waiting-network', 'start-send', 'sending'],
  ['waiting-network', 'need-login', 'waiting-login'],
];

/** The moves that depend on what the server holds. */
const DEPENDENT: [LifecycleState, LifecycleEvent, LifecycleContext, LifecycleState][] = [
  // once the server holds the values, every way back to editing is a correction
  ['queued', 'reopen', stored, 'correction'],
  ['sending', 'reopen', stored, 'correction'],
  ['values-stored', 'reopen', stored, 'correction'],
  ['sent', 'reopen', stored, 'correction'],
  ['error', 'edit', stored, 'correction'],
  ['error', 'reopen', stored, 'correction'],
  ['waiting-login', 'reopen', stored, 'correction'],
  ['waiting-network', 'reopen', stored, 'correction'],
  ['queued', 'reopen', correcting, 'correction'],
  ['error', 'edit', correcting, 'correction'],
  // a resubmit after an error sends only the photos when the values are on the server and unchanged
  ['error', 'submit', stored, 'values-stored'],
  ['error', 'submit', correcting, 'queued'],
  ['sending', 'resume', stored, 'values-stored'],
  ['waiting-login', 'resume', stored, 'values-stored'],
  ['waiting-network', 'resume', stored, 'values-stored'],
  ['waiting-network', 'start-send', stored, 'values-stored'],
];

describe('round lifecycle', () => {
  const allowed = new Map(FRESH.map(([s, e, to]) => [`${s}|${e}`, to]));
  const pairs = LIFECYCLE_STATES.flatMap((s) => LIFECYCLE_EVENTS.map((e) => [s, e] as const));

  it.each(pairs)('%s + %s (nothing on the server)', (state, event) => {
    expect(transition(state, event, fresh)).toBe(allowed.get(`${state}|${event}`) ?? null);
  });

  it.each(DEPENDENT)('%s + %s with %o → %s', (state, event, ctx, to) => {
    expect(transition(state, event, ctx)).toBe(to);
  });

  it('refuses the same pairs whatever the server holds (only targets change)', () => {
    for (const [state, event] of pairs)
      for (const ctx of [stored, correcting])
        expect(transition(state, event, ctx) === null).toBe(!allowed.has(`${state}|${event}`));
  });

  it('never lets a user edit an instance on its way, nor reach "sent" without the server', () => {
    for (const state of ['queued', 'sending', 'values-stored', 'waiting-login', 'waiting-network', 'sent'] as const)
      expect(transition(state, 'edit', fresh)).toBeNull();
    const toSent = pairs.filter(([s, e]) => transition(s, e, fresh) === 'sent').map(([, e]) => e);
    expect(new Set(toSent)).toEqual(new Set(['finish']));
  });

  it.each([
    ['draft', fresh, { edit: true, submit: true, reopen: false, delete: true }],
    ['correction', correcting, { edit: true, submit: true, reopen: false, delete: false }],
    ['queued', fresh, { edit: false, submit: false, reopen: true, delete: false }],
    ['sending', fresh, { edit: false, submit: false, reopen: true, delete: false }],
    ['values-stored', stored, { edit: false, submit: false, reopen: true, delete: false }],
    ['sent', stored, { edit: false, submit: false, reopen: false, delete: false }],
    ['error', fresh, { edit: true, submit: true, reopen: true, delete: true }],
    ['error', stored, { edit: true, submit: true, reopen: true, delete: false }],
    ['waiting-login', fresh, { edit: false, submit: false, reopen: true, delete: false }],
    ['waiting-network', fresh, { edit: false, submit: false, reopen: true, delete: false }],
  ] as const)('user actions in %s (%o)', (state, ctx, actions) => {
    expect(userActions(state, ctx)).toEqual(actions);
  });

  it.each([
    ['draft', fresh, 0, { kind: 'nothing' }],
    ['queued', correcting, 0, { kind: 'correction-waiting' }],
    ['values-stored', stored, 2, { kind: 'values', photosWaiting: 2 }],
    ['error', stored, 1, { kind: 'values', photosWaiting: 1 }],
    ['sent', stored, 0, { kind: 'everything' }],
  ] as const)('what the server holds in %s', (state, ctx, photosWaiting, holding) => {
    expect(serverHolding(state, { ...ctx, photosWaiting })).toEqual(holding);
  });

  it.each([
    ['draft', 'indoor', false, false],
    ['draft', 'indoor', true, true],
    ['draft', 'outdoor', false, true],
    ['correction', 'indoor', false, true],
    ['queued', 'meteo', false, true],
    ['values-stored', 'indoor', true, true],
    ['error', 'indoor', false, true],
    ['waiting-login', 'indoor', true, true],
    ['sent', 'outdoor', true, false],
  ] as const)('%s %s (content: %s) holds unsent data: %s', (state, mode, hasContent, unsent) => {
    expect(holdsUnsentData(state, { mode, hasContent })).toBe(unsent);
  });
});

/** Runs events through the lifecycle with the context a stored instance would have after each move. */
function run(events: [LifecycleEvent, LifecycleContext][]): LifecycleState | null {
  let state: LifecycleState | null = 'draft';
  for (const [event, ctx] of events) state = state && transition(state, event, ctx);
  return state;
}

describe('a change after a half-finished send (values stored, a photo failed)', () => {
  const halfSent: [LifecycleEvent, LifecycleContext][] = [
    ['submit', fresh],
    ['start-send', fresh],
    ['values-stored', fresh],
    ['fail', stored],
  ];
  it('a submit without a change sends only what is missing (the photos)', () => {
    expect(run([...halfSent, ['submit', stored]])).toBe('values-stored');
  });
  it('a change of any part (task, facility, photo, copy, team, remark) is an edit: a correction sent whole', () => {
    // the edit forks a correction (a new submission naming the stored one): its values are not stored yet
    expect(run([...halfSent, ['edit', stored]])).toBe('correction');
    expect(run([...halfSent, ['edit', stored], ['submit', correcting]])).toBe('queued');
  });
});

describe('a write stored while a send was under way or done (another tab, this one frozen): back to editing?', () => {
  // [state, without values on the server, with them]
  const rows: [LifecycleState, boolean, boolean][] = [
    ['draft', false, false],
    ['correction', false, false],
    ['queued', false, false],
    ['sending', true, true],
    // (the state always comes with the values stored; the flag decides)
    ['values-stored', false, true],
    ['sent', true, true],
    ['error', false, true],
    ['waiting-login', false, true],
    ['waiting-network', false, true],
  ];
  it('covers every state', () => expect(rows.map(([state]) => state).sort()).toEqual([...LIFECYCLE_STATES].sort()));
  it.each(rows)('%s: %s without values stored, %s with', (state, without, withValues) => {
    expect(missedByASend(state, fresh)).toBe(without);
    expect(missedByASend(state, { valuesStored: true, isCorrection: false })).toBe(withValues);
  });
});
