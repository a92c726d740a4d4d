import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, imageStorage, startServer, type RunningServer } from './app';
import { testDatabaseOptions } from '../test/support/server/test-database';

const dir = mkdtempSync(join(tmpdir(), 'server-manifest-'));
const staticDir = join(dir, 'dist');
let server: RunningServer;

const setConfig = (fields: object) =>
  server.db.query("update reference_data set data = data || $1::jsonb where key = 'config'", [JSON.stringify(fields)]);
const unsetConfig = (...keys: string[]) =>
  server.db.query("update reference_data set data = data - $1::text[] where key = 'config'", [keys]);

beforeAll(async () => {
  mkdirSync(staticDir, { recursive: true });
  // the real built manifest (Vite copies public/ as it is)
  copyFileSync('public/manifest.webmanifest', join(staticDir, 'manifest.webmanifest'));
  server = await startServer({ port: 0, ...(await testDatabaseOptions(join(dir, 'data'))), staticDir });
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function manifest(): Promise<{ name: string; short_name: string; lang?: string; start_url: string }> {
  const res = await fetch(`${server.url}/manifest.webmanifest`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/manifest+json');
  // revalidated like index.html: a changed title reaches the next installation
  expect(res.headers.get('cache-control')).toBe('no-cache');
  return (await res.json()) as never;
}

describe('GET /manifest.webmanifest names the installed app after the configured title', () => {
  it.each([
    { title: undefined, locale: undefined, name: 'Messrunden', lang: 'de' },
    { title: 'Pegelrunden Tirol', locale: undefined, name: 'Pegelrunden Tirol', lang: 'de' },
    { title: { de: 'Pegelrunden', en: 'Gauge rounds' }, locale: undefined, name: 'Pegelrunden', lang: 'de' },
    { title: { de: 'Pegelrunden', en: 'Gauge rounds' }, locale: 'en', name: 'Gauge rounds', lang: 'en' },
    // a language the title lacks: the default language's text (pickLocalizedText)
    { title: { de: 'Pegelrunden', en: 'Gauge rounds' }, locale: 'it', name: 'Pegelrunden', lang: 'it' },
  ])('title $title, locale $locale → $name', async ({ title, locale, name, lang }) => {
    await unsetConfig('title', 'locale');
    await setConfig({ ...(title === undefined ? {} : { title }), ...(locale === undefined ? {} : { locale }) });
    const m = await manifest();
    expect(m).toMatchObject({ name, short_name: name, lang, start_url: './' });
  });

  it('serves the built manifest in the spec profile, as a server of the static files alone would', async () => {
    await setConfig({ title: 'Pegelrunden Tirol', locale: 'de' });
    const spec = createApp(server.db, {
      staticDir,
      apiProfile: 'spec',
      storage: imageStorage({ dataDir: join(dir, 'data') }),
    });
    const res = await spec.request('/manifest.webmanifest');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { name: string }).name).toBe('Messrunden');
  });
});
