import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

describe('environment of server/main.ts', () => {
  it('defaults to port 8080 on 127.0.0.1, ./data, ./dist, the demo user and no fault injection', () => {
    expect(parseEnv({})).toEqual({
      ok: true,
      dataDir: './data',
      options: expect.objectContaining({
        port: 8080,
        host: '127.0.0.1',
        dataDir: './data',
        staticDir: './dist',
        faultInjection: false,
        identity: undefined,
      }),
    });
  });

  it('reads every variable', () => {
    const env = {
      PORT: '0',
      HOST: '0.0.0.0',
      DATA_DIR: '/srv/d',
      DATABASE_URL: 'postgres://u@db/x',
      STATIC_DIR: '/srv/dist',
      BLOB_DIR: '/srv/b',
      FAULT_INJECTION: '1',
      FAULT_INJECTION_TOKEN: 'a-long-enough-token',
      OIDC_URL: 'https://idp.example',
      OIDC_REALM: 'hydro',
      OIDC_CLIENT_ID: 'app',
    };
    expect(parseEnv(env)).toMatchObject({
      ok: true,
      options: {
        port: 0,
        host: '0.0.0.0',
        databaseUrl: 'postgres://u@db/x',
        blobDir: '/srv/b',
        faultInjection: true,
        faultToken: 'a-long-enough-token',
        identity: { url: 'https://idp.example', realm: 'hydro', clientId: 'app' },
      },
    });
  });

  it('reads the production settings: demo data, hosts, proxy, login-off on the network, source maps', () => {
    expect(parseEnv({})).toMatchObject({
      ok: true,
      options: {
        demo: false,
        allowedHosts: undefined,
        publicUrl: undefined,
        trustProxy: false,
        allowLoginOffOnNetwork: false,
        serveSourceMaps: false,
      },
    });
    const env = {
      DEMO: '1',
      ALLOWED_HOSTS: 'rounds.example.org, 10.0.0.5:8080',
      PUBLIC_URL: 'https://rounds.example.org',
      TRUST_PROXY: '1',
      ALLOW_LOGIN_OFF_ON_NETWORK: '1',
      SERVE_SOURCE_MAPS: '1',
    };
    expect(parseEnv(env)).toMatchObject({
      ok: true,
      options: {
        demo: true,
        allowedHosts: ['rounds.example.org', '10.0.0.5:8080'],
        publicUrl: 'https://rounds.example.org',
        trustProxy: true,
        allowLoginOffOnNetwork: true,
        serveSourceMaps: true,
      },
    });
  });

  it("reads the rate and concurrency limits, today's values when not set, and refuses a bad one", () => {
    expect(parseEnv({})).toMatchObject({
      ok: true,
      options: { limits: { uploadsPerUserDay: 2000, imageConversions: 2, imageWaiting: 32 } },
    });
    expect(
      parseEnv({ LIMIT_UPLOADS_PER_USER_DAY: '50', LIMIT_IMAGE_CONVERSIONS: '8', LIMIT_IMAGE_WAITING: '100' }),
    ).toMatchObject({
      ok: true,
      options: { limits: { uploadsPerUserDay: 50, imageConversions: 8, imageWaiting: 100 } },
    });
    expect(parseEnv({ LIMIT_IMAGE_CONVERSIONS: '0' })).toEqual({
      ok: false,
      error: 'invalid environment: LIMIT_IMAGE_CONVERSIONS must be at least 1',
    });
    expect(parseEnv({ LIMIT_UPLOADS_PER_USER_DAY: 'many' })).toMatchObject({ ok: false });
  });

  it('reads the API profile (full unless API_PROFILE=spec) and refuses others', () => {
    expect(parseEnv({})).toMatchObject({ ok: true, options: { apiProfile: 'full' } });
    expect(parseEnv({ API_PROFILE: 'spec' })).toMatchObject({ ok: true, options: { apiProfile: 'spec' } });
    expect(parseEnv({ API_PROFILE: 'vendor' })).toEqual({ ok: false, error: expect.stringContaining('API_PROFILE') });
  });

  it.each([
    [undefined, '/'],
    ['/', '/'],
    ['hwe', '/hwe/'],
    ['/hwe', '/hwe/'],
    ['/intranet/hwe/', '/intranet/hwe/'],
  ])('BASE_PATH %j serves under %j', (raw, basePath) => {
    expect(parseEnv(raw === undefined ? {} : { BASE_PATH: raw })).toMatchObject({ ok: true, options: { basePath } });
  });

  it.each(['https://intranet/hwe/', '/hwe/../x/', '/hwe//x/', '/hwe?x', '/h we/'])('BASE_PATH %j is refused', (raw) => {
    expect(parseEnv({ BASE_PATH: raw })).toEqual({ ok: false, error: expect.stringContaining('BASE_PATH must be') });
  });

  it('reads the S3 store and the variant cache', () => {
    const env = {
      S3_ENDPOINT: 'http://minio:9000',
      S3_BUCKET: 'photos',
      S3_REGION: 'eu-central-1',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
      S3_FORCE_PATH_STYLE: '1',
      VARIANT_CACHE_DIR: '/var/cache/v',
      VARIANT_CACHE_MB: '64',
    };
    expect(parseEnv(env)).toMatchObject({
      ok: true,
      options: {
        s3: {
          endpoint: 'http://minio:9000',
          bucket: 'photos',
          region: 'eu-central-1',
          accessKeyId: 'k',
          secretAccessKey: 's',
          forcePathStyle: true,
        },
        variantCacheDir: '/var/cache/v',
        variantCacheBytes: 64 * 1024 * 1024,
      },
    });
    expect(parseEnv({})).toMatchObject({ ok: true, options: { s3: undefined } });
  });

  it.each([
    ['S3_BUCKET', { S3_ENDPOINT: 'http://minio:9000' }],
    ['S3_SECRET_ACCESS_KEY', { S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' }],
    ['S3_ENDPOINT', { S3_BUCKET: 'b', S3_ENDPOINT: 'minio' }],
    ['VARIANT_CACHE_MB', { VARIANT_CACHE_MB: 'lots' }],
    ['PORT', { PORT: 'eighty' }],
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x' }],
    ['FAULT_INJECTION', { FAULT_INJECTION: 'yes' }],
    ['FAULT_INJECTION_TOKEN', { FAULT_INJECTION: '1' }],
    ['FAULT_INJECTION_TOKEN', { FAULT_INJECTION: '1', FAULT_INJECTION_TOKEN: 'short' }],
    ['DEMO', { DEMO: 'yes' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'rounds.example.org' }],
    ['ALLOWED_HOSTS', { ALLOWED_HOSTS: 'a b' }],
    ['OIDC_URL', { OIDC_URL: 'not a url', OIDC_REALM: 'r', OIDC_CLIENT_ID: 'c' }],
    ['OIDC_CLIENT_ID', { OIDC_URL: 'https://idp.example', OIDC_REALM: 'r' }],
  ])('names a bad %s', (name, env) => {
    const parsed = parseEnv(env);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : parsed.error).toContain(name);
  });

  it('stops server/main.ts when login is off and it would listen beyond loopback', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, HOST: '0.0.0.0', PORT: '0', DATA_DIR: '/nonexistent/never' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('ALLOW_LOGIN_OFF_ON_NETWORK=1');
  });

  it('stops server/main.ts with exit code 1 and the message on stderr', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, PORT: 'eighty' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('PORT must be a number');
  });
});
