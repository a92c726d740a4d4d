import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompletedMeasureRound, MeasureRoundPost } from '../schemas/api';
import { startServer, type RunningServer } from './app';
import { testDatabaseOptions } from '../test/support/server/test-database';

// a changed body under a stored instanceId is refused; a correction is a new submission naming it.
const dir = mkdtempSync(join(tmpdir(), 'server-corrections-'));
let server: RunningServer;
const API = () => `${server.url}/hwe-api/v2`;

beforeAll(async () => {
  server = await startServer({ port: 0, ...(await testDatabaseOptions(dir)) });
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const post = (body: unknown) =>
  fetch(`${API()}/measure-round/1`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
const dt = '2026-11-20T12:00:00.000+01:00';
const round = (value: number, over: Partial<MeasureRoundPost> = {}): MeasureRoundPost =>
  ({
    instanceId: crypto.randomUUID(),
    creationTime: '2026-11-20T08:00:00.000Z',
    mrRemark: 'Kontrollgang',
    entries: [{ staNumber: '2001', tsId: '2001-W', dt, value }],
    ...over,
  }) as MeasureRoundPost;
const history = async () =>
  server.db.query<{ value: number; instance_id: string }>(
    'select value, instance_id from historic_value where ts_id = $1 and dt = $2',
    ['2001-W', dt],
  );
const completed = async (id: string) =>
  (await (await fetch(`${API()}/completed-measure-round/${id}`)).json()) as CompletedMeasureRound;

describe('corrections (extension)', () => {
  it('advertises the extension in /info', async () => {
    expect(((await (await fetch(`${API()}/info`)).json()) as { extensions: string[] }).extensions).toContain(
      'corrections',
    );
  });

  it('answers a repeat with a different body with 409 and changes nothing; an identical repeat stays a duplicate', async () => {
    const first = round(3.97);
    expect((await post(first)).status).toBe(200);
    const before = await server.db.query('select instance_id, value_count, body from submission order by instance_id');
    const changed = await post({ ...first, entries: [{ ...first.entries[0], value: 4.47 }] });
    expect(changed.status).toBe(409);
    expect(await changed.json()).toMatchObject({
      message: expect.stringContaining('different body'),
      code: 'submission-differs',
    });
    expect(await history()).toEqual([{ value: 3.97, instance_id: first.instanceId }]);
    expect(await server.db.query('select instance_id, value_count, body from submission order by instance_id')).toEqual(
      before,
    );
    // the same content with its keys in another order is the same body
    const reordered = {
      entries: first.entries,
      mrRemark: first.mrRemark,
      creationTime: first.creationTime,
      instanceId: first.instanceId,
    };
    expect(await (await post(reordered)).json()).toMatchObject({ duplicate: true, valueCount: 1 });
  });

  it('stores a correction linked to the submission it corrects, with its value in the history and both in the archive', async () => {
    await server.db.query('delete from historic_value where ts_id = $1 and dt = $2', ['2001-W', dt]);
    const first = round(3.97);
    expect((await post(first)).status).toBe(200);
    const correction = round(4.47, { corrects: first.instanceId });
    expect(await (await post(correction)).json()).toMatchObject({ duplicate: false, valueCount: 1 });
    expect(await history()).toEqual([{ value: 4.47, instance_id: correction.instanceId }]);
    const corrected = await completed(first.instanceId);
    expect(corrected.entries[0]?.value).toBe(3.97);
    expect(corrected.correctedBy).toMatchObject({
      instanceId: correction.instanceId,
      user: 'demo',
      time: expect.stringMatching(/^\d{4}-/),
    });
    const correcting = await completed(correction.instanceId);
    expect(correcting).toMatchObject({ corrects: first.instanceId });
    expect(correcting.entries[0]?.value).toBe(4.47);
    const list = (await (await fetch(`${API()}/completed-measure-round`)).json()) as
      CompletedMeasureRound[] | { rounds?: CompletedMeasureRound[] };
    const rows = Array.isArray(list) ? list : (list.rounds ?? []);
    expect(rows.find((r) => r.instanceId === first.instanceId)?.correctedBy?.instanceId).toBe(correction.instanceId);
    expect(rows.find((r) => r.instanceId === correction.instanceId)?.corrects).toBe(first.instanceId);
  });

  it('refuses a correction of a submission that is not stored', async () => {
    const res = await post(round(1, { corrects: crypto.randomUUID() }));
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toContain('corrects');
  });
});
