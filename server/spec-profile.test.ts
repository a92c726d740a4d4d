import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './app';
import { CONFIG_EXTENSION_FIELDS, EXTENSION_PATHS, INFO_EXTENSION_FIELDS } from './extensions';
import { checkingFetch, contractChecker } from '../test/support/server/openapi-contract';
import { openApiDocument } from './openapi/document';
import { testDatabaseOptions } from '../test/support/server/test-database';

// API_PROFILE=spec: only what §3 and §7 define. Its answers must match the same OpenAPI description.
const dir = mkdtempSync(join(tmpdir(), 'spec-profile-'));
let server: RunningServer;
const API = () => `${server.url}/hwe-api/v2`;
const problems: string[] = [];
const call = checkingFetch(contractChecker(openApiDocument('test')), API, problems);
const get = (path: string) => call(`${API()}${path}`);
const post = (path: string, body: unknown) =>
  call(`${API()}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  server = await startServer({ port: 0, ...(await testDatabaseOptions(dir)), apiProfile: 'spec' });
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const at = (minutes: number) => new Date(Date.now() - 3_600_000 + minutes * 60_000).toISOString();
const submission = (value: number, minutes: number) => ({
  instanceId: crypto.randomUUID(),
  creationTime: new Date().toISOString(),
  entries: [{ staNumber: '2001', tsId: '2001-W', dt: at(minutes), value }],
});

describe('API_PROFILE=spec', () => {
  it('answers config and info with the fields of §3 only, and 404 for the extra calls', async () => {
    // an operator's config with our print*/post* flags: the spec profile still leaves them out
    await server.db.query(`update reference_data set data = data || $1::jsonb where key = 'config'`, [
      JSON.stringify({ printAfterSave: true, printArchivePdf: false, postImages: false }),
    ]);
    const config = (await (await get('/config')).json()) as Record<string, unknown>;
    expect(config.defaultTime).toBe('12:00');
    for (const f of CONFIG_EXTENSION_FIELDS) expect(config, f).not.toHaveProperty(f);
    const info = (await (await get('/info')).json()) as Record<string, unknown>;
    expect(info).toMatchObject({ apiVersion: 'v2', username: 'demo', isAdmin: true });
    for (const f of INFO_EXTENSION_FIELDS) expect(info, f).not.toHaveProperty(f);
    for (const p of EXTENSION_PATHS) expect((await get(p)).status, p).toBe(404);
    // "not there" is 404 in §7 (the full profile answers a missing overlay 204)
    expect((await get('/measure-round/3/map/overlay?mapType=ortho')).status).toBe(404);
  });

  it("answers the rounds without the past plausibility ranges (an extension: the app checks against today's)", async () => {
    const list = (await (await get('/measure-round')).json()) as { mrId: string | number }[];
    const entries: Record<string, unknown>[] = [];
    for (const { mrId } of list)
      entries.push(
        ...((await (await get(`/measure-round/${mrId}`)).json()) as { entries: Record<string, unknown>[] }).entries,
      );
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.filter((e) => 'tsPlausibilityHistory' in e)).toEqual([]);
  });

  it('answers the POSTs without a body, lists the whole archive without paging and ignores the history window', async () => {
    const plain = submission(1680.5, 1);
    const stored = await post('/measure-round/1', plain);
    expect([stored.status, await stored.text()]).toEqual([204, '']);
    const flagged = submission(99_999, 2);
    expect((await post('/measure-round/1', flagged)).status).toBe(204);

    const list = await get('/completed-measure-round?limit=1');
    expect(list.headers.get('X-Next-Page')).toBeNull();
    const rounds = (await list.json()) as { instanceId: string; decision1User?: unknown }[];
    expect(rounds.map((r) => r.instanceId)).toEqual(expect.arrayContaining([plain.instanceId, flagged.instanceId]));

    const decided = await post(`/completed-measure-round/${flagged.instanceId}`, {
      stage: 1,
      team: 'Team A',
      decisions: [{ tsId: '2001-W', value: 'NOT_RELEVANT' }],
    });
    expect([decided.status, await decided.text()]).toEqual([204, '']);
    const round = (await (await get(`/completed-measure-round/${flagged.instanceId}`)).json()) as Record<
      string,
      unknown
    >;
    expect(round).toMatchObject({ decision1Team: 'Team A', userDecision1Required: true });
    expect(round.decision1Time).toEqual(expect.any(String));
    expect(round).not.toHaveProperty('decision1User');

    const { values } = (await (
      await get(`/timeseries-values?tsId=2001-W&from=${encodeURIComponent(new Date().toISOString())}`)
    ).json()) as { values: unknown[] };
    expect(values.length).toBeGreaterThan(1);

    const permissions = await (await get('/admin/permissions')).json();
    const saved = await post('/admin/permissions', permissions);
    expect([saved.status, await saved.text()]).toEqual([204, '']);
    expect(problems).toEqual([]);
  });
});
