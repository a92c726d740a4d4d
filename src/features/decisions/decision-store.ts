import { useMemo } from 'react';
import { map } from 'rxjs';
import type { DecisionDoc } from '../../../schemas/db/decision-doc';
import { useDataOwner } from '../../db/data-owner';
import { ownDecision } from '../../db/decision-commands';
import { useDb } from '../../db/db-context';
import { useObservable } from '../../db/hooks';
import { refusedDecisions, type DecisionStage, type RefusedDecisions } from '../../domain';
import { instanceVisibleTo, ownerOf } from '../../domain/data-owner';

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
