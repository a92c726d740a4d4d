// The lifecycle's states and what the sync badge counts: apart from its moves (round-lifecycle.ts), because the
// database schema and the navbar need them on the first screen, and the moves only the screens that change a round.

export const LIFECYCLE_STATES = [
  /** being entered; the server holds nothing of it */
  'draft',
  /** being entered as a correction of values the server already holds */
  'correction',
  /** submitted, waits for the queue (a correction too: `corrects` names the corrected submission) */
  'queued',
  /** the queue is sending its values (or its photos first on servers that take images before values) */
  'sending',
  /** the server holds the values; photos are still waiting or being uploaded */
  'values-stored',
  /** the server confirmed holding everything: values and every photo */
  'sent',
  /** a step failed for good; `valuesStoredAt` tells whether the server holds the values */
  'error',
  /** needs its author's login (401, or another user is logged in) */
  'waiting-login',
  /** the network went away mid-send; it goes on when the device is online */
  'waiting-network',
] as const;
export type LifecycleState = (typeof LIFECYCLE_STATES)[number];

/**
 * Whether an instance holds data the server does not (the sync badge counts these): everything not sent, but a
 * table draft only once something was typed into it (opening a table creates none of them); a stored tour always.
 */
export function holdsUnsentData(state: LifecycleState, opts: { mode: string; hasContent: boolean }): boolean {
  if (state === 'sent') return false;
  if (state === 'draft') return opts.mode === 'outdoor' || opts.hasContent;
  return true;
}
