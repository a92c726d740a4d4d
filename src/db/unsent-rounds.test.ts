import { firstValueFrom, filter } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memoryDatabase } from '../../test/unit/memory-db';
import type { AppDatabase } from './database';
import { writeDraft } from './draft-store';
import { unsentRounds$ } from './unsent-rounds';

describe('unsentRounds$: the rounds the navbar counts as not sent', () => {
  let db: AppDatabase;
  beforeEach(async () => {
    db = await memoryDatabase();
  });
  afterEach(async () => {
    await db.close();
  });

  const instance = (instanceId: string, syncState: 'draft' | 'queued' | 'sent', updatedAt: number) =>
    db.offlineInstances.insert({
      instanceId,
      mrId: '1',
      mrName: 'Nord',
      mode: 'indoor',
      date: '2026-11-25',
      creationTime: '2026-11-25T07:00:00.000Z',
      syncState,
      updatedAt,
    });
  const ids = (wanted: string) =>
    firstValueFrom(
      unsentRounds$(db).pipe(filter((rounds) => rounds.map((r) => r.instanceId).join(',') === wanted)),
    ).then((rounds) => rounds.map((r) => r.instanceId).join(','));

  it('counts a draft once a value or remark is typed, not for blanks, and again not once it is cleared', async () => {
    await instance('a', 'draft', 1);
    await instance('b', 'queued', 2);
    await instance('c', 'sent', 3);
    await writeDraft(db, 'a', 'ts-1', { text: '  ' });
    // a queued round always waits; an indoor draft only with content; a sent one never
    expect(await ids('b')).toBe('b');
    await writeDraft(db, 'a', 'ts-2', { remark: 'vereist' });
    expect(await ids('a,b')).toBe('a,b');
    await writeDraft(db, 'a', 'ts-2', { remark: '' });
    expect(await ids('b')).toBe('b');
    await writeDraft(db, 'a', 'ts-1', { text: '12,5' });
    await writeDraft(db, 'c', 'ts-1', { text: '3' });
    expect(await ids('a,b')).toBe('a,b');
  });
});
