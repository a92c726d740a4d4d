import { useMemo, useSyncExternalStore } from 'react';
import { map } from 'rxjs';
import type { MeasureRoundEntry } from '../../../schemas/api';
import type { Draft } from '../../../schemas/db/draft-doc';
import { calculateFormula } from '../../domain';
import { useDb } from '../../db/db-context';
import { useObservable } from '../../db/hooks';
import type { DraftStore } from '../../db/draft-store';
import { lastValuesOf, roundValuesOf } from '../../domain/formula-values';

const noDrafts: readonly Draft[] = [];
const noEntries: readonly MeasureRoundEntry[] = [];
const noSubscription = () => () => undefined;

/**
 * The live calculated value of a formula entry: follows every draft of the round, so only formula rows
 * pay for re-rendering on other rows' keystrokes; other entries subscribe to nothing.
 */
export function useCalculatedValue(entry: MeasureRoundEntry, store: DraftStore, mrId: string): number | undefined {
  const db = useDb();
  const formula = entry.tsFormula;
  const drafts = useSyncExternalStore(
    formula ? (l) => store.subscribeAll(l) : noSubscription,
    formula ? () => store.all() : () => noDrafts,
  );
  const entries = useObservable<readonly MeasureRoundEntry[]>(
    () => (formula ? db.rounds.findOne(mrId).$.pipe(map((d) => d?.entries ?? [])) : undefined),
    noEntries,
    [db, mrId, Boolean(formula)],
  );
  const last = useMemo(() => lastValuesOf(entries), [entries]);
  const current = useMemo(() => roundValuesOf(drafts), [drafts]);
  return formula ? calculateFormula(formula, last, current) : undefined;
}
