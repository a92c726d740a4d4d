import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../app';
import { testDatabaseOptions } from '../../test/support/server/test-database';
import { readNetworkPath } from './folder';
import { zipNetworkFiles } from './write-files';
import { parseZrxp } from './zrxp';

const EXAMPLE = new URL('../../examples/network', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'operator-api-'));
let server: RunningServer;
const API = () => `${server.url}/hwe-api/v2`;

beforeAll(async () => {
  // a fresh install: no demo data
  server = await startServer({ port: 0, ...(await testDatabaseOptions(dir, { demo: false })) });
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const send = (path: string, body: Uint8Array | string, type = 'application/zip') =>
  fetch(`${API()}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': type },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });

describe('a fresh install', () => {
  it('answers a default configuration and empty reference lists instead of 404', async () => {
    const config = await fetch(`${API()}/config`);
    expect(config.status).toBe(200);
    expect(await config.json()).toMatchObject({ product: 'HWE', locale: 'de', mode: 1 });
    expect(await (await fetch(`${API()}/measure-round`)).json()).toEqual([]);
    expect(await (await fetch(`${API()}/discharge-meters`)).json()).toEqual([]);
    expect(await (await fetch(`${API()}/station-facilities/models`)).json()).toEqual([]);
    expect((await (await fetch(`${API()}/measure-documents`)).json()) as object).toMatchObject({ documents: [] });
  });
});

describe('the operator API', () => {
  it('previews the example network (dry run), stores nothing, then applies it', async () => {
    const zip = zipNetworkFiles(readNetworkPath(EXAMPLE));
    const preview = await send('/admin/network?dryRun=1', zip);
    expect(preview.status).toBe(200);
    const body = (await preview.json()) as { applied: boolean; changes: Record<string, { added: string[] }> };
    expect(body.applied).toBe(false);
    expect(body.changes.rounds?.added).toEqual(['101', '102']);
    expect(await (await fetch(`${API()}/measure-round`)).json()).toEqual([]);
    const applied = await send('/admin/network', zip);
    expect(applied.status).toBe(200);
    const rounds = (await (await fetch(`${API()}/measure-round`)).json()) as { mrName: string }[];
    expect(rounds.map((r) => r.mrName)).toEqual(['Pegelrunde Oberes Inntal', 'Quellen Pitztal']);
    expect(await (await fetch(`${API()}/config`)).json()).toMatchObject({ defaultTime: '07:00' });
  });

  it('answers every problem of a bad upload with file, row and column, storing nothing', async () => {
    const bad =
      'mrId;staNumber;staName;tsId;tsParameter;tsUnit;min;max\n101;1;A;1-W;W;cm;9,5;1,5\n101;1;A;1-W;W;nein/Ja;;\n';
    const res = await send('/admin/network', bad, 'text/csv');
    expect(res.status).toBe(400);
    const { problems } = (await res.json()) as { problems: { file: string; row: number; column: string }[] };
    expect(problems.map((p) => `${p.file}:${p.row}:${p.column}`)).toEqual([
      'entries.csv:2:min',
      'entries.csv:3:tsId',
      'entries.csv:3:tsUnit',
    ]);
    const round = (await (await fetch(`${API()}/measure-round/101`)).json()) as { entries: unknown[] };
    expect(round.entries).toHaveLength(8);
  });

  it('imports history from ZRXP (several series, RINVAL, time zone, remarks) and refuses an impossible date', async () => {
    const zrxp = [
      '#REXCHANGE201010-W|*|#TZUTC+1|*|#RINVAL-777|*|#CUNITcm|*|',
      '#LAYOUT(timestamp,value,remark)|*|',
      '20261101070000 132 "Hochwasserspuren"',
      '20261102070000 -777',
      '#REXCHANGE201020-W|*|#TZUTC+1|*|',
      '#LAYOUT(timestamp,value)|*|',
      '20261101070000 250.5',
    ].join('\n');
    const res = await send('/admin/history?name=history.zrx', zrxp, 'text/plain');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ applied: true, values: 3, series: { '201010-W': 2, '201020-W': 1 } });
    const rows = await server.db.query<{ ts_id: string; dt: Date; value: number | null; ts_remark: unknown }>(
      "select ts_id, dt, value, ts_remark from historic_value where ts_id like '2010%' order by ts_id, dt",
    );
    expect(rows.map((r) => [r.ts_id, new Date(r.dt).toISOString(), r.value, r.ts_remark])).toEqual([
      ['201010-W', '2026-11-01T06:00:00.000Z', 132, { text: 'Hochwasserspuren' }],
      ['201010-W', '2026-11-02T06:00:00.000Z', null, null],
      ['201020-W', '2026-11-01T06:00:00.000Z', 250.5, null],
    ]);
    const bad = await send(
      '/admin/history?name=history.csv',
      'tsId;time;value\n201010-W;30.02.2026 07:00;1,5\n',
      'text/csv',
    );
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { problems: unknown[] }).problems).toEqual([
      expect.objectContaining({ file: 'history.csv', row: 2, column: 'time' }),
    ]);
  });

  it('exports submitted readings as CSV and ZRXP, names entries without import number, and audits corrections', async () => {
    const first = crypto.randomUUID();
    const entries = (value: number) => [
      {
        staNumber: '201030',
        tsId: '201030-W',
        dt: '2026-11-20T07:00:00.000+01:00',
        value,
        tsRemark: { text: 'Treibholz' },
      },
      { staNumber: '201030', tsId: '201030-null', dt: '2026-11-20T07:00:00.000+01:00', value: 140 },
    ];
    const post = (instanceId: string, value: number, corrects?: string) =>
      send(
        '/measure-round/101',
        JSON.stringify({
          instanceId,
          creationTime: '2026-11-20T06:00:00.000Z',
          mrTeam: 'Huber',
          entries: entries(value),
          ...(corrects ? { corrects } : {}),
        }),
        'application/json',
      );
    expect((await post(first, 141)).status).toBe(200);
    const csv = await fetch(`${API()}/admin/readings?mrId=101&format=csv`);
    const text = await csv.text();
    expect(text.split('\n')[0]).toContain('tsId,importNumber,staNumber');
    expect(text).toContain('201030-W,201030-W,201030,Pegel Imst');
    expect(text).toContain('2026-11-20T06:00:00.000Z,2026-11-20T07:00:00+01:00,141,Treibholz,Huber,101');
    expect(text).toContain('201030-null,,201030');
    const zrxpRes = await fetch(`${API()}/admin/readings?format=zrxp&tz=UTC%2B1`);
    expect(zrxpRes.headers.get('X-Skipped-Series')).toBe('201030-null');
    const zrxp = await zrxpRes.text();
    expect(zrxp).toContain('#REXCHANGE201030-W|*|#TZUTC+1|*|#RINVAL-777|*|#CUNITcm|*|');
    expect(zrxp).toContain('## skipped (no import number defined, §4 tsId digits-null): 201030-null');
    const read = parseZrxp(zrxp);
    expect(read.problems).toEqual([]);
    expect(read.series).toEqual([
      {
        exchange: '201030-W',
        unit: 'cm',
        points: [{ t: Date.parse('2026-11-20T06:00:00Z'), value: 141, remark: 'Treibholz' }],
      },
    ]);

    const correction = crypto.randomUUID();
    expect((await post(correction, 143, first)).status).toBe(200);
    const after = (await (await fetch(`${API()}/admin/readings?format=json&tsId=201030-W`)).json()) as {
      readings: { value: number; instanceId: string; corrects?: string }[];
    };
    expect(after.readings).toEqual([expect.objectContaining({ value: 143, instanceId: correction, corrects: first })]);
    // by parameter: both level series of the station are W, the difference series D has no reading
    const byParameter = async (p: string) =>
      (
        (await (await fetch(`${API()}/admin/readings?format=json&staNumber=201030&tsParameter=${p}`)).json()) as {
          readings: { tsId: string; value: number }[];
        }
      ).readings.map((r) => [r.tsId, r.value]);
    expect(await byParameter('W')).toEqual([
      ['201030-W', 143],
      ['201030-null', 140],
    ]);
    expect(await byParameter('D')).toEqual([]);
    const audit = await (await fetch(`${API()}/admin/audit?format=json`)).json();
    expect(audit).toEqual({
      lines: [
        expect.objectContaining({
          kind: 'correction',
          user: 'demo',
          instanceId: correction,
          correctedInstanceId: first,
          tsId: '201030-W',
          oldValue: 141,
          newValue: 143,
        }),
      ],
    });
  });

  it('exports incrementally from a cursor: a second run finds only what came since', async () => {
    const res = await fetch(`${API()}/admin/readings?format=json&since=2000-01-01T00:00:00Z`);
    const cursor = res.headers.get('X-Next-Cursor') ?? '';
    expect(cursor).not.toBe('');
    const again = (await (
      await fetch(`${API()}/admin/readings?format=json&since=${encodeURIComponent(cursor)}`)
    ).json()) as {
      readings: unknown[];
    };
    expect(again.readings).toEqual([]);
  });
});
