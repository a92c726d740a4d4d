/**
 * The lifecycle of one round instance (Architecture §3): every state, every event and every allowed move in
 * one place. Pure: the commands of src/db/instance-commands.ts ask it before they write, so no screen, hook or
 * queue can move an instance along a path that is not listed here.
 *
 * What the server holds is part of the state, never guessed: once the values step succeeded the instance is
 * "values stored" (photos may still be waiting) and any later change is a correction, a new submission that
 * names the one it corrects.
 */

import { LIFECYCLE_STATES, type LifecycleState } from './lifecycle-states';

export const LIFECYCLE_EVENTS = [
  /**
   * the user changed anything the round's submission carries: a value, time or remark, a photo, a station task, a
   * facility change, a station copy, the team or the round remark (each through its command in src/db)
   */
  'edit',
  /** the user submitted */
  'submit',
  /** "Edit again": back to editing, also while a send is in flight (the send notices and does not mark it sent) */
  'reopen',
  /** the queue starts sending it */
  'start-send',
  /** the server confirmed the values */
  'values-stored',
  /** one more photo reached the server (photos still waiting) */
  'photo-stored',
  /** the server confirmed everything */
  'finish',
  /** a step failed for good */
  'fail',
  /** a 401, or the logged-in user is not its author */
  'need-login',
  /** the network went away mid-send */
  'offline',
  /** its author logged in, the network came back, or the app restarted mid-send: it is sent again */
  'resume',
] as const;
export type LifecycleEvent = (typeof LIFECYCLE_EVENTS)[number];

/** What the transition needs to know besides the state. */
export interface LifecycleContext {
  /** the server holds the values of the submission this instance sends next */
  valuesStored: boolean;
  /** the instance is a correction (it names a submission the server holds) */
  isCorrection: boolean;
}

/** Where an edit leads: a correction once the server holds (or held) values of this round. */
function editing(ctx: LifecycleContext): LifecycleState {
  return ctx.valuesStored || ctx.isCorrection ? 'correction' : 'draft';
}
/** Where a send starts again: only the photos are left when the server holds the values. */
function resumed(ctx: LifecycleContext): LifecycleState {
  return ctx.valuesStored ? 'values-stored' : 'queued';
}

type Rule = LifecycleState | ((ctx: LifecycleContext) => LifecycleState);

/** Every allowed transition; anything not listed is refused. */
const TRANSITIONS: Record<LifecycleState, Partial<Record<LifecycleEvent, Rule>>> = {
  draft: { edit: 'draft', submit: 'queued' },
  correction: { edit: 'correction', submit: 'queued' },
  queued: { reopen: editing, 'start-send': 'sending', 'need-login': 'waiting-login' },
  sending: {
    reopen: editing,
    'values-stored': 'values-stored',
    finish: 'sent',
    fail: 'error',
    'need-login': 'waiting-login',
    offline: 'waiting-network',
    resume: resumed,
  },
  'values-stored': {
    reopen: editing,
    'start-send': 'values-stored',
    'photo-stored': 'values-stored',
    finish: 'sent',
    fail: 'error',
    'need-login': 'waiting-login',
    offline: 'values-stored',
    resume: 'values-stored',
  },
  sent: { reopen: editing },
  // An edit after an error goes straight back to editing; a submit sends only what is missing.
  error: {
    edit: editing,
    reopen: editing,
    submit: (ctx) => (ctx.valuesStored && !ctx.isCorrection ? 'values-stored' : 'queued'),
  },
  'waiting-login': { reopen: editing, resume: resumed },
  'waiting-network': {
    reopen: editing,
    resume: resumed,
    'need-login': 'waiting-login',
    'start-send': (ctx) => (ctx.valuesStored ? 'values-stored' : 'sending'),
  },
};

/** The state after `event`, or null when the lifecycle refuses it. */
export function transition(state: LifecycleState, event: LifecycleEvent, ctx: LifecycleContext): LifecycleState | null {
  const rule = TRANSITIONS[state][event];
  if (rule === undefined) return null;
  return typeof rule === 'function' ? rule(ctx) : rule;
}

/** What the user may do with an instance in a state (the screens offer exactly these). */
export interface UserActions {
  /** type values, photos, team and remark */
  edit: boolean;
  submit: boolean;
  /** "Edit again" */
  reopen: boolean;
  /** delete it from this device (never while it is on its way or once the server holds values) */
  delete: boolean;
}

export function userActions(state: LifecycleState, ctx: LifecycleContext): UserActions {
  const onServer = ctx.valuesStored || ctx.isCorrection;
  return {
    edit: transition(state, 'edit', ctx) !== null,
    submit: transition(state, 'submit', ctx) !== null,
    reopen: transition(state, 'reopen', ctx) !== null && state !== 'sent',
    delete: (state === 'draft' || state === 'error') && !onServer,
  };
}

/** States the queue picks up by itself (waiting-login waits for its author's login). */
export const SENDABLE_STATES: readonly LifecycleState[] = ['queued', 'values-stored', 'waiting-network'];
/** States of an instance on its way: the screens lock its inputs. */
export const IN_FLIGHT_STATES: readonly LifecycleState[] = [
  'queued',
  'sending',
  'values-stored',
  'waiting-login',
  'waiting-network',
];
/** States the user can type into. */
export const EDITABLE_STATES: readonly LifecycleState[] = ['draft', 'correction', 'error'];

/**
 * Whether a write stored while the instance was in `state` may be missing from what the server holds or is sent
 * next, so the instance must go back to editing ("Edit again"): a send under way or done, or values the server holds
 * that the next send would skip (an error after the values step sends only the photos). An edit of a draft or a
 * correction goes with the next submit, and a queued send reads it when it starts.
 */
export function missedByASend(state: LifecycleState, ctx: LifecycleContext): boolean {
  if (state === 'draft' || state === 'correction' || state === 'queued') return false;
  return state === 'sending' || state === 'sent' || ctx.valuesStored;
}
/**
 * Every state with data the server does not hold yet: the sync badge counts these (drafts only with content),
 * and a table or tour keeps working on the one instance of its round and date in one of them.
 */
export const UNSENT_STATES: readonly LifecycleState[] = LIFECYCLE_STATES.filter((s) => s !== 'sent');

/** How the UI describes what the server holds; never "sent" for something the server did not confirm. */
export type ServerHolding =
  | { kind: 'nothing' }
  | { kind: 'values'; photosWaiting: number }
  | { kind: 'correction-waiting' }
  | { kind: 'everything' };

export function serverHolding(state: LifecycleState, ctx: LifecycleContext & { photosWaiting: number }): ServerHolding {
  if (state === 'sent') return { kind: 'everything' };
  if (ctx.isCorrection && !ctx.valuesStored) return { kind: 'correction-waiting' };
  if (ctx.valuesStored) return { kind: 'values', photosWaiting: ctx.photosWaiting };
  return { kind: 'nothing' };
}
