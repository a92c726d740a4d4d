// `npm start`: builds the app when the build is missing or stale, then starts the server serving app and API.
import { spawn } from 'node:child_process';
import { ensureBuild } from './ensure-build.mjs';

try {
  ensureBuild();
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
