import { readFileSync } from 'node:fs';
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import { HttpError } from '../http/errors';

/**
 * The checked-in description (`npm run openapi` writes it; a unit test keeps it equal to the one generated from
 * the schemas). Served from the file so the running server does not need the generator, a dev dependency.
 */
const OPENAPI_FILE = new URL('../../docs/openapi.json', import.meta.url);

/** GET /openapi.json (an extension): the contract of this API. */
export function openApiRoutes() {
  let text: string | undefined;
  return new Hono<AppEnv>().get('/', (c) => {
    try {
      text ??= readFileSync(OPENAPI_FILE, 'utf8');
    } catch {
      throw new HttpError(404, 'the OpenAPI description (docs/openapi.json) is not installed with this server');
    }
    return c.body(text, 200, { 'Content-Type': 'application/json; charset=utf-8' });
  });
}
