import type { AppDatabase } from '../../src/db/database';

/**
 * Records, for every query the drafts collection sends to its storage, which rounds its read covers: the first and
 * the last instanceId of the index range RxDB's query planner chose ('*' for a query not read by that index). A
 * query for several rounds by `$in` shows as one range from the smallest id to the largest.
 * @internal test infrastructure
 */
export function recordDraftQueryRanges(db: AppDatabase): { from: string; to: string }[] {
  const ranges: { from: string; to: string }[] = [];
  const storage = db.drafts.storageInstance;
  const query = storage.query.bind(storage);
  storage.query = (prepared) => {
    const plan = prepared.queryPlan;
    // RxDB puts `_deleted` in front of every index
    const at = plan.index.indexOf('instanceId');
    ranges.push({
      from: at < 0 ? '*' : String(plan.startKeys[at]),
      to: at < 0 ? '*' : String(plan.endKeys[at]),
    });
    return query(prepared);
  };
  return ranges;
}
