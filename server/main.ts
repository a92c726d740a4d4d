import { startServer } from './app';
import { parseEnv } from './env';
import { isLoopback } from './http/host-check';

const env = parseEnv(process.env);
if (!env.ok) {
  console.error(env.error);
  process.exit(1);
}
const o = env.options;
if (!o.identity) {
  console.warn(
    o.allowLoginOffOnNetwork && !isLoopback(o.host ?? '127.0.0.1')
      ? `WARNING: login is off and the server listens on ${o.host ?? ''} (ALLOW_LOGIN_OFF_ON_NETWORK=1): anyone who reaches it acts as the administrator "demo"`
      : 'login is off (no OIDC_URL): every request acts as the administrator "demo"; listening on loopback only',
  );
}
if (o.demo)
  console.info(
    'DEMO=1: the demo rounds, permissions and map are seeded into this database (never use DEMO=1 on a production database)',
  );
let server;
try {
  server = await startServer(o);
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}
console.info(
  `serving app and API at ${server.url} (${server.db.kind}${env.options.databaseUrl ? '' : `, data in ${env.dataDir}`}${env.options.apiProfile === 'spec' ? ', API profile spec: no extensions' : ''})`,
);
// The first signal stops gracefully (the submissions being stored are answered); a second one stops at once.
let stopping = false;
const stop = async () => {
  if (stopping) process.exit(1);
  stopping = true;
  await server.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
