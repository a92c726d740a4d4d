import { Hono } from 'hono';
import type { AppEnv } from '../http/env';
import { openApiDocument } from '../openapi/document';

/** GET /openapi.json (an extension): the contract of this API, the same document as docs/openapi.json. */
export function openApiRoutes(version: string) {
  const document = openApiDocument(version);
  return new Hono<AppEnv>().get('/', (c) => c.json(document));
}
