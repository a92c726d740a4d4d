import { afterEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../db/database';
import { memoryDatabase } from '../../../test/unit/memory-db';
import { buildSupportZip, readSupportZip } from './support-archive';

const open: AppDatabase[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.close();
});
const meta = { clientVersion: 't', userAgent: 'vitest', now: new Date('2026-11-25T12:00:00Z') };

describe('the support export names the user', () => {
  it('whose data the device holds, and nobody after a logout', async () => {
    const db = await memoryDatabase();
    open.push(db);
    expect(readSupportZip(await buildSupportZip(db, meta)).manifest.username).toBeUndefined();
    await db.reference.insert({ key: 'dataOwner', data: { username: 'ora' }, fetchedAt: 1 });
    expect(readSupportZip(await buildSupportZip(db, meta)).manifest.username).toBe('ora');
  });
});
