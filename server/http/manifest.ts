import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Handler } from 'hono';
import * as v from 'valibot';
import { ConfigSchema } from '../../schemas/api';
import { pickLocalizedText } from '../../src/domain/localized-text';
import type { Queryable } from '../db/database';
import type { AppEnv } from './app-env';

const TitleAndLocale = v.pick(ConfigSchema, ['title', 'locale']);

/**
 * The web app manifest with the operator's `title` as the installed app's name (our extension: a server that
 * serves only the built files keeps the built manifest, whose name is the default language's). One name for
 * everyone, so in the config's `locale` (default de, §3): the manifest is fetched once, at installation, and
 * cannot follow a language the user picks later. Without a title the built file is served as it is.
 */
export async function renderManifest(staticDir: string, db: Queryable): Promise<object | null> {
  const built = await readFile(join(staticDir, 'manifest.webmanifest'), 'utf8').catch(() => null);
  if (built === null) return null;
  const manifest = JSON.parse(built) as Record<string, unknown>;
  const [row] = await db.query<{ data: unknown }>("select data from reference_data where key = 'config'");
  const config = v.safeParse(TitleAndLocale, row?.data ?? {});
  if (!config.success) return manifest;
  const name = pickLocalizedText(config.output.title, config.output.locale);
  return name ? { ...manifest, name, short_name: name, lang: config.output.locale } : manifest;
}

/** GET /manifest.webmanifest; `no-cache` like index.html, so a changed title reaches the next installation. */
export function manifestRoute(staticDir: string, db: Queryable): Handler<AppEnv> {
  return async (c, next) => {
    const manifest = await renderManifest(staticDir, db);
    if (!manifest) return next();
    return c.body(JSON.stringify(manifest), 200, {
      'Content-Type': 'application/manifest+json',
      'Cache-Control': 'no-cache',
    });
  };
}
