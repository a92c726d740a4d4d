import * as v from 'valibot';
import { startServer } from './app';

/** Environment validated once at start, with a clear error naming a bad variable. */
const EnvSchema = v.object({
  PORT: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'PORT must be a number'), v.transform(Number)), '8080'),
  DATA_DIR: v.optional(v.string(), './data'),
  DATABASE_URL: v.optional(v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://'))),
  STATIC_DIR: v.optional(v.string(), './dist'),
  FAULT_INJECTION: v.optional(v.picklist(['0', '1'], 'FAULT_INJECTION must be 0 or 1'), '0'),
});

const env = v.safeParse(EnvSchema, process.env);
if (!env.success) {
  console.error(`invalid environment: ${env.issues.map((i) => i.message).join('; ')}`);
  process.exit(1);
}
const { PORT, DATA_DIR, DATABASE_URL, STATIC_DIR, FAULT_INJECTION } = env.output;
const server = await startServer({ port: PORT, dataDir: DATA_DIR, databaseUrl: DATABASE_URL, staticDir: STATIC_DIR, faultInjection: FAULT_INJECTION === '1' });
console.info(`serving app and API at ${server.url} (${server.db.kind}${DATABASE_URL ? '' : `, data in ${DATA_DIR}`})`);
const stop = async () => {
  await server.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
