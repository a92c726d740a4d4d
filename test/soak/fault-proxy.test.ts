import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FaultProxy, requestKind } from './fault-proxy';
import { Rng } from './prng';

describe('fault proxy', () => {
  let target: Server;
  let hits = 0;
  const proxy = new FaultProxy();
  beforeAll(async () => {
    target = createServer((req, res) => {
      hits += 1;
      req.resume();
      req.on('end', () => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"stored":true}'));
    });
    await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
    await proxy.start((target.address() as AddressInfo).port);
  });
  afterAll(async () => {
    await proxy.close();
    await new Promise<void>((r) => target.close(() => r()));
  });

  const post = () =>
    fetch(`${proxy.url}/hwe-api/v2/measure-round/1`, {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json' },
    });

  it.each([
    ['502-before', 0, 502],
    ['502-after', 1, 502],
    ['delay', 1, 200],
    ['drop-after', 1, 'network'],
    ['drop-before', 0, 'network'],
  ] as const)('%s: the server sees %i request(s), the client gets %s', async (kind, seen, answer) => {
    const before = hits;
    proxy.arm({ kind, on: 'values', delayMs: 10 });
    const got = await post().then(
      async (r) => (await r.text(), r.status),
      () => 'network',
    );
    expect([hits - before, got]).toEqual([seen, answer]);
    expect(proxy.fired.get(kind)).toBe(1);
  });

  it('leaves requests of another kind alone and cuts every connection while the server is down', async () => {
    proxy.arm({ kind: '502-before', on: 'image' });
    expect((await post()).status).toBe(200);
    proxy.disarm();
    const port = (target.address() as AddressInfo).port;
    proxy.setTarget(undefined);
    await expect(post()).rejects.toThrow();
    proxy.setTarget(port);
    expect((await post()).status).toBe(200);
  });

  it('tells values posts from image uploads', () => {
    expect(requestKind('POST', '/hwe-api/v2/measure-round/1')).toBe('values');
    expect(requestKind('POST', '/hwe-api/v2/measure-round/1/image/abc?dt=2026-11-23T10%3A00%3A00.000Z&tsId=ts1')).toBe(
      'image',
    );
    expect(requestKind('POST', '/hwe-api/v2/measure-round/1/image/abc')).toBe('image');
    expect(requestKind('GET', '/hwe-api/v2/measure-round/1')).toBe(undefined);
    expect(requestKind('POST', '/hwe-api/v2/completed-measure-round/abc')).toBe('decision');
    expect(requestKind('GET', '/hwe-api/v2/completed-measure-round/abc')).toBe(undefined);
  });
});

describe('seeded PRNG', () => {
  it('replays the same sequence for a seed and another for another seed', () => {
    const a = new Rng(42);
    const b = new Rng(42);
    const c = new Rng(43);
    const draw = (r: Rng) => [r.int(0, 1000), r.uuid(), r.pick(['x', 'y', 'z']), r.float()];
    expect(draw(a)).toEqual(draw(b));
    expect(draw(new Rng(42))).not.toEqual(draw(c));
    expect(new Rng(1).uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
