import * as v from 'valibot';
import type { ServerOptions } from './app';
import { API_PROFILES } from './extensions';
import { DEFAULT_LIMITS } from './limits';
import { normalizeBasePath } from '../src/domain/base-path';

/** A limit of server/limits.ts: a whole number of at least 1, its default (today's value) when not set. */
function positiveCount(name: string) {
  return v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,9}$/, `${name} must be a whole number`),
      v.transform(Number),
      v.minValue(1, `${name} must be at least 1`),
    ),
  );
}

/** Environment of `server/main.ts`, validated once at start (docs/server.md, Configuration). */
const EnvSchema = v.object({
  PORT: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,5}$/, 'PORT must be a number'),
      v.transform(Number),
      v.maxValue(65535, 'PORT must be at most 65535'),
    ),
    '8080',
  ),
  HOST: v.optional(v.pipe(v.string(), v.minLength(1, 'HOST must not be empty')), '127.0.0.1'),
  DATA_DIR: v.optional(v.pipe(v.string(), v.minLength(1, 'DATA_DIR must not be empty')), './data'),
  DATABASE_URL: v.optional(
    v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://')),
  ),
  STATIC_DIR: v.optional(v.string(), './dist'),
  FAULT_INJECTION: v.optional(v.picklist(['0', '1'], 'FAULT_INJECTION must be 0 or 1'), '0'),
  FAULT_INJECTION_TOKEN: v.optional(
    v.pipe(v.string(), v.minLength(16, 'FAULT_INJECTION_TOKEN must be at least 16 characters')),
  ),
  DEMO: v.optional(v.picklist(['0', '1'], 'DEMO must be 0 or 1'), '0'),
  PUBLIC_URL: v.optional(
    v.pipe(v.string(), v.url('PUBLIC_URL must be a URL'), v.regex(/^https?:\/\//, 'PUBLIC_URL must be http(s)://')),
  ),
  ALLOWED_HOSTS: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^\s*(\*|[\w.:[\]-]+)(\s*,\s*(\*|[\w.:[\]-]+))*\s*$/,
        'ALLOWED_HOSTS must be a comma-separated list of host names (or *)',
      ),
    ),
  ),
  TRUST_PROXY: v.optional(v.picklist(['0', '1'], 'TRUST_PROXY must be 0 or 1'), '0'),
  SERVE_SOURCE_MAPS: v.optional(v.picklist(['0', '1'], 'SERVE_SOURCE_MAPS must be 0 or 1'), '0'),
  ALLOW_LOGIN_OFF_ON_NETWORK: v.optional(v.picklist(['0', '1'], 'ALLOW_LOGIN_OFF_ON_NETWORK must be 0 or 1'), '0'),
  BLOB_DIR: v.optional(v.string()),
  OIDC_URL: v.optional(v.pipe(v.string(), v.url('OIDC_URL must be a URL'))),
  OIDC_REALM: v.optional(v.pipe(v.string(), v.minLength(1, 'OIDC_REALM must not be empty'))),
  OIDC_CLIENT_ID: v.optional(v.pipe(v.string(), v.minLength(1, 'OIDC_CLIENT_ID must not be empty'))),
  VARIANT_CACHE_DIR: v.optional(v.pipe(v.string(), v.minLength(1, 'VARIANT_CACHE_DIR must not be empty'))),
  VARIANT_CACHE_MB: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,7}$/, 'VARIANT_CACHE_MB must be a number of megabytes'), v.transform(Number)),
  ),
  S3_ENDPOINT: v.optional(v.pipe(v.string(), v.url('S3_ENDPOINT must be a URL'))),
  S3_BUCKET: v.optional(v.pipe(v.string(), v.minLength(1, 'S3_BUCKET must not be empty'))),
  S3_REGION: v.optional(v.pipe(v.string(), v.minLength(1, 'S3_REGION must not be empty'))),
  S3_ACCESS_KEY_ID: v.optional(v.string()),
  S3_SECRET_ACCESS_KEY: v.optional(v.string()),
  S3_FORCE_PATH_STYLE: v.optional(v.picklist(['0', '1', 'true', 'false'], 'S3_FORCE_PATH_STYLE must be 1 or 0'), '0'),
  S3_PREFIX: v.optional(v.string()),
  // the app and its API under a sub-path (docs/server.md): `/hwe/` serves /hwe/, /hwe/hwe-api/v2/…
  BASE_PATH: v.optional(
    v.pipe(
      v.string(),
      v.check(
        (s) => normalizeBasePath(s).ok,
        'BASE_PATH must be a URL path such as /hwe/ (letters, digits and - . _ ~ ; no .. or //, no query)',
      ),
      v.transform((s) => {
        const n = normalizeBasePath(s);
        return n.ok ? n.basePath : '/';
      }),
    ),
    '/',
  ),
  API_PROFILE: v.optional(v.picklist(API_PROFILES, 'API_PROFILE must be full or spec'), 'full'),
  LIMIT_UPLOADS_PER_USER_DAY: positiveCount('LIMIT_UPLOADS_PER_USER_DAY'),
  LIMIT_IMAGE_CONVERSIONS: positiveCount('LIMIT_IMAGE_CONVERSIONS'),
  LIMIT_IMAGE_WAITING: positiveCount('LIMIT_IMAGE_WAITING'),
});

export type ParsedEnv = { ok: true; options: ServerOptions; dataDir: string } | { ok: false; error: string };

/** Server options from the environment, or one message naming every bad variable. */
export function parseEnv(env: Record<string, string | undefined>): ParsedEnv {
  const parsed = v.safeParse(EnvSchema, env);
  if (!parsed.success)
    return { ok: false, error: `invalid environment: ${parsed.issues.map((i) => i.message).join('; ')}` };
  const e = parsed.output;
  const oidc = [e.OIDC_URL, e.OIDC_REALM, e.OIDC_CLIENT_ID];
  if (oidc.some(Boolean) && !oidc.every(Boolean))
    return { ok: false, error: 'invalid environment: OIDC_URL, OIDC_REALM and OIDC_CLIENT_ID must be set together' };
  if (!e.S3_BUCKET && (e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID))
    return {
      ok: false,
      error: 'invalid environment: S3_BUCKET is required when S3_ENDPOINT or S3_ACCESS_KEY_ID is set',
    };
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY))
    return { ok: false, error: 'invalid environment: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together' };
  if (e.FAULT_INJECTION === '1' && !e.FAULT_INJECTION_TOKEN)
    return { ok: false, error: 'invalid environment: FAULT_INJECTION=1 needs FAULT_INJECTION_TOKEN' };
  const s3 = e.S3_BUCKET
    ? {
        endpoint: e.S3_ENDPOINT,
        bucket: e.S3_BUCKET,
        region: e.S3_REGION ?? 'us-east-1',
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        forcePathStyle: ['1', 'true'].includes(e.S3_FORCE_PATH_STYLE),
        prefix: e.S3_PREFIX,
      }
    : undefined;
  const identity =
    e.OIDC_URL && e.OIDC_REALM && e.OIDC_CLIENT_ID
      ? { url: e.OIDC_URL, realm: e.OIDC_REALM, clientId: e.OIDC_CLIENT_ID }
      : undefined;
  return {
    ok: true,
    dataDir: e.DATA_DIR,
    options: {
      port: e.PORT,
      host: e.HOST,
      dataDir: e.DATA_DIR,
      databaseUrl: e.DATABASE_URL,
      staticDir: e.STATIC_DIR,
      blobDir: e.BLOB_DIR,
      s3,
      variantCacheDir: e.VARIANT_CACHE_DIR,
      variantCacheBytes: e.VARIANT_CACHE_MB === undefined ? undefined : e.VARIANT_CACHE_MB * 1024 * 1024,
      faultInjection: e.FAULT_INJECTION === '1',
      faultToken: e.FAULT_INJECTION_TOKEN,
      identity,
      demo: e.DEMO === '1',
      publicUrl: e.PUBLIC_URL,
      allowedHosts: e.ALLOWED_HOSTS?.split(',').map((h) => h.trim()),
      trustProxy: e.TRUST_PROXY === '1',
      allowLoginOffOnNetwork: e.ALLOW_LOGIN_OFF_ON_NETWORK === '1',
      serveSourceMaps: e.SERVE_SOURCE_MAPS === '1',
      apiProfile: e.API_PROFILE,
      basePath: e.BASE_PATH,
      limits: {
        uploadsPerUserDay: e.LIMIT_UPLOADS_PER_USER_DAY ?? DEFAULT_LIMITS.uploadsPerUserDay,
        imageConversions: e.LIMIT_IMAGE_CONVERSIONS ?? DEFAULT_LIMITS.imageConversions,
        imageWaiting: e.LIMIT_IMAGE_WAITING ?? DEFAULT_LIMITS.imageWaiting,
      },
    },
  };
}
