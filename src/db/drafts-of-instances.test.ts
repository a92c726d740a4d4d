import { filter, firstValueFrom } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordDraftQueryRanges } from '../../test/unit/draft-query-ranges';
import { memoryDatabase } from '../../test/unit/memory-db';
import type { AppDatabase } from './database';
import { draftsOfInstances$ } from './drafts-of-instances';
import { writeDraft } from './draft-store';
import { typedInstanceIds$ } from './unsent-rounds';

/**
 * The drafts of a few rounds among many: the start page's unsent rounds and the analysis chart's open values. Round
 * "b" sorts between "a" and "c", as a sent round's id sorts between two unsent ones on a device used for months.
 */
describe('reading the drafts of some rounds', () => {
  let db: AppDatabase;
  beforeEach(async () => {
    db = await memoryDatabase();
    await writeDraft(db, 'a', 'ts-1', { text: '1' });
    await writeDraft(db, 'b', 'ts-1', { text: '2' });
    await writeDraft(db, 'b', 'ts-2', { remark: 'sent long ago' });
    await writeDraft(db, 'c', 'ts-1', { text: '  ' });
  });
  afterEach(async () => {
    await db.close();
  });

  const tsIdsOf = (ids: readonly string[], count: number) =>
    firstValueFrom(draftsOfInstances$(db, ids).pipe(filter((drafts) => drafts.length === count))).then((drafts) =>
      drafts.map((d) => d.id).sort(),
    );

  it('gives the drafts of the rounds asked for, live, and reads no round between them', async () => {
    const ranges = recordDraftQueryRanges(db);
    expect(await tsIdsOf(['a', 'c'], 2)).toEqual(['a|ts-1', 'c|ts-1']);
    await writeDraft(db, 'a', 'ts-2', { text: '3' });
    expect(await tsIdsOf(['a', 'c'], 3)).toEqual(['a|ts-1', 'a|ts-2', 'c|ts-1']);
    expect(ranges.length).toBeGreaterThan(0);
    // each read covers one round: never the range from "a" to "c", which holds "b"
    expect(ranges.filter((r) => r.from !== r.to)).toEqual([]);
  });

  it('gives nothing for no rounds', async () => {
    expect(await firstValueFrom(draftsOfInstances$(db, []))).toEqual([]);
  });

  it.each([
    { asked: ['a', 'c'], typed: ['a'] },
    { asked: ['c'], typed: [] },
    { asked: ['b', 'c'], typed: ['b'] },
    { asked: [], typed: [] },
  ])('says which of $asked hold typed input (blanks do not): $typed', async ({ asked, typed }) => {
    const ranges = recordDraftQueryRanges(db);
    expect([...(await firstValueFrom(typedInstanceIds$(db, asked)))].sort()).toEqual(typed);
    expect(ranges.filter((r) => r.from !== r.to)).toEqual([]);
  });
});
