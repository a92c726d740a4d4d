// npm run openapi: writes docs/openapi.json from the valibot schemas (server/openapi/document.ts).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { OPENAPI_FILE, openApiText } from '../server/openapi/generate';

writeFileSync(OPENAPI_FILE, openApiText());
console.info(`wrote ${fileURLToPath(OPENAPI_FILE)}`);
