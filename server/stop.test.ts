import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { MeasureRoundPost } from '../schemas/api';
import { startServer, type RunningServer, type ServerOptions } from './app';
import { testEndpoint } from './http/faults';
import { testDatabaseOptions } from '../test/support/server/test-database';

// A stop (a deploy's SIGTERM) while a field team's submission is being stored: it is stored and answered, never
// cut off with the database closed under it.
const dirs: string[] = [];
let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close(0);
  server = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function start(opts?: Pick<ServerOptions, 'dataDir' | 'databaseUrl' | 'demo'>) {
  const dir = mkdtempSync(join(tmpdir(), 'server-stop-'));
  dirs.push(dir);
  const options = opts ?? (await testDatabaseOptions(dir));
  server = await startServer({ port: 0, ...options, faultInjection: true });
  return { server, options };
}

/** The server answers the next submission to round 1 only after `delayMs` (a slow link, a slow database). */
async function slowSubmission(s: RunningServer, delayMs: number): Promise<void> {
  const fault = { method: 'POST', pathPattern: '^/hwe-api/v2/measure-round/1$', status: 'slow', delayMs };
  expect((await testEndpoint(s, 'faults', { method: 'POST', body: JSON.stringify(fault) })).status).toBe(200);
}

const post = (): MeasureRoundPost =>
  ({
    instanceId: crypto.randomUUID(),
    creationTime: '2026-11-23T08:00:00.000Z',
    entries: [{ tsId: '2001-W', staNumber: '2001', dt: '2026-11-23T12:00:00.000+01:00', value: 1680 }],
  }) as MeasureRoundPost;

const send = (url: string, body: MeasureRoundPost) =>
  fetch(`${url}/hwe-api/v2/measure-round/1`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('stopping the server', () => {
  it('stores and answers a submission under way, refuses new connections, and then closes the database', async () => {
    const { server: first, options } = await start();
    await slowSubmission(first, 700);
    const body = post();
    const answer = send(first.url, body);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const stopped = first.close();
    // the port is closed at once: a new connection is refused, not left waiting for the stop
    await expect(fetch(`${first.url}/hwe-api/v2/measure-round`)).rejects.toThrow();
    const res = await answer;
    expect(res.status).toBe(200);
    // answered on a connection that closes after it, so the client's next request opens a new one
    expect(res.headers.get('connection')).toBe('close');
    expect(await res.json()).toMatchObject({ instanceId: body.instanceId, valueCount: 1, duplicate: false });
    await stopped;
    server = undefined;

    // started again on the same database: the submission is there (a repeat is answered as the duplicate it is)
    const { server: second } = await start(options);
    const again = await send(second.url, body);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ instanceId: body.instanceId, duplicate: true });
  });

  it('waits no longer than the grace for a request that hangs, and never answers it as a success', async () => {
    const { server: s } = await start();
    await slowSubmission(s, 2_000);
    const answer = send(s.url, post()).then(
      (res) => res.status,
      () => 'cut off',
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const t0 = performance.now();
    await s.close(300);
    server = undefined;
    // stopped before the hanging request's own end: the grace, not the request, bounds the stop
    expect(performance.now() - t0).toBeLessThan(2_000);
    expect(await answer).toBe('cut off');
    // the cut-off handler ends against the closed database within this test, not in the next one
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  });
});
