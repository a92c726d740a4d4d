import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type RunningServer } from './app';
import { testDatabaseOptions } from '../test/support/server/test-database';

/**
 * The realm's JWKS endpoint as a controllable HTTP server: it counts requests and can answer normally, not
 * before the client gives up ('slow': held open until the server's 4 s timeout closes it) or not at all ('down': the
 * connection is reset).
 */
type Mode = 'ok' | 'slow' | 'down';
const REALM = 'hydro';
const CLIENT_ID = 'rounds-app';
const dir = mkdtempSync(join(tmpdir(), 'server-keys-'));
let provider: Server;
let mode: Mode = 'ok';
let jwksRequests = 0;
/** the requests held open in 'slow' mode, each resolved when the server gives up on it (its timeout) */
const held: { open: boolean; closed: Promise<void> }[] = [];
const keys: JWK[] = [];
let issuer = '';
let server: RunningServer;
const privateKeys = new Map<string, CryptoKey>();

async function addKey(kid: string, publish: boolean): Promise<void> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  privateKeys.set(kid, privateKey);
  if (publish) keys.push({ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' });
}

const sign = (kid: string, user = 'olga') =>
  new SignJWT({ preferred_username: user, typ: 'Bearer' })
    .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
    .setIssuer(issuer)
    .setAudience(CLIENT_ID)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(privateKeys.get(kid) as CryptoKey);

const info = (token: string) =>
  fetch(`${server.url}/hwe-api/v2/info`, { headers: { Authorization: `Bearer ${token}` } });

beforeAll(async () => {
  await addKey('k1', true);
  provider = createServer((req, res) => {
    if (!req.url?.endsWith('/protocol/openid-connect/certs')) return void res.writeHead(404).end();
    jwksRequests += 1;
    if (mode === 'down') return void req.socket.destroy();
    if (mode === 'slow') {
      const request = { open: true, closed: Promise.resolve() };
      request.closed = new Promise((resolve) =>
        res.on('close', () => {
          request.open = false;
          resolve();
        }),
      );
      held.push(request);
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ keys }));
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  issuer = `${url}/realms/${REALM}`;
  server = await startServer({
    port: 0,
    ...(await testDatabaseOptions(dir)),
    identity: {
      url,
      realm: REALM,
      clientId: CLIENT_ID,
      jwksTiming: { cooldownMs: 1_000, refreshMs: 5_000, timeoutMs: 4_000 },
    },
  });
});
afterAll(async () => {
  await server?.close();
  provider.closeAllConnections();
  await new Promise<void>((resolve) => provider.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

describe('identity provider keys are fetched once and cached', () => {
  // The clock (Date only: timers, sockets and jose's request timeout run in real time) stands still in these tests and
  // is moved by hand past the refresh and cooldown times instead of waiting for them: at a load of 13 the 50 calls
  // below took 3.4 s, and at 24 the 10 calls 8.7 s, past the times a test asserts nothing of.
  beforeAll(() => void vi.useFakeTimers({ toFake: ['Date'] }));
  afterAll(() => void vi.useRealTimers());
  const advanceClock = (ms: number) => vi.setSystemTime(Date.now() + ms);

  it('answers 50 calls with one JWKS fetch (made at start)', async () => {
    const token = await sign('k1');
    const answers = await Promise.all(Array.from({ length: 50 }, () => info(token)));
    expect(answers.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect(jwksRequests).toBe(1);
  });

  it('keeps accepting valid tokens while the provider does not answer, also when the keys are due for a refresh', async () => {
    mode = 'slow';
    advanceClock(5_100); // past refreshMs: the next call starts a background refresh
    const token = await sign('k1');
    const answers = await Promise.all(Array.from({ length: 20 }, () => info(token)));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    // one background refresh for all 20 calls (fired, not awaited: give its request time to reach the provider)
    await expect.poll(() => jwksRequests).toBe(2);
    // answered while the refresh was still waiting for the provider: nobody waited for it
    expect(held.map((r) => r.open)).toEqual([true]);
    await new Promise((r) => setTimeout(r, 300));
    expect(jwksRequests).toBe(2);
  });

  it('keeps accepting valid tokens with the provider down, and refreshes at most once per cooldown', async () => {
    mode = 'down';
    await held[0]?.closed; // the slow refresh timed out (4 s); the old keys stay
    const before = jwksRequests;
    const token = await sign('k1');
    for (let i = 0; i < 10; i++) expect((await info(token)).status).toBe(200);
    expect(jwksRequests - before).toBeLessThanOrEqual(1);
  });

  it('fetches once for a token with an unknown kid (key rotation), not for every such token', async () => {
    mode = 'ok';
    await addKey('k2', true);
    advanceClock(1_100); // past the cooldown of the last attempt
    const before = jwksRequests;
    expect((await info(await sign('k2'))).status).toBe(200);
    expect(jwksRequests - before).toBe(1);
    await addKey('forged', false);
    const forged = await sign('forged');
    const answers = await Promise.all(Array.from({ length: 10 }, () => info(forged)));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(401));
    // within the cooldown (the clock stands still) no request per forged token
    expect(jwksRequests - before).toBe(1);
  });
});

describe('a server that starts while the provider is down', () => {
  let cold: RunningServer;
  afterAll(() => cold?.close());

  it('answers 503 (not 401: the token may be fine) until the keys can be fetched, then 200', async () => {
    mode = 'down';
    const url = issuer.replace(`/realms/${REALM}`, '');
    cold = await startServer({
      port: 0,
      // a database of its own (copied, not built: the test is about the keys, not the start of a database)
      ...(await testDatabaseOptions(mkdtempSync(join(dir, 'cold-')))),
      identity: { url, realm: REALM, clientId: CLIENT_ID, jwksTiming: { cooldownMs: 300 } },
    });
    const token = await sign('k1');
    const call = () => fetch(`${cold.url}/hwe-api/v2/info`, { headers: { Authorization: `Bearer ${token}` } });
    await new Promise((r) => setTimeout(r, 100));
    const down = await call();
    expect(down.status).toBe(503);
    expect(((await down.json()) as { message: string }).message).toMatch(/identity provider/);
    mode = 'ok';
    await new Promise((r) => setTimeout(r, 350));
    expect((await call()).status).toBe(200);
  });
});
