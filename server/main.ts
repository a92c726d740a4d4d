import { startServer } from './app';
import { parseEnv } from './env';

const env = parseEnv(process.env);
if (!env.ok) {
  console.error(env.error);
  process.exit(1);
}
const server = await startServer(env.options);
console.info(`serving app and API at ${server.url} (${server.db.kind}${env.options.databaseUrl ? '' : `, data in ${env.dataDir}`}${env.options.apiProfile === 'spec' ? ', API profile spec: no extensions' : ''})`);
const stop = async () => {
  await server.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
