import type { CompletedMeasureRound } from '../../schemas/api';
import { dueEntries, mayDecide, openStage, type DecisionStage } from './decision-form';
import { isRefused, NO_REFUSALS, type RefusedDecisions } from './decision-refusals';

type ListedRound = Pick<
  CompletedMeasureRound,
  'instanceId' | 'mrId' | 'entries' | 'completionTime' | 'decision1Time' | 'userDecision1Required'
>;

/** What the round's screen offers for its open stage: the form, a read-only view, or a read-only view saying the server refused. */
export type DecisionAccess = 'decide' | 'read-only' | 'refused';

/**
 * §6: only the stage's decider decides. The roles of GET /info (an extension) say it beforehand and are read fresh
 * at every pull, so they win; without them (spec profile) the form is offered unless the server already refused
 * this user's decision on this stage of this round (remembered on the device, `refusedDecisions`).
 */
export function decisionAccess(
  round: Pick<ListedRound, 'instanceId' | 'mrId'>,
  stage: DecisionStage,
  rolesByRound: Readonly<Record<string, readonly string[]>> | undefined,
  product: string,
  refused: RefusedDecisions,
): DecisionAccess {
  if (rolesByRound !== undefined) return mayDecide(rolesByRound, round.mrId, product, stage) ? 'decide' : 'read-only';
  return isRefused(refused, round.instanceId, stage) ? 'refused' : 'decide';
}

/**
 * The decision stage a listed round awaits from this user, if any (issue 24: the archive list marks it). The same
 * rule as the decision form (open stage, then `mayDecide`), so the list never marks a round whose screen then shows
 * it read-only: without the per-round roles of GET /info (spec profile) every open stage is offered, as the form
 * does, until the server refused this user on it.
 */
export function awaitingDecisionOf(
  round: ListedRound,
  rolesByRound: Readonly<Record<string, readonly string[]>> | undefined,
  product: string,
  refused: RefusedDecisions = NO_REFUSALS,
): DecisionStage | undefined {
  const stage = openStage(round);
  return stage !== undefined && decisionAccess(round, stage, rolesByRound, product, refused) === 'decide'
    ? stage
    : undefined;
}

/**
 * Incidents of a round still to be assessed at its open stage: the entries the decision form asks for (flagged ones
 * at 1, escalated ones at 2) without a decision of that stage yet. A round without an open stage has none.
 */
export function openIncidents(round: ListedRound): number {
  const stage = openStage(round);
  if (stage === undefined) return 0;
  return dueEntries(round.entries, stage).filter((e) => !(stage === 1 ? e.decision1Value : e.decision2Value)).length;
}
