import type { CompletedMeasureRound, DecisionPost, MeasureRound, MeasureRoundEntry } from '../../schemas/api';
import { combineDateAndTime } from '../../src/domain';
import {
  decisionOptions,
  dueEntries,
  holdsDecision,
  openStage,
  type DecisionStage,
} from '../../src/domain/decision-form';
import type { Tab } from './app-adapter';
import { requestKind, type ArmedFault, type ProxyFaultKind } from './fault-proxy';
import { Rng } from './prng';
import type { SoakServer } from './soak-server';

/**
 * Issue 29 item 6, "decisions sent across faults": rounds with an implausible value reach the server, then the
 * deciders record stage 1 and, when it escalates, stage 2, each through the decision commands and the decision
 * queue (replication/decision-queue.ts) with the submissions' faults armed on its POST. The check counts every
 * decision on the server: held exactly once as posted, never called sent by the device when the server lacks it.
 */

/** One decision a decider recorded: what the server must hold after the run. */
export interface DecisionMade {
  instanceId: string;
  stage: DecisionStage;
  post: DecisionPost;
}

/** What the decision phase needs of the driver (its device, faults and bookkeeping). */
export interface DecisionContext {
  tab: () => Tab;
  net: { online: boolean };
  kill: () => void;
  flush: () => Promise<void>;
  flushSecondTab: (second: Tab) => Promise<void>;
  settle: () => Promise<void>;
  server: SoakServer;
  round: MeasureRound;
  entries: readonly MeasureRoundEntry[];
  slot: (k: number) => { date: string; time: string };
  note: (decision: string) => void;
  count: (kind: 'offline-flap' | 'second-tab') => void;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The decision rounds' slots: far past the rounds the main loop types (a round a minute), so none share a time. */
const DECISION_SLOT_BASE = 20_000;

/** Arms one to three of the submissions' faults on the next decision POSTs (the server restart is the values'). */
function armDecisionFaults(ctx: DecisionContext, rng: Rng): void {
  const n = rng.int(1, 3);
  for (let i = 0; i < n; i++) {
    const r = rng.float();
    let fault: ArmedFault;
    if (r < 0.22) fault = { kind: '502-before', on: 'decision' };
    else if (r < 0.44) fault = { kind: '502-after', on: 'decision' };
    else if (r < 0.62) fault = { kind: 'drop-after', on: 'decision' };
    else if (r < 0.75) fault = { kind: 'delay', on: 'decision', delayMs: rng.int(20, 200) };
    else if (r < 0.88) {
      const kind = rng.pick<ProxyFaultKind>(['drop-before', 'drop-after']);
      fault = { kind, on: 'decision', label: 'offline-flap', onHit: () => void (ctx.net.online = false) };
    } else {
      const kind = rng.pick<ProxyFaultKind>(['delay', '502-before', 'drop-after']);
      fault = { kind, on: 'decision', delayMs: 30, label: 'browser-killed', onHit: () => ctx.kill() };
    }
    ctx.note(`decision:${fault.label ?? fault.kind}`);
    ctx.server.proxy.arm(fault);
  }
}

async function serverRound(server: SoakServer, instanceId: string): Promise<CompletedMeasureRound | undefined> {
  return (await server.getJson<CompletedMeasureRound>(`/completed-measure-round/${encodeURIComponent(instanceId)}`))
    .data;
}

/** One stage decided under faults: typed, recorded, sent (maybe offline first, maybe by two tabs at once). */
async function decideStage(
  ctx: DecisionContext,
  rng: Rng,
  round: CompletedMeasureRound,
  stage: DecisionStage,
  k: number,
): Promise<DecisionMade | undefined> {
  const choices = dueEntries(round.entries, stage).map((e) => {
    const value = rng.pick(decisionOptions(e.tsId, stage));
    return { tsId: e.tsId, value, ...(rng.chance(0.4) ? { remark: `Soak ${k} Beurteilung ${stage}` } : {}) };
  });
  if (choices.length === 0) return undefined;
  ctx.note(`decide:${stage}:${choices.map((c) => c.value).join(',')}`);
  armDecisionFaults(ctx, rng);
  const offline = rng.chance(0.1);
  if (offline) {
    ctx.count('offline-flap');
    ctx.net.online = false;
  }
  const post = await ctx.tab().decide(round, stage, `Soak ${k} Team ${stage}`, choices);
  if (!post) throw new Error(`decision ${stage} of ${round.instanceId} refused by the form or the lifecycle`);
  if (offline) {
    await ctx.flush();
    await sleep(rng.int(0, 20));
    ctx.net.online = true;
  }
  if (rng.chance(0.15)) {
    // a second tab of the same browser sends the same queued decision: it must be stored once
    ctx.note('decision:second-tab');
    ctx.count('second-tab');
    const second = ctx.tab().secondTab(ctx.server.proxy.url, ctx.net, () => sleep(5));
    await second.start();
    await Promise.all([ctx.flush(), ctx.flushSecondTab(second)]);
    await second.close();
  }
  await ctx.flush();
  await ctx.settle();
  ctx.server.proxy.disarm();
  return { instanceId: round.instanceId, stage, post };
}

/** The decider's "Send again" on a decision in error, as the user does it on the decision card. */
async function sendAgain(ctx: DecisionContext, made: DecisionMade): Promise<void> {
  if (await ctx.tab().sendDecisionAgain(made.instanceId, made.stage)) await ctx.flush();
}

/**
 * `rounds` rounds, each with one implausible value (the reason a decider is asked), submitted without faults;
 * then both stages decided under faults. Each round draws from its own generator, so the main loop's plan is
 * as it was.
 */
export async function driveDecisions(ctx: DecisionContext, seed: number, rounds: number): Promise<DecisionMade[]> {
  const made: DecisionMade[] = [];
  for (let i = 0; i < rounds; i++) {
    const rng = new Rng(seed * 7919 + 104_729 + i);
    const k = DECISION_SLOT_BASE + i;
    const instanceId = rng.uuid();
    const { date, time } = ctx.slot(k);
    if (!combineDateAndTime(date, time)) throw new Error(`bad slot ${date} ${time}`);
    const tab = ctx.tab();
    await tab.createInstance(ctx.round, date, instanceId);
    const [flagged, plain] = rng.sample(ctx.entries, 2);
    if (!flagged || !plain) throw new Error('the soak round has fewer than two numeric entries');
    const { min = 0, max = 10 } = flagged.tsPlausibilityCheck ?? {};
    // above the plausible range: the server asks the first decider for this entry
    const implausible = Math.round((max + (max - min) * (0.5 + rng.float())) * 100) / 100 + 1;
    await tab.typeValue(instanceId, flagged.tsId, { text: String(implausible).replace('.', ','), time });
    const p = plain.tsPlausibilityCheck ?? {};
    const plausible = Math.round(((p.min ?? 0) + ((p.max ?? 10) - (p.min ?? 0)) * rng.float()) * 100) / 100;
    await tab.typeValue(instanceId, plain.tsId, { text: String(plausible).replace('.', ','), time });
    await tab.queueRound(instanceId);
    await ctx.flush();
    await ctx.settle();
    let round = await serverRound(ctx.server, instanceId);
    if (!round || openStage(round) !== 1) throw new Error(`decision round ${instanceId} did not reach decision 1`);
    const first = await decideStage(ctx, rng, round, 1, k);
    if (!first) continue;
    made.push(first);
    // the second decider can only decide once the first stage is on the server: "Send again" if it is not
    for (let pass = 0; pass < 3; pass++) {
      round = await serverRound(ctx.server, instanceId);
      if (round?.decision1Time) break;
      await sendAgain(ctx, first);
    }
    if (round && openStage(round) === 2) {
      const second = await decideStage(ctx, rng, round, 2, k);
      if (second) made.push(second);
    }
  }
  // the final drain: every decision in error is sent again once more, as the user would
  for (let pass = 0; pass < 3; pass++) {
    for (const m of made) await sendAgain(ctx, m);
    await ctx.flush();
  }
  return made;
}

/** Per decision: held once as posted, pending, lost, duplicated, and the device's claim against the server. */
export interface DecisionCounts {
  checked: number;
  /** the server holds the stage with exactly the posted values, team and remarks */
  stored: number;
  /** not held, and the device does not say sent (still waiting or in error) */
  pending: number;
  /** not held while the device says sent */
  silentlyLost: number;
  /** the server recorded the stage's POST more than once */
  duplicated: number;
  /** held by the server, yet the device shows it as not sent (error or still waiting): it invites a resend */
  heldButShownUnsent: number;
  /** faults that hit a decision POST (part of the fault table's counts) */
  faults: number;
}

export async function checkDecisions(
  server: SoakServer,
  tab: Tab,
  made: readonly DecisionMade[],
  problems: string[],
): Promise<DecisionCounts> {
  const c: DecisionCounts = {
    checked: 0,
    stored: 0,
    pending: 0,
    silentlyLost: 0,
    duplicated: 0,
    heldButShownUnsent: 0,
    faults: 0,
  };
  const problem = (line: string) => void (problems.length < 30 && problems.push(line));
  // POSTs the server answered 2xx, per round: one per stage it holds, else a stage was recorded twice
  const recorded = new Map<string, number>();
  for (const entry of server.proxy.log) {
    if (entry.fault && requestKind(entry.method, entry.path) === 'decision') c.faults += 1;
    const m = /\/completed-measure-round\/([^/?]+)$/.exec(entry.path);
    if (entry.method === 'POST' && m?.[1] && entry.upstreamStatus !== undefined && entry.upstreamStatus < 300)
      recorded.set(decodeURIComponent(m[1]), (recorded.get(decodeURIComponent(m[1])) ?? 0) + 1);
  }
  const stagesHeld = new Map<string, number>();
  for (const m of made) {
    c.checked += 1;
    const round = await serverRound(server, m.instanceId);
    const held = !!round && holdsDecision(round, m.post);
    const state = await tab.decisionState(m.instanceId, m.stage);
    if (held) {
      c.stored += 1;
      stagesHeld.set(m.instanceId, (stagesHeld.get(m.instanceId) ?? 0) + 1);
      if (state !== 'sent') {
        c.heldButShownUnsent += 1;
        problem(`decision ${m.stage} of ${m.instanceId}: on the server, device shows ${state ?? 'nothing'}`);
      }
    } else if (state === 'sent') {
      c.silentlyLost += 1;
      problem(`decision ${m.stage} of ${m.instanceId}: not on the server as posted, device says sent`);
    } else {
      c.pending += 1;
      problem(`decision ${m.stage} of ${m.instanceId}: not on the server, device shows ${state ?? 'nothing'}`);
    }
  }
  for (const [instanceId, n] of recorded) {
    const held = stagesHeld.get(instanceId) ?? 0;
    if (made.some((m) => m.instanceId === instanceId) && n > held) {
      c.duplicated += n - held;
      problem(`decisions of ${instanceId}: ${n} POSTs recorded for ${held} stages held`);
    }
  }
  return c;
}
