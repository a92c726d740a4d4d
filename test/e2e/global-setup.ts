import { existsSync } from 'node:fs';
import { ensureBuild } from '../../scripts/ensure-build.mjs';

/** The e2e tests run against the production build served by the real server. */
export default function setup(): void {
  if (!existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
    throw new Error(
      'Debian chromium is missing: install it with `apt-get install -y chromium` (npm test does this when run as root).',
    );
  }
  ensureBuild();
}
