import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SyncState } from '../../schemas/db/offline-instance-doc';
import type { AppDatabase } from '../db/database';
import { memoryDatabase } from '../../test/unit/memory-db';
import { submissionOutcome, watchSubmissions, type SubmissionEvent } from './submission-events';

describe('submissionOutcome', () => {
  it.each<[SyncState | undefined, SyncState, 'sent' | 'error' | undefined]>([
    ['sending', 'sent', 'sent'],
    ['queued', 'sent', 'sent'],
    ['values-stored', 'error', 'error'],
    ['sending', 'error', 'error'],
    [undefined, 'sent', 'sent'],
    ['sent', 'sent', undefined],
    ['error', 'error', undefined],
    ['draft', 'draft', undefined],
    ['draft', 'queued', undefined],
    ['queued', 'sending', undefined],
    ['sending', 'values-stored', undefined],
    ['error', 'draft', undefined],
  ])('%s → %s is %s', (prev, next, expected) => {
    expect(submissionOutcome(prev, next)).toBe(expected);
  });
});

describe('watchSubmissions', () => {
  let db: AppDatabase;
  beforeEach(async () => {
    db = await memoryDatabase();
  });
  afterEach(async () => {
    await db.close();
  });

  it('reports the transitions to sent and error once each, with name and value count', async () => {
    const events: SubmissionEvent[] = [];
    const sub = watchSubmissions(db).subscribe((e) => events.push(e));
    const doc = await db.offlineInstances.insert({
      instanceId: 'i1',
      mrId: '1',
      mrName: 'Runde Nord',
      mode: 'indoor',
      date: '2026-11-23',
      creationTime: '2026-11-23T06:00:00Z',
      drafts: [],
      syncState: 'draft',
      updatedAt: 1,
    });
    await doc.incrementalPatch({ syncState: 'queued' });
    await doc.incrementalPatch({ syncState: 'sending' });
    await doc.incrementalPatch({ syncState: 'error', lastError: { code: 'http', status: 500 } });
    await doc.incrementalPatch({ updatedAt: 2 });
    await doc.incrementalPatch({ syncState: 'queued', lastError: undefined });
    await doc.incrementalPatch({ syncState: 'sending' });
    await doc.incrementalPatch({ syncState: 'sent', valueCount: 1, sentAt: Date.parse('2026-11-23T07:00:00Z') });
    await doc.incrementalPatch({ updatedAt: 3 });
    sub.unsubscribe();
    expect(events).toEqual([
      {
        outcome: 'error',
        instanceId: 'i1',
        mrName: 'Runde Nord',
        date: '2026-11-23',
        mode: 'indoor',
        valueCount: 0,
        dt: '1970-01-01T00:00:00.001Z',
        lastError: { code: 'http', status: 500 },
      },
      {
        outcome: 'sent',
        instanceId: 'i1',
        mrName: 'Runde Nord',
        date: '2026-11-23',
        mode: 'indoor',
        valueCount: 1,
        dt: '2026-11-23T07:00:00.000Z',
      },
    ]);
  });
});
