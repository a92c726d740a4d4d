import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { filter, firstValueFrom } from 'rxjs';
import type { MeasureRoundEntry } from '../../schemas/api';
import type { RoundDoc } from '../../schemas/db/round-doc';
import { tourRoundKey } from '../db/instance-round';
import { memoryDatabase } from '../../test/unit/memory-db';
import type { AppDatabase } from '../db/database';
import { refusedEntries$ } from './use-refused-entries';

const entry = (tsId: string, staName: string, staNumber: string, tsParameter: string) =>
  ({ tsId, staName, staNumber, tsParameter, tsUnit: 'm' }) as MeasureRoundEntry;
const round = (entries: MeasureRoundEntry[]): RoundDoc => ({
  mrId: '7',
  mrName: 'Damm',
  mrVersion: 'v1',
  entries,
  fetchedAt: 1,
});
const INSTANCE = '8d7c3a8e-6a39-4f7c-9a55-0d2b8f7d6c11';

describe('the entries a refusal away from the table is named from', () => {
  let db: AppDatabase;
  beforeEach(async () => {
    db = await memoryDatabase();
  });
  afterEach(async () => {
    await db.close();
  });
  const first = () => firstValueFrom(refusedEntries$(db, { instanceId: INSTANCE, mrName: 'Damm' }));

  it('takes the round as pulled, by its name, with only what names a series', async () => {
    await db.rounds.insert(round([entry('2001-W', 'Piezometer P1', '2001', 'W')]));
    await db.rounds.insert({ ...round([entry('9-X', 'Other', '9', 'X')]), mrId: '8', mrName: 'Quellen' });
    expect(await first()).toEqual([{ tsId: '2001-W', staName: 'Piezometer P1', staNumber: '2001', tsParameter: 'W' }]);
  });

  it("takes a stored tour's own snapshot over the round as pulled since", async () => {
    await db.rounds.insert(round([entry('2001-W', 'Piezometer P1 (renamed)', '2001', 'W')]));
    await db.reference.insert({
      key: tourRoundKey(INSTANCE),
      data: round([entry('2001-W', 'Piezometer P1', '2001', 'W')]),
      fetchedAt: 1,
    });
    expect((await first()).map((e) => e.staName)).toEqual(['Piezometer P1']);
  });

  it('is empty when the device holds the round no more, and follows a pull that stores it again', async () => {
    expect(await first()).toEqual([]);
    const next = firstValueFrom(
      refusedEntries$(db, { instanceId: INSTANCE, mrName: 'Damm' }).pipe(filter((entries) => entries.length > 0)),
    );
    await db.rounds.insert(round([entry('2005-E', 'Schieber', '2005', 'E')]));
    expect((await next).map((e) => e.tsId)).toEqual(['2005-E']);
  });
});
