import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './app';
import { testDatabaseOptions } from '../test/support/server/test-database';

const identity = { url: 'http://idp.test', realm: 'hydro', clientId: 'rounds-app' };
const issuer = `${identity.url}/realms/${identity.realm}`;
const dir = mkdtempSync(join(tmpdir(), 'server-auth-'));
let server: RunningServer;
let sign: (
  claims: Record<string, unknown>,
  opts?: { issuer?: string; audience?: string; expiresIn?: string | null; typ?: string | null },
) => Promise<string>;

beforeAll(async () => {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256' };
  sign = (claims, opts = {}) => {
    const typ = opts.typ === null ? {} : { typ: opts.typ ?? 'JWT' };
    const jwt = new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'k1', ...typ })
      .setIssuer(opts.issuer ?? issuer)
      .setAudience(opts.audience ?? identity.clientId)
      .setIssuedAt();
    return (opts.expiresIn === null ? jwt : jwt.setExpirationTime(opts.expiresIn ?? '5m')).sign(privateKey);
  };
  server = await startServer({
    port: 0,
    ...(await testDatabaseOptions(dir)),
    identity: { ...identity, jwks: createLocalJWKSet({ keys: [jwk] }) },
  });
  await server.db.query("insert into app_user (username) values ('olga'), ('rudi'), ('nobody')");
  await server.db.query(
    "insert into permission (username, mr_id, role) values ('olga', '1', 'HWE_OBSERVE'), ('rudi', '1', 'HWE_RESPONSIBLE1')",
  );
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const call = async (path: string, token?: string, init: RequestInit = {}) =>
  fetch(`${server.url}/hwe-api/v2${path}`, {
    ...init,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      'Content-Type': 'application/json',
      ...(init.headers as Record<string, string>),
    },
  });

const postBody = () =>
  JSON.stringify({
    instanceId: crypto.randomUUID(),
    creationTime: '2026-11-23T08:00:00.000Z',
    entries: [{ staNumber: '2001', tsId: '2001-W', dt: '2026-11-23T12:00:00.000+01:00', value: 1680 }],
  });

describe('identity (OIDC bearer tokens)', () => {
  it('serves config without a token and tells the app where to log in', async () => {
    const res = await call('/config');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { keycloak: unknown }).keycloak).toEqual(identity);
  });

  const CALLS: [string, string, RequestInit?][] = [
    ['GET', '/info'],
    ['GET', '/measure-round'],
    ['GET', '/measure-round/1'],
    ['POST', '/measure-round/1', { method: 'POST', body: '{}' }],
    ['GET', '/timeseries-values?tsId=2001-W'],
    ['GET', '/completed-measure-round'],
    ['GET', '/admin/permissions'],
    ['GET', '/measure-documents'],
    ['GET', '/discharge-meters'],
    ['GET', '/measure-round/1/map/track'],
    ['GET', '/measure-round/1/map/overlay?mapType=osm'],
    ['GET', '/station-facilities/models'],
    ['POST', '/admin/permissions', { method: 'POST', body: '{}' }],
    ['GET', `/completed-measure-round/${crypto.randomUUID()}`],
    ['POST', `/completed-measure-round/${crypto.randomUUID()}`, { method: 'POST', body: '{}' }],
    ['GET', `/completed-measure-round/${crypto.randomUUID()}/pdf`],
    ['GET', `/completed-measure-round/${crypto.randomUUID()}/image/img-1`],
    ['GET', '/completed-measure-round/timeseries-values?tsId=2001-W'],
    [
      'POST',
      '/measure-round/1/image/img-1?dt=2026-11-23T12%3A00%3A00Z&staNumber=2001&tsId=2001-W',
      { method: 'POST', body: 'x' },
    ],
  ];
  it.each(CALLS)('answers %s %s with 401 without a token', async (_m, path, init) => {
    expect((await call(path, undefined, init)).status).toBe(401);
  });

  it.each([
    ['a wrong issuer', { issuer: 'http://evil.test/realms/hydro' }],
    ['a wrong audience', { audience: 'other-app' }],
    ['an expired token', { expiresIn: '-1m' }],
    ['a token without exp (it would be valid forever)', { expiresIn: null }],
    ['a token without a header typ', { typ: null }],
    ['a token whose header typ is not JWT or at+jwt', { typ: 'dpop+jwt' }],
  ])('answers 401 for %s', async (_n, opts) => {
    const res = await call('/info', await sign({ preferred_username: 'olga' }, opts));
    expect(res.status).toBe(401);
    expect(((await res.json()) as { field: string }).field).toBe('Authorization');
  });

  it.each(['ID', 'Refresh', 'Logout'])(
    'answers 401 for a Keycloak %s token (payload typ), which is not an access token',
    async (typ) => {
      expect((await call('/info', await sign({ preferred_username: 'olga', typ }))).status).toBe(401);
    },
  );

  it.each([
    ['Keycloak (header JWT, payload Bearer)', 'JWT', { typ: 'Bearer' }],
    ['RFC 9068 (header at+jwt)', 'at+jwt', {}],
    ['RFC 9068 with media type prefix', 'application/at+jwt', {}],
  ])('accepts an access token as issued by %s', async (_n, typ, claims) => {
    expect((await call('/info', await sign({ preferred_username: 'olga', ...claims }, { typ }))).status).toBe(200);
  });

  it.each(['bearer', 'BEARER', 'Bearer  '])(
    'accepts the scheme written %j (RFC 9110: case-insensitive)',
    async (scheme) => {
      const token = await sign({ preferred_username: 'olga' });
      const res = await fetch(`${server.url}/hwe-api/v2/info`, { headers: { Authorization: `${scheme} ${token}` } });
      expect(res.status).toBe(200);
    },
  );

  it('answers 401 to another scheme and to a bearer header without a token', async () => {
    for (const value of ['Basic b2xnYTpzZWNyZXQ=', 'Bearer', 'Bearer a b']) {
      expect((await fetch(`${server.url}/hwe-api/v2/info`, { headers: { Authorization: value } })).status).toBe(401);
    }
  });

  it('answers 401 for a token signed by another key', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ preferred_username: 'olga' })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1', typ: 'JWT' })
      .setIssuer(issuer)
      .setAudience(identity.clientId)
      .setExpirationTime('5m')
      .sign(privateKey);
    expect((await call('/info', forged)).status).toBe(401);
  });

  it('names the user and the admin flag from the realm role', async () => {
    expect(await (await call('/info', await sign({ preferred_username: 'olga' }))).json()).toMatchObject({
      username: 'olga',
      isAdmin: false,
    });
    expect(
      await (
        await call('/info', await sign({ preferred_username: 'ada', realm_access: { roles: ['hwe-admin'] } }))
      ).json(),
    ).toMatchObject({ username: 'ada', isAdmin: true });
  });

  it('tells each user the roles they hold per measure round, so the app offers only what the server allows', async () => {
    expect(await (await call('/info', await sign({ preferred_username: 'rudi' }))).json()).toMatchObject({
      roles: { '1': ['HWE_RESPONSIBLE1'] },
    });
    expect(await (await call('/info', await sign({ preferred_username: 'olga' }))).json()).toMatchObject({
      roles: { '1': ['HWE_OBSERVE'] },
    });
    expect(await (await call('/info', await sign({ preferred_username: 'nobody' }))).json()).toMatchObject({
      roles: {},
    });
  });
});

describe('authorization per measure round (§6)', () => {
  it('lists only the rounds the user holds a role for', async () => {
    const rounds = (await (await call('/measure-round', await sign({ preferred_username: 'olga' }))).json()) as {
      mrId: string;
    }[];
    expect(rounds.map((r) => r.mrId)).toEqual(['1']);
    expect(await (await call('/measure-round', await sign({ preferred_username: 'nobody' }))).json()).toEqual([]);
  });

  it.each<[string, string, RequestInit?]>([
    ['nobody', '/measure-round/1'],
    ['olga', '/measure-round/2'],
    ['nobody', '/measure-round/1', { method: 'POST', body: postBody() }],
    ['olga', '/measure-round/2', { method: 'POST', body: postBody() }],
    ['olga', '/measure-round/2/map/track'],
    // a round that does not exist answers like one without a role: no existence oracle
    ['olga', '/measure-round/999'],
    ['olga', '/measure-round/999/map/track'],
    ['olga', '/measure-round/999', { method: 'POST', body: postBody() }],
    [
      'olga',
      '/measure-round/999/image/img-x?dt=2026-11-23T12%3A00%3A00Z&staNumber=2001&tsId=2001-W',
      { method: 'POST', body: 'x' },
    ],
    ['olga', `/completed-measure-round/${crypto.randomUUID()}`],
    ['olga', `/completed-measure-round/${crypto.randomUUID()}/pdf`],
    ['olga', '/admin/permissions'],
    ['olga', '/admin/permissions', { method: 'POST', body: JSON.stringify({ roles: [], users: [], permissions: [] }) }],
  ])('answers 403 to %s for %s', async (user, path, init) => {
    const before = (await server.db.query<{ n: number }>('select count(*)::int as n from submission'))[0]?.n;
    expect((await call(path, await sign({ preferred_username: user }), init)).status).toBe(403);
    expect((await server.db.query<{ n: number }>('select count(*)::int as n from submission'))[0]?.n).toBe(before);
  });

  it("reads timeseries values only of the user's rounds", async () => {
    const olga = await sign({ preferred_username: 'olga' });
    expect((await call('/timeseries-values?tsId=2001-W&tsId=2101-Q', olga)).status).toBe(200);
    const other = await call('/timeseries-values?tsId=2001-W&tsId=3001-Q', olga);
    expect(other.status).toBe(403);
    expect(await other.json()).toMatchObject({ field: 'tsId.1' });
    expect((await call('/completed-measure-round/timeseries-values?tsId=4001-N', olga)).status).toBe(403);
    expect((await call('/timeseries-values?tsId=2001-W', await sign({ preferred_username: 'nobody' }))).status).toBe(
      403,
    );
  });

  it('shows round documents only to users of that round', async () => {
    const ids = async (user: string) =>
      (
        (await (await call('/measure-documents', await sign({ preferred_username: user }))).json()) as {
          documents: { mdId: string }[];
        }
      ).documents.map((d) => d.mdId);
    expect(await ids('olga')).toEqual(['doc-1', 'doc-2']);
    expect(await ids('nobody')).toEqual(['doc-1']);
  });

  it('lets an observer submit and only the first decider take decision 1', async () => {
    const body = JSON.parse(postBody()) as {
      instanceId: string;
      entries: { value: number; tsId: string; staNumber: string }[];
    };
    body.entries = [
      { ...body.entries[0], tsId: '2103-VB1', staNumber: '2103', value: 2 } as {
        value: number;
        tsId: string;
        staNumber: string;
      },
    ];
    expect(
      (
        await call('/measure-round/1', await sign({ preferred_username: 'olga' }), {
          method: 'POST',
          body: JSON.stringify(body),
        })
      ).status,
    ).toBe(200);
    const decision = {
      method: 'POST',
      body: JSON.stringify({ stage: 1, team: 'Rudi', decisions: [{ tsId: '2103-VB1', value: 'NOT_CRITICAL' }] }),
    };
    expect(
      (await call(`/completed-measure-round/${body.instanceId}`, await sign({ preferred_username: 'olga' }), decision))
        .status,
    ).toBe(403);
    expect(
      (await call(`/completed-measure-round/${body.instanceId}`, await sign({ preferred_username: 'rudi' }), decision))
        .status,
    ).toBe(200);
  });
});

describe('authorization on completed rounds of a round the user holds no role for', () => {
  let instanceId: string;
  beforeAll(async () => {
    await server.db.query("insert into app_user (username) values ('carl')");
    await server.db.query("insert into permission (username, mr_id, role) values ('carl', '2', 'HWE_OBSERVE')");
    const body = {
      instanceId: crypto.randomUUID(),
      creationTime: '2026-11-23T08:00:00.000Z',
      entries: [{ staNumber: '3001', tsId: '3001-WT', dt: '2026-11-23T12:00:00.000+01:00', value: 99 }],
    };
    instanceId = body.instanceId;
    expect(
      (
        await call('/measure-round/2', await sign({ preferred_username: 'carl' }), {
          method: 'POST',
          body: JSON.stringify(body),
        })
      ).status,
    ).toBe(200);
  });

  it.each<[string, (id: string) => string, RequestInit?]>([
    ['one completed round', (id) => `/completed-measure-round/${id}`],
    [
      'a decision',
      (id) => `/completed-measure-round/${id}`,
      {
        method: 'POST',
        body: JSON.stringify({ stage: 1, team: 'x', decisions: [{ tsId: '3001-WT', value: 'NOT_RELEVANT' }] }),
      },
    ],
    ['the PDF', (id) => `/completed-measure-round/${id}/pdf`],
    ['an image', (id) => `/completed-measure-round/${id}/image/img-1`],
    ['its timeseries values', () => '/timeseries-values?tsId=3001-WT'],
  ])('answers 403 to olga for %s and changes nothing', async (_name, path, init) => {
    const before = await server.db.query('select state, decision1_time from submission order by instance_id');
    expect((await call(path(instanceId), await sign({ preferred_username: 'olga' }), init)).status).toBe(403);
    expect(await server.db.query('select state, decision1_time from submission order by instance_id')).toEqual(before);
  });

  it("does not list the other round in olga's archive", async () => {
    const list = (await (
      await call('/completed-measure-round', await sign({ preferred_username: 'olga' }))
    ).json()) as { instanceId: string }[];
    expect(list.map((r) => r.instanceId)).not.toContain(instanceId);
  });
});

describe('users are keyed by the token subject, not the mutable name', () => {
  it('binds a name to its subject at the first login; a renamed account keeps its roles, another account with the name is refused', async () => {
    await server.db.query("insert into app_user (username) values ('vera')");
    await server.db.query("insert into permission (username, mr_id, role) values ('vera', '1', 'HWE_OBSERVE')");
    const info = async (claims: Record<string, unknown>) => call('/info', await sign(claims));
    const first = await info({ sub: 'sub-vera', preferred_username: 'vera' });
    expect(await first.json()).toMatchObject({ username: 'vera', roles: { '1': ['HWE_OBSERVE'] } });
    expect((await server.db.query('select subject from app_user where username = $1', ['vera']))[0]).toEqual({
      subject: 'sub-vera',
    });
    // renamed at the identity provider: still vera here, with vera's roles
    expect(await (await info({ sub: 'sub-vera', preferred_username: 'vera.huber' })).json()).toMatchObject({
      username: 'vera',
      roles: { '1': ['HWE_OBSERVE'] },
    });
    // a new account that took the old name gets nothing of vera's
    const impostor = await info({ sub: 'sub-other', preferred_username: 'vera' });
    expect(impostor.status).toBe(403);
    expect((await call('/measure-round/1', await sign({ sub: 'sub-other', preferred_username: 'vera' }))).status).toBe(
      403,
    );
    // a name no admin has granted anything stays unbound
    expect(await (await info({ sub: 'sub-new', preferred_username: 'newcomer' })).json()).toMatchObject({
      username: 'newcomer',
      roles: {},
    });
    expect(await server.db.query("select 1 from app_user where username = 'newcomer'")).toEqual([]);
  });
});
