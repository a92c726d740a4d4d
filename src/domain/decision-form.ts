import type { CompletedEntry, CompletedMeasureRound, DecisionPost } from '../../schemas/api';
import {
  DECISION2_OPTIONS,
  decision1Options,
  ESCALATING_DECISION1,
  needsDecision1,
  type Decision1,
  type Decision2,
} from './decisions';
import type { ArchiveState } from './archive-search';

type RoundTimes = Pick<CompletedMeasureRound, 'completionTime' | 'decision1Time' | 'userDecision1Required'>;

export function archiveState(round: RoundTimes): ArchiveState {
  if (round.completionTime) return 'completed';
  if (round.decision1Time) return 'awaitingDecision2';
  if (round.userDecision1Required) return 'awaitingDecision1';
  return 'submitted';
}

export type DecisionStage = 1 | 2;

/** The decision stage a round waits for, if any. */
export function openStage(round: RoundTimes): DecisionStage | undefined {
  const state = archiveState(round);
  return state === 'awaitingDecision1' ? 1 : state === 'awaitingDecision2' ? 2 : undefined;
}

/** Entries that need a decision at a stage: flagged ones at 1, the escalated ones at 2 (as the server checks). */
export function dueEntries(entries: readonly CompletedEntry[], stage: DecisionStage): CompletedEntry[] {
  return entries.filter((e) =>
    stage === 1 ? needsDecision1(e) : !!e.decision1Value && ESCALATING_DECISION1.has(e.decision1Value),
  );
}

export function decisionOptions(tsId: string, stage: DecisionStage): readonly (Decision1 | Decision2)[] {
  return stage === 1 ? decision1Options(tsId) : DECISION2_OPTIONS;
}

/**
 * §6: RESPONSIBLE1 decides stage 1, RESPONSIBLE2 stage 2, each on the rounds the role is held for. The user's
 * roles per round (`rolesByRound`, from GET /info) are an extension of the reference server: a server that does
 * not tell them gets the form offered for every open stage, and its answer decides (403: not a decider).
 */
export function mayDecide(
  rolesByRound: Readonly<Record<string, readonly string[]>> | undefined,
  mrId: string,
  product: string,
  stage: DecisionStage,
): boolean {
  if (rolesByRound === undefined) return true;
  return (rolesByRound[mrId] ?? []).includes(`${product}_RESPONSIBLE${stage}`);
}

/** What the decider typed for one entry (stored as typed; the value is checked when the post is built). */
export interface DecisionInput {
  tsId: string;
  value?: string;
  remark?: string;
}

export type DecisionProblem =
  | { kind: 'team-missing' }
  | { kind: 'value-missing'; tsId: string }
  | { kind: 'value-invalid'; tsId: string; value: string };

/**
 * The POST body of one decision stage, or why it cannot be sent yet: a team, and for every due entry a value
 * allowed for it (the -VB variant has its own options). Remarks are trimmed; empty ones are left out.
 */
export function buildDecisionPost(
  entries: readonly CompletedEntry[],
  stage: DecisionStage,
  team: string | undefined,
  inputs: readonly DecisionInput[],
): { post: DecisionPost } | { problems: DecisionProblem[] } {
  const problems: DecisionProblem[] = [];
  const trimmedTeam = (team ?? '').trim();
  if (trimmedTeam === '') problems.push({ kind: 'team-missing' });
  const byTs = new Map(inputs.map((i) => [i.tsId, i]));
  const decisions: DecisionPost['decisions'] = [];
  for (const entry of dueEntries(entries, stage)) {
    const input = byTs.get(entry.tsId);
    const value = input?.value ?? '';
    if (value === '') {
      problems.push({ kind: 'value-missing', tsId: entry.tsId });
      continue;
    }
    const allowed: readonly string[] = decisionOptions(entry.tsId, stage);
    if (!allowed.includes(value)) {
      problems.push({ kind: 'value-invalid', tsId: entry.tsId, value });
      continue;
    }
    const remark = (input?.remark ?? '').trim();
    decisions.push({ tsId: entry.tsId, value: value as Decision1 | Decision2, ...(remark ? { remark } : {}) });
  }
  return problems.length > 0 ? { problems } : { post: { stage, team: trimmedTeam, decisions } };
}

type DecidedRound = Pick<
  CompletedMeasureRound,
  'decision1Time' | 'decision2Time' | 'decision1Team' | 'decision2Team'
> & {
  entries: readonly CompletedEntry[];
};

/**
 * Whether the server's round holds this decision as posted: its stage recorded, by the post's team, with each
 * entry's value and remark. A decision whose POST the server recorded but whose answer was lost (a 502 or a cut
 * connection after the server stored it, a browser closed meanwhile) is answered 409 when sent again, since its
 * stage is no longer open; the round then tells whether the stage holds this very decision.
 */
export function holdsDecision(round: DecidedRound, post: DecisionPost): boolean {
  const first = post.stage === 1;
  if (!(first ? round.decision1Time : round.decision2Time)) return false;
  if ((first ? round.decision1Team : round.decision2Team) !== post.team) return false;
  return post.decisions.every((d) => {
    const e = round.entries.find((x) => x.tsId === d.tsId);
    if (!e) return false;
    const [value, remark] = first ? [e.decision1Value, e.decision1Remark] : [e.decision2Value, e.decision2Remark];
    return value === d.value && (remark ?? undefined) === d.remark;
  });
}
