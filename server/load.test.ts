import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeasureRound, MeasureRoundPost } from '../schemas/api';
import { allowedCodes, inputTypeOf } from '../src/domain/input-type';
import { startServer, type RunningServer } from './app';
import { testDatabaseOptions } from '../test/support/server/test-database';

const CLIENTS = 50;
const ENTRIES = 200;
const dir = mkdtempSync(join(tmpdir(), 'server-load-'));
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ port: 0, ...(await testDatabaseOptions(dir)) });
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

describe(`load: ${CLIENTS} concurrent submissions of ${ENTRIES} entries with an image each`, () => {
  it('stores every value and image exactly once, also when every client sends twice', async () => {
    const api = `${server.url}/hwe-api/v2`;
    const round = (await (await fetch(`${api}/measure-round/1`)).json()) as MeasureRound;
    const tsIds = round.entries.filter((e) => !e.tsFormula).map((e) => e.tsId);
    const staOf = new Map(round.entries.map((e) => [e.tsId as string, e.staNumber as string]));
    // Coded series (incident, yes/no) take only their codes; every other series any number.
    const codesOf = new Map(round.entries.map((e) => [e.tsId as string, allowedCodes(inputTypeOf(e))]));
    const base = Date.parse('2026-01-01T00:00:00Z');
    const posts: MeasureRoundPost[] = Array.from({ length: CLIENTS }, (_, k) => ({
      instanceId: crypto.randomUUID(),
      creationTime: new Date(base).toISOString(),
      entries: Array.from({ length: ENTRIES }, (_, i) => {
        const tsId = tsIds[i % tsIds.length] as string;
        return {
          tsId,
          staNumber: staOf.get(tsId),
          dt: new Date(base + (k * ENTRIES + i) * 60_000).toISOString(),
          value: codesOf.get(tsId)?.[(k + i) % 2] ?? k + i / 1000,
          tsRemark: { images: [`load-${k}`] },
        };
      }),
    })) as MeasureRoundPost[];
    const jpeg = new Uint8Array(
      await sharp({ create: { width: 800, height: 600, channels: 3, background: '#4477aa' } })
        .jpeg({ quality: 70 })
        .toBuffer(),
    );
    const latencies: number[] = [];
    let busy = 0;
    const timed = async (send: () => Promise<Response>) => {
      const t0 = performance.now();
      let res = await send();
      // 503: the image queue is full and the server asks to try again shortly, as the app's queue does
      for (let i = 0; i < 20 && res.status === 503; i++) {
        busy += 1;
        await new Promise((r) => setTimeout(r, 250));
        res = await send();
      }
      latencies.push(performance.now() - t0);
      expect(res.status).toBe(200);
      return res;
    };
    const client = async (post: MeasureRoundPost, k: number) => {
      await timed(() =>
        fetch(`${api}/measure-round/1`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(post),
        }),
      );
      const q = new URLSearchParams({
        dt: post.entries[0]?.dt ?? '',
        staNumber: String(post.entries[0]?.staNumber),
        tsId: String(post.entries[0]?.tsId),
      });
      await timed(() =>
        fetch(`${api}/measure-round/1/image/load-${k}?${q.toString()}`, {
          method: 'POST',
          headers: { 'Content-Type': 'image/jpeg' },
          body: jpeg,
        }),
      );
    };
    const t0 = performance.now();
    await Promise.all(posts.map(client));
    const seconds = (performance.now() - t0) / 1000;
    // every client retries everything, as after a lost answer
    await Promise.all(posts.map(client));

    const ids = posts.map((p) => p.instanceId);
    const perInstance = await server.db.query<{ instance_id: string; n: number }>(
      'select instance_id::text, count(*)::int as n from historic_value where instance_id = any($1::uuid[]) group by instance_id',
      [ids],
    );
    expect(perInstance).toHaveLength(CLIENTS);
    expect(perInstance.every((r) => r.n === ENTRIES)).toBe(true);
    expect(
      (await server.db.query<{ n: number }>("select count(*)::int as n from image where image_id like 'load-%'"))[0]?.n,
    ).toBe(CLIENTS);
    expect(
      (
        await server.db.query<{ n: number }>(
          'select count(*)::int as n from submission where instance_id = any($1::uuid[])',
          [ids],
        )
      )[0]?.n,
    ).toBe(CLIENTS);

    const sorted = [...latencies].sort((a, b) => a - b);
    const report = {
      database: server.db.kind,
      clients: CLIENTS,
      entriesPerSubmission: ENTRIES,
      seconds: Number(seconds.toFixed(2)),
      valuesPerSecond: Math.round((CLIENTS * ENTRIES) / seconds),
      p50ms: Math.round(percentile(sorted, 50)),
      p95ms: Math.round(percentile(sorted, 95)),
      busyAnswers: busy,
    };
    mkdirSync('test-results', { recursive: true });
    writeFileSync(`test-results/load-${server.db.kind}.json`, JSON.stringify(report, null, 2));
    console.info('load test', report);
  });
});
