import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './database';
import { runMigrations } from './migrations';
import { seedBarcodes, seedDemoData } from './seed';

describe('demo barcodes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'seed-barcodes-'));
  let db: Database;
  beforeAll(async () => {
    db = await openPglite(dir);
    await runMigrations(db);
    await seedDemoData(db);
  });
  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const definition = async (tsId: string) =>
    (
      await db.query<{ definition: Record<string, unknown> }>('select definition from round_entry where ts_id = $1', [
        tsId,
      ])
    )[0]?.definition;

  it('labels every timeseries and the spring stations on a new database', async () => {
    expect(await definition('2001-W')).toMatchObject({ tsBarcode: 'HWE-2001-W' });
    expect(await definition('3001-Q')).toMatchObject({
      tsBarcode: 'HWE-3001-Q',
      staMetadata: { latlng: [47.0412, 10.7433], barcode: 'ST-3001' },
    });
    const [{ unlabelled }] = (await db.query<{ unlabelled: number }>(
      "select count(*)::int as unlabelled from round_entry where not definition ? 'tsBarcode'",
    )) as [{ unlabelled: number }];
    expect(unlabelled).toBe(0);
  });

  it('adds the labels to a demo database created before them, once', async () => {
    await db.query(
      "update round_entry set definition = (definition - 'tsBarcode') || jsonb_build_object('staMetadata', (definition->'staMetadata') - 'barcode') where definition ? 'staMetadata'",
    );
    await db.query("update round_entry set definition = definition - 'tsBarcode'");
    await seedBarcodes(db);
    expect(await definition('3001-Q')).toMatchObject({ tsBarcode: 'HWE-3001-Q', staMetadata: { barcode: 'ST-3001' } });
    expect(await definition('2001-W')).toMatchObject({ tsBarcode: 'HWE-2001-W' });
    // an operator's own label is never overwritten
    await db.query(
      `update round_entry set definition = definition || '{"tsBarcode":"OWN"}'::jsonb where ts_id = '2001-W'`,
    );
    await seedBarcodes(db);
    expect(await definition('2001-W')).toMatchObject({ tsBarcode: 'OWN' });
  });
});
