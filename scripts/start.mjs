// `npm start`: builds the app when the build is missing or stale, then starts the server serving app and API.
import { spawn } from 'node:child_process';
import { ensureBuild } from './ensure-build.mjs';

try {
  ensureBuild();
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}
// The plain `npm start` (no database server, no identity provider) is the demo: it asks for the demo data.
// With DATABASE_URL or OIDC_URL set it is an installation, and demo data come only with an explicit DEMO=1.
const plain = !process.env.DATABASE_URL && !process.env.OIDC_URL;
const env = { ...process.env, DEMO: process.env.DEMO ?? (plain ? '1' : '0') };
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { stdio: 'inherit', env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
