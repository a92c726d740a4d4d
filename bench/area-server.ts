// Server under load: 50 clients submit a 200-entry round at the same time; latency of each
// submission and errors. Runs against the bench's own server, with its large dataset loaded.
import type { MeasureRound, MeasureRoundPost } from '../schemas/api';
import { allowedCodes, inputTypeOf } from '../src/domain/input-type';
import { percentile, record } from './report';

const CLIENTS = 50;
const ENTRIES = 200;

/** `database` names the server's database in the figures ('PGlite' in the bench's own server, 'PostgreSQL'). */
export async function concurrentSubmissions(origin: string, runs: number, database = 'PGlite'): Promise<void> {
  const api = `${origin}/hwe-api/v2`;
  const round = (await (await fetch(`${api}/measure-round/1`)).json()) as MeasureRound;
  const defs = round.entries.filter((e) => !e.tsFormula);
  const p95s: number[] = [];
  let errors = 0;
  let all: number[] = [];
  for (let r = 0; r < runs; r++) {
    const base = Date.UTC(2025, 0, 1) + r * 86_400_000;
    const posts = Array.from({ length: CLIENTS }, (_, k) => ({
      instanceId: crypto.randomUUID(),
      creationTime: new Date(base).toISOString(),
      entries: Array.from({ length: ENTRIES }, (_, i) => {
        const e = defs[i % defs.length];
        if (!e) throw new Error('demo round 1 has no entries');
        return {
          tsId: e.tsId,
          staNumber: e.staNumber,
          dt: new Date(base + (k * ENTRIES + i) * 1000).toISOString(),
          value: allowedCodes(inputTypeOf(e))?.[(k + i) % 2] ?? k + i / 1000,
        };
      }),
    })) as MeasureRoundPost[];
    const ms: number[] = [];
    await Promise.all(
      posts.map(async (post) => {
        const t0 = performance.now();
        const res = await fetch(`${api}/measure-round/1`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(post),
        });
        await res.arrayBuffer();
        ms.push(performance.now() - t0);
        if (res.status !== 200) errors += 1;
      }),
    );
    p95s.push(percentile(ms, 95));
    all = all.concat(ms);
  }
  record(
    `server (${database}): ${CLIENTS} concurrent submissions of ${ENTRIES} entries, p95 latency`,
    'node',
    p95s,
    'ms',
    // issue 31: the production database within 250 ms, the embedded one of the demo and the tests within 500
    database === 'PostgreSQL' ? 250 : 500,
    { note: `p50 of all ${all.length}: ${percentile(all, 50).toFixed(0)} ms` },
  );
  record(`server (${database}): errors in those submissions`, 'node', [errors], 'errors', 0);
}
