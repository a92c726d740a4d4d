import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createAuthenticator, type IdentitySettings } from './auth/auth';
import { fsBlobStore } from './blobs/blob-store';
import { s3BlobStore, type S3Settings } from './blobs/s3-store';
import { withTimeouts } from './blobs/timeouts';
import { createContext, type ImageStorage } from './context';
import { openPglite, openPostgres, type Database } from './db/database';
import { runMigrations } from './db/migrations';
import { seedBarcodes, seedDemoData, seedMapData, seedStationFacilities, seedStationTasks } from './db/seed';
import type { AppEnv } from './http/app-env';
import { HttpError, retryAfterHeader } from './http/errors';
import { apiBodyLimit } from './http/body-limit';
import { createFaultInjector } from './http/faults';
import { serveApp } from './http/static';
import { drainingStop } from './http/drain';
import { underBasePath } from './http/base-path';
import { manifestRoute } from './http/manifest';
import { demoTileRoutes } from './http/demo-tiles';
import { rejectMalformedUrls } from './http/encoding';
import { securityHeaders } from './http/security-headers';
import { allowedHosts, isLoopback, requireAllowedHost } from './http/host-check';
import { authorizeSubmission, completedRoundRoutes, findSubmission, toCompleted } from './routes/completed-round';
import { documentRoutes, mapRoutes } from './routes/documents-and-maps';
import { completedImageRoutes, imageUploadRoutes } from './routes/images';
import { ANY_ROLE, measureRoundRoutes } from './routes/measure-round';
import { permissionRoutes } from './routes/permissions';
import { adminNetworkRoutes } from './routes/admin-network';
import { renderCompletedRoundPdf } from './pdf/completed-round-pdf';
import { readingZone } from '../src/domain/zoned-time';
import { pickLang } from './pdf/labels';
import { referenceRoutes } from './routes/reference';
import { syncStateRoutes } from './routes/sync-state';
import { openApiRoutes } from './routes/openapi';
import type { ApiProfile } from './extensions';
import { timeseriesValuesRoutes } from './routes/timeseries-values';
import { DEFAULT_LIMITS, type ServerLimits } from './limits';

export interface ServerOptions {
  /** 0 picks a free port */
  port?: number;
  /** interface to listen on; default 127.0.0.1 (0.0.0.0 for a container behind a proxy) */
  host?: string;
  dataDir?: string;
  databaseUrl?: string;
  staticDir?: string;
  /** originals on disk (default `$DATA_DIR/blobs`), unless `s3` is set */
  blobDir?: string;
  /** originals in S3-compatible object storage, shared by every instance */
  s3?: S3Settings;
  /** this instance's cache of converted images (default `$DATA_DIR/variant-cache`) */
  variantCacheDir?: string;
  /** at most this many bytes of converted images are kept (default 512 MiB) */
  variantCacheBytes?: number;
  /** test-only `/__test__` endpoints (http/faults.ts); every call needs `faultToken` in `X-Fault-Token` */
  faultInjection?: boolean;
  /** the token of the fault endpoints; a random one when not given (RunningServer.faultToken) */
  faultToken?: string;
  /** seed the demo rounds, identities' permissions and map, and serve the demo tiles (DEMO=1); never in production */
  demo?: boolean;
  identity?: IdentitySettings;
  /** `Host` names answered (ports ignored); default: `publicUrl`'s host and localhost; `*` for any (http/host-check.ts) */
  allowedHosts?: string[];
  /** the address users reach the server at, e.g. https://rounds.example.org (allowed host; https → HSTS) */
  publicUrl?: string;
  /** believe X-Forwarded-Proto (a TLS proxy in front) */
  trustProxy?: boolean;
  /** without identity settings every request is the admin `demo`: listening beyond loopback needs this */
  allowLoginOffOnNetwork?: boolean;
  /** serve the built `*.map` files (they hold the full sources; off in production) */
  serveSourceMaps?: boolean;
  timeouts?: Partial<HttpTimeouts>;
  /** `spec`: only the calls, fields, headers and parameters of the specification (server/extensions.ts); default `full` */
  apiProfile?: ApiProfile;
  /** rate and concurrency limits (server/limits.ts); each defaults to today's value */
  limits?: Partial<ServerLimits>;
  /**
   * the path the app and its API are served under, normalized (`/hwe/`; src/domain/base-path.ts); default `/`.
   * Written into index.html's `<base href>`; requests under it are answered without it (http/base-path.ts).
   */
  basePath?: string;
}

/**
 * Slow or idle clients are dropped so they cannot hold connections (and memory) forever: headers must
 * arrive within `headersMs`, the whole request within `requestMs` (a 15 MB photo over a slow mobile link
 * fits), and a connection with no traffic at all is closed after `idleMs`. Node checks every `checkMs`.
 * `idleMs` is longer than `requestMs`: socket inactivity also counts while the server itself works on an
 * answer (an image conversion waiting in its queue on a busy machine), which must never be cut off.
 * `keepAliveMs` is long (as load balancers advise): a client reusing a connection at the moment the server
 * closes it for idleness sees "other side closed"; short idle gaps between a client's requests must not hit it.
 */
export interface HttpTimeouts {
  headersMs: number;
  requestMs: number;
  idleMs: number;
  keepAliveMs: number;
  checkMs: number;
}
export const DEFAULT_TIMEOUTS: HttpTimeouts = {
  headersMs: 10_000,
  requestMs: 120_000,
  idleMs: 130_000,
  keepAliveMs: 65_000,
  checkMs: 2_000,
};

export interface RunningServer {
  /** where the app is served, without a trailing `/`: the origin, plus the base path under a sub-path */
  url: string;
  port: number;
  db: Database;
  /** the `X-Fault-Token` of the test endpoints (when fault injection is on) */
  faultToken?: string;
  /** Stops: the requests being answered finish first (within `graceMs`, STOP_GRACE_MS), then the database closes. */
  close(graceMs?: number): Promise<void>;
}

const VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string })
  .version;

export const LOGIN_OFF_ON_NETWORK = (host: string) =>
  `login is off (no OIDC_URL, OIDC_REALM, OIDC_CLIENT_ID): every request would act as the administrator "demo", so the server listens on loopback only, not on ${host}. Configure an identity provider, or set ALLOW_LOGIN_OFF_ON_NETWORK=1 to accept that anyone who reaches ${host} is an administrator.`;

export const DEFAULT_VARIANT_CACHE_BYTES = 512 * 1024 * 1024;

export function imageStorage(
  opts: Pick<ServerOptions, 'dataDir' | 'blobDir' | 's3' | 'variantCacheDir' | 'variantCacheBytes'>,
): ImageStorage {
  const dataDir = opts.dataDir ?? './data';
  return {
    blobs: withTimeouts(opts.s3 ? s3BlobStore(opts.s3) : fsBlobStore(opts.blobDir ?? join(dataDir, 'blobs'))),
    variantCacheDir: opts.variantCacheDir ?? join(dataDir, 'variant-cache'),
    variantCacheBytes: opts.variantCacheBytes ?? DEFAULT_VARIANT_CACHE_BYTES,
  };
}

export function createApp(
  db: Database,
  opts: Pick<
    ServerOptions,
    | 'staticDir'
    | 'faultInjection'
    | 'faultToken'
    | 'identity'
    | 'demo'
    | 'allowedHosts'
    | 'publicUrl'
    | 'trustProxy'
    | 'serveSourceMaps'
    | 'apiProfile'
    | 'limits'
    | 'basePath'
  > & { storage: ImageStorage },
) {
  const profile = opts.apiProfile ?? 'full';
  const ctx = createContext(db, opts.storage, VERSION, profile, { ...DEFAULT_LIMITS, ...opts.limits });
  const app = new Hono<AppEnv>();
  app.use(
    securityHeaders(opts.identity ? new URL(opts.identity.url).origin : undefined, {
      publicUrl: opts.publicUrl,
      trustProxy: opts.trustProxy,
    }),
  );
  app.use(requireAllowedHost(allowedHosts(opts.allowedHosts, opts.publicUrl)));
  app.use(rejectMalformedUrls());
  const api = new Hono<AppEnv>();
  api.use(apiBodyLimit());
  // Built once: its key set and cache live as long as the app (a fetch per request would make every call
  // depend on the identity provider's latency and availability).
  const auth = createAuthenticator(opts.identity, db);
  void auth.warmUp();
  // §7: config is fetched before login, so it is the one call without authentication.
  api.use((c, next) => (c.req.path === '/hwe-api/v2/config' ? next() : auth.middleware(c, next)));
  api.route(
    '/',
    referenceRoutes(db, VERSION, opts.identity, () => ctx.product(), profile),
  );
  api.route('/measure-round', imageUploadRoutes(ctx));
  api.route('/measure-round', mapRoutes(ctx));
  api.route('/measure-round', measureRoundRoutes(ctx));
  api.route('/timeseries-values', timeseriesValuesRoutes(db, { profile }));
  api.route('/completed-measure-round/timeseries-values', timeseriesValuesRoutes(db, { onlySubmitted: true, profile }));
  api.get('/completed-measure-round/:instanceId/pdf', async (c) => {
    await authorizeSubmission(ctx, c.get('user'), c.req.param('instanceId'), ANY_ROLE);
    const row = await findSubmission(db, c.req.param('instanceId'));
    const [config] = await db.query<{ data: { mez?: boolean } }>(
      "select data from reference_data where key = 'config'",
    );
    const pdf = await renderCompletedRoundPdf(
      toCompleted(row),
      pickLang(profile === 'full' ? c.req.query('lang') : undefined, c.req.header('Accept-Language')),
      readingZone(config?.data.mez === true),
    );
    return new Response(new Uint8Array(pdf), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `inline; filename="${row.mr_name.replace(/[^\w .-]/g, '_')}.pdf"`,
      },
    });
  });
  api.route('/completed-measure-round', completedImageRoutes(ctx));
  api.route('/completed-measure-round', completedRoundRoutes(ctx));
  api.route('/admin/permissions', permissionRoutes(ctx));
  api.route('/measure-documents', documentRoutes(ctx));
  // Calls §7 does not list exist only in the full profile; the spec profile answers them 404 like any unknown call.
  if (profile === 'full') {
    api.route('/sync-state', syncStateRoutes(ctx, opts.identity));
    api.route('/openapi.json', openApiRoutes());
    // the operator's import and export (docs/operator.md): an addition of this server, admins only
    api.route('/admin', adminNetworkRoutes(ctx));
  }

  if (opts.faultInjection) {
    if (!opts.faultToken) throw new Error('fault injection needs a token');
    const faults = createFaultInjector(opts.faultToken);
    app.use('/hwe-api/*', faults.middleware);
    app.route('/__test__', faults.routes);
  }
  app.route('/hwe-api/v2', api);
  app.all('/hwe-api/*', (c) => c.json({ message: `no such call: ${c.req.method} ${c.req.path}` }, 404));
  // the demo base map the seeded config names (docs/tour.md); same-origin, so the CSP needs nothing extra
  if (opts.demo) app.route('/tiles', demoTileRoutes());
  // the installed app's name from the config's title: an extension, so the spec profile serves the built file
  if (opts.staticDir && profile === 'full') app.get('/manifest.webmanifest', manifestRoute(opts.staticDir, db));
  if (opts.staticDir)
    app.use('*', serveApp(opts.staticDir, { sourceMaps: opts.serveSourceMaps, basePath: opts.basePath }));
  app.notFound((c) => c.json({ message: `not found: ${c.req.path}` }, 404));
  app.onError((err, c) => {
    if (err instanceof HttpError) {
      // A 413 is sent before the rest of the body is read: the connection cannot be reused for the next request.
      const headers: Record<string, string> = err.status === 413 ? { Connection: 'close' } : {};
      const retryAfter = retryAfterHeader(err.status, err.retryAfter);
      if (retryAfter) headers['Retry-After'] = retryAfter;
      return c.json(err.answer(), err.status, headers);
    }
    console.error('unexpected server error', err);
    return c.json({ message: 'internal server error' }, 500);
  });
  return app;
}

export async function openDatabase(opts: Pick<ServerOptions, 'dataDir' | 'databaseUrl'>): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  const dir = join(opts.dataDir ?? './data', 'pglite');
  mkdirSync(dir, { recursive: true });
  return openPglite(dir);
}

/** Opens the database, migrates, seeds the demo on first start and serves app and API. */
export async function startServer(opts: ServerOptions = {}): Promise<RunningServer> {
  const host = opts.host ?? '127.0.0.1';
  if (!opts.identity && !isLoopback(host) && !opts.allowLoginOffOnNetwork) throw new Error(LOGIN_OFF_ON_NETWORK(host));
  const db = await openDatabase(opts);
  await runMigrations(db);
  if (opts.demo) {
    await seedDemoData(db);
    await seedMapData(db);
    await seedBarcodes(db);
    await seedStationTasks(db);
    await seedStationFacilities(db);
  }
  const faultToken = opts.faultInjection ? (opts.faultToken ?? randomBytes(18).toString('base64url')) : undefined;
  const app = createApp(db, { ...opts, faultToken, storage: imageStorage(opts) });
  const t = { ...DEFAULT_TIMEOUTS, ...opts.timeouts };
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const serverOptions = {
      headersTimeout: t.headersMs,
      requestTimeout: t.requestMs,
      keepAliveTimeout: t.keepAliveMs,
      connectionsCheckingInterval: t.checkMs,
    };
    const fetch = underBasePath(app.fetch, opts.basePath ?? '/');
    const s = serve({ fetch, port: opts.port ?? 8080, hostname: host, serverOptions }, () => resolve(s));
  });
  (server as HttpServer).setTimeout(t.idleMs, (socket) => socket.destroy());
  const stop = drainingStop(server as HttpServer);
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://localhost:${port}${(opts.basePath ?? '/').replace(/\/$/, '')}`,
    port,
    db,
    faultToken,
    close: async (graceMs) => {
      await stop(graceMs);
      await db.close();
    },
  };
}
