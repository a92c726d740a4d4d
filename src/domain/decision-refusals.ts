import type { DecisionStage } from './decision-form';
import { instanceVisibleTo, ownerOf, type Username } from './data-owner';

/** The lastError of a decision the server refused with 403: the user lacks the decider role (shown translated). */
export const DECISION_FORBIDDEN = 'forbidden';

/** What the rule reads of a decision stored on the device (the decisions collection). */
export interface DecisionRecord {
  instanceId: string;
  stage: DecisionStage;
  owner?: string;
  syncState: string;
  lastError?: string;
  updatedAt: number;
}

/** Round and stage pairs the server refused a user's decision on, as `${instanceId}|${stage}`. */
export type RefusedDecisions = ReadonlySet<string>;

export const NO_REFUSALS: RefusedDecisions = new Set();

const key = (instanceId: string, stage: DecisionStage) => `${instanceId}|${stage}`;

/**
 * The stages of rounds the server refused `user`'s decision on (403), remembered by the refused decision itself
 * on the device: a spec-only server names no per-round roles (§7 GET /info), so the refusal is the only sign that
 * this user holds no decider role there. A later successful decision of the user on the same round clears the
 * round's refusals (the server let them decide after all); other users' decisions on a shared device count for
 * them only.
 */
export function refusedDecisions(decisions: readonly DecisionRecord[], user: Username): RefusedDecisions {
  const own = decisions.filter((d) => instanceVisibleTo(ownerOf(d), user));
  const lastSent = new Map<string, number>();
  for (const d of own)
    if (d.syncState === 'sent') lastSent.set(d.instanceId, Math.max(lastSent.get(d.instanceId) ?? 0, d.updatedAt));
  const refused = own.filter(
    (d) =>
      d.syncState === 'error' &&
      d.lastError === DECISION_FORBIDDEN &&
      d.updatedAt > (lastSent.get(d.instanceId) ?? Number.NEGATIVE_INFINITY),
  );
  return new Set(refused.map((d) => key(d.instanceId, d.stage)));
}

export function isRefused(refused: RefusedDecisions, instanceId: string, stage: DecisionStage): boolean {
  return refused.has(key(instanceId, stage));
}
