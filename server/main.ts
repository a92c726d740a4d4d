import * as v from 'valibot';
import { startServer } from './app';

/** Environment validated once at start, with a clear error naming a bad variable. */
const EnvSchema = v.object({
  PORT: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'PORT must be a number'), v.transform(Number)), '8080'),
  HOST: v.optional(v.pipe(v.string(), v.minLength(1, 'HOST must not be empty')), '127.0.0.1'),
  DATA_DIR: v.optional(v.string(), './data'),
  DATABASE_URL: v.optional(v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://'))),
  STATIC_DIR: v.optional(v.string(), './dist'),
  FAULT_INJECTION: v.optional(v.picklist(['0', '1'], 'FAULT_INJECTION must be 0 or 1'), '0'),
  BLOB_DIR: v.optional(v.string()),
  OIDC_URL: v.optional(v.pipe(v.string(), v.url('OIDC_URL must be a URL'))),
  OIDC_REALM: v.optional(v.pipe(v.string(), v.minLength(1, 'OIDC_REALM must not be empty'))),
  OIDC_CLIENT_ID: v.optional(v.pipe(v.string(), v.minLength(1, 'OIDC_CLIENT_ID must not be empty'))),
});

const env = v.safeParse(EnvSchema, process.env);
if (!env.success) {
  console.error(`invalid environment: ${env.issues.map((i) => i.message).join('; ')}`);
  process.exit(1);
}
const { PORT, HOST, DATA_DIR, DATABASE_URL, STATIC_DIR, FAULT_INJECTION, BLOB_DIR, OIDC_URL, OIDC_REALM, OIDC_CLIENT_ID } = env.output;
const oidc = [OIDC_URL, OIDC_REALM, OIDC_CLIENT_ID];
if (oidc.some(Boolean) && !oidc.every(Boolean)) {
  console.error('invalid environment: OIDC_URL, OIDC_REALM and OIDC_CLIENT_ID must be set together');
  process.exit(1);
}
const identity = OIDC_URL && OIDC_REALM && OIDC_CLIENT_ID ? { url: OIDC_URL, realm: OIDC_REALM, clientId: OIDC_CLIENT_ID } : undefined;
const server = await startServer({ port: PORT, host: HOST, dataDir: DATA_DIR, databaseUrl: DATABASE_URL, staticDir: STATIC_DIR, blobDir: BLOB_DIR, faultInjection: FAULT_INJECTION === '1', identity });
console.info(`serving app and API at ${server.url} (${server.db.kind}${DATABASE_URL ? '' : `, data in ${DATA_DIR}`})`);
const stop = async () => {
  await server.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
