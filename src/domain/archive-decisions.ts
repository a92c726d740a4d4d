import type { CompletedMeasureRound } from '../../schemas/api';
import { dueEntries, mayDecide, openStage, type DecisionStage } from './decision-form';

type ListedRound = Pick<
  CompletedMeasureRound,
  'mrId' | 'entries' | 'completionTime' | 'decision1Time' | 'userDecision1Required'
>;

/**
 * The decision stage a listed round awaits from this user, if any (issue 24: the archive list marks it). The same
 * rule as the decision form (open stage, then `mayDecide`), so the list never marks a round whose screen then shows
 * it read-only: without the per-round roles of GET /info (spec profile) every open stage is offered, as the form
 * does, and the server's answer decides.
 */
export function awaitingDecisionOf(
  round: ListedRound,
  rolesByRound: Readonly<Record<string, readonly string[]>> | undefined,
  product: string,
): DecisionStage | undefined {
  const stage = openStage(round);
  return stage !== undefined && mayDecide(rolesByRound, round.mrId, product, stage) ? stage : undefined;
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
