import { afterEach, beforeEach, expect, it } from 'vitest';
import { levelEntry, roundDoc } from '../../test/unit/fixtures';
import { memoryDatabase } from '../../test/unit/memory-db';
import type { AppDatabase } from './database';
import { storeTour } from './tour-commands';

let db: AppDatabase;
beforeEach(async () => {
  db = await memoryDatabase();
});
afterEach(async () => {
  await db.close();
});

it('stores the round’s snapshot and its summary before the outdoor instance', async () => {
  const located = { ...levelEntry('a', '1', 'Quelle'), staLocation: { latitude: 46.5, longitude: 11.3 } };
  const round = roundDoc({ entries: [located, levelEntry('b', '2', 'Bach')] });
  const instance = await storeTour(db, { round, date: '2026-12-06', team: ' ', remark: '' });
  expect(instance.mode).toBe('outdoor');
  const snapshot = await db.reference.findOne(`tourRound:${instance.instanceId}`).exec();
  expect(snapshot?.data).toEqual(round);
  const summary = await db.reference.findOne(`tourSummary:${instance.instanceId}`).exec();
  expect(summary?.data).toEqual({
    entryCount: 2,
    entriesWithHistory: 0,
    points: [{ latitude: 46.5, longitude: 11.3 }],
  });
});
