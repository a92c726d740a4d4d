import { useMemo } from 'react';
import { map } from 'rxjs';
import type { DecisionDoc, DecisionSyncState } from '../../../schemas/db/decision-doc';
import { useDataOwner } from '../../db/data-owner';
import type { AppDatabase } from '../../db/database';
import { useDb } from '../../db/db-context';
import { useObservable } from '../../db/hooks';
import { currentUser } from '../../db/data-owner';
import { refusedDecisions, type DecisionStage, type RefusedDecisions } from '../../domain';
import { instanceVisibleTo, ownerOf, type Username } from '../../domain/data-owner';

/** One decision per round, stage and decider: two users on one device never type into each other's. */
const decisionId = (instanceId: string, stage: DecisionStage, owner: string) =>
  owner ? `${instanceId}|${stage}|${owner}` : `${instanceId}|${stage}`;

/**
 * The decision of a stage `user` continues: their own, else one without a decider (login-off mode, or typed
 * before deciders were recorded), which is everyone's as before. Other users' decisions are never theirs.
 */
function ownDecision<D extends DecisionDoc>(docs: readonly D[], user: Username): D | undefined {
  return docs.find((d) => !!user && ownerOf(d) === user) ?? docs.find((d) => instanceVisibleTo(ownerOf(d), user));
}

/** States in which the typed decision may still change (not yet handed to the queue, or refused). */
export const EDITABLE: ReadonlySet<DecisionSyncState> = new Set(['draft', 'error']);

/** Writes to one decision document one after the other, so the first keystrokes never race its creation. */
const chains = new Map<string, Promise<unknown>>();

export function writeDecision(
  db: AppDatabase,
  base: { instanceId: string; stage: DecisionStage; mrName: string },
  change: (d: DecisionDoc) => DecisionDoc,
): Promise<unknown> {
  const chain = `${base.instanceId}|${base.stage}`;
  const run = async () => {
    const user = await currentUser(db);
    const existing = ownDecision(
      await db.decisions.find({ selector: { instanceId: base.instanceId, stage: base.stage } }).exec(),
      user,
    );
    if (existing) {
      await existing.incrementalModify((d) => ({ ...change(d), updatedAt: Date.now() }));
      return;
    }
    const fresh: DecisionDoc = {
      id: decisionId(base.instanceId, base.stage, user),
      instanceId: base.instanceId,
      stage: base.stage,
      mrName: base.mrName,
      owner: user,
      inputs: [],
      syncState: 'draft',
      updatedAt: Date.now(),
    };
    await db.decisions.insert({ ...change(fresh), updatedAt: Date.now() });
  };
  const next = (chains.get(chain) ?? Promise.resolve()).then(run, run);
  chains.set(chain, next);
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
  const user = useDataOwner();
  const docs = useObservable<DecisionDoc[] | undefined>(
    () =>
      stage
        ? db.decisions.find({ selector: { instanceId, stage } }).$.pipe(map((ds) => ds.map((d) => d.toMutableJSON())))
        : undefined,
    undefined,
    [db, instanceId, stage],
  );
  return useMemo(() => {
    if (docs === undefined || user === null) return undefined;
    return ownDecision(docs, user) ?? null;
  }, [docs, user]);
}

/**
 * The decisions of a round on this device, newest first, split for shared devices: those the user may see (their
 * own or nobody's; the last one says how the round went after it moved on), and the deciders of
 * the other users' unsent ones (they wait for their login; only the name is shown, never what was decided).
 */
export function useDecisionsByOwner(instanceId: string): { visible: DecisionDoc[]; waitingFor: string[] } {
  const db = useDb();
  const user = useDataOwner();
  const docs = useObservable(
    () =>
      db.decisions
        .find({ selector: { instanceId }, sort: [{ updatedAt: 'desc' }] })
        .$.pipe(map((ds) => ds.map((d) => d.toMutableJSON()))),
    [],
    [db, instanceId],
  );
  return useMemo(() => {
    if (user === null) return { visible: [], waitingFor: [] };
    const visible = docs.filter((d) => instanceVisibleTo(ownerOf(d), user));
    const waitingFor = [
      ...new Set(
        docs.flatMap((d) => {
          const owner = ownerOf(d);
          return owner && !instanceVisibleTo(owner, user) && d.syncState !== 'sent' && d.syncState !== 'draft'
            ? [owner]
            : [];
        }),
      ),
    ];
    return { visible, waitingFor };
  }, [docs, user]);
}

/** Hands a refused or failed decision to the queue again, as typed ("send again"). */
export async function requeueDecision(db: AppDatabase, id: string): Promise<void> {
  const doc = await db.decisions.findOne(id).exec();
  await doc?.incrementalPatch({ syncState: 'queued', lastError: undefined, attempts: 0, updatedAt: Date.now() });
}

/**
 * The stages of rounds the server refused the logged-in user's decision on (403), read from the decisions on this
 * device: they survive a reload, and a later successful decision on the round clears them (refusedDecisions).
 * Undefined while the decisions are read.
 */
export function useRefusedDecisions(): RefusedDecisions | undefined {
  const db = useDb();
  const user = useDataOwner();
  const docs = useObservable<DecisionDoc[] | undefined>(
    () =>
      db.decisions
        .find({ selector: { syncState: { $in: ['error', 'sent'] } } })
        .$.pipe(map((ds) => ds.map((d) => d.toMutableJSON()))),
    undefined,
    [db],
  );
  // undefined until read: a refused round is never marked or offered for a moment before the refusal is known
  return useMemo(() => (docs === undefined || user === null ? undefined : refusedDecisions(docs, user)), [docs, user]);
}
