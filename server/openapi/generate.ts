import { readFileSync } from 'node:fs';
import { openApiDocument } from './document';

/** Where `npm run openapi` writes the document (checked in for vendors building an adapter). */
export const OPENAPI_FILE = new URL('../../docs/openapi.json', import.meta.url);

const VERSION = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** The document as checked in: the server's package version, two-space JSON and a final newline. */
export function openApiText(): string {
  return `${JSON.stringify(openApiDocument(VERSION), null, 2)}\n`;
}
