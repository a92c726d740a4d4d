import { map } from 'rxjs';
import type { DecisionDoc, DecisionSyncState } from '../../../schemas/db/decision-doc';
import type { AppDatabase } from '../../db/database';
import { useDb } from '../../db/db-context';
import { useObservable } from '../../db/hooks';
import type { DecisionStage } from '../../domain';

export const decisionId = (instanceId: string, stage: DecisionStage) => `${instanceId}|${stage}`;

/** States in which the typed decision may still change (not yet handed to the queue, or refused). */
export const EDITABLE: ReadonlySet<DecisionSyncState> = new Set(['draft', 'error']);

/** Writes to one decision document one after the other, so the first keystrokes never race its creation. */
const chains = new Map<string, Promise<unknown>>();

export function writeDecision(
  db: AppDatabase,
  base: { instanceId: string; stage: DecisionStage; mrName: string },
  change: (d: DecisionDoc) => DecisionDoc,
): Promise<unknown> {
  const id = decisionId(base.instanceId, base.stage);
  const run = async () => {
    const existing = await db.decisions.findOne(id).exec();
    if (existing) {
      await existing.incrementalModify((d) => ({ ...change(d), updatedAt: Date.now() }));
      return;
    }
    const fresh: DecisionDoc = {
      id,
      instanceId: base.instanceId,
      stage: base.stage,
      mrName: base.mrName,
      inputs: [],
      syncState: 'draft',
      updatedAt: Date.now(),
    };
    await db.decisions.insert({ ...change(fresh), updatedAt: Date.now() });
  };
  const next = (chains.get(id) ?? Promise.resolve()).then(run, run);
  chains.set(id, next);
  return next;
}

/** One field of one entry's decision, as typed. */
export function setInput(d: DecisionDoc, tsId: string, field: 'value' | 'remark', text: string): DecisionDoc {
  const others = d.inputs.filter((i) => i.tsId !== tsId);
  const current = d.inputs.find((i) => i.tsId === tsId) ?? { tsId };
  return { ...d, inputs: [...others, { ...current, [field]: text }] };
}

export function useDecision(instanceId: string, stage: DecisionStage | undefined): DecisionDoc | null | undefined {
  const db = useDb();
  return useObservable<DecisionDoc | null | undefined>(
    () =>
      stage
        ? db.decisions.findOne(decisionId(instanceId, stage)).$.pipe(map((d) => (d ? d.toMutableJSON() : null)))
        : undefined,
    undefined,
    [db, instanceId, stage],
  );
}

/** Every decision of a round typed on this device (for the state shown after the round has moved on). */
export function useRoundDecisions(instanceId: string): DecisionDoc[] {
  const db = useDb();
  return useObservable(
    () =>
      db.decisions
        .find({ selector: { instanceId }, sort: [{ updatedAt: 'desc' }] })
        .$.pipe(map((ds) => ds.map((d) => d.toMutableJSON()))),
    [],
    [db, instanceId],
  );
}
