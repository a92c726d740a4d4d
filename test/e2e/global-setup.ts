import { existsSync } from 'node:fs';
import { ensureBuild } from '../../scripts/ensure-build.mjs';
import { CHROMIUM, HEADLESS_SHELL } from './browsers';

/** The e2e tests run against the production build served by the real server. */
export default function setup(): void {
  for (const [path, pkg] of [
    [CHROMIUM, 'chromium'],
    [HEADLESS_SHELL, 'chromium-headless-shell'],
  ] as const) {
    if (!existsSync(path))
      throw new Error(
        `Debian ${pkg} is missing (${path}): install it with \`apt-get install -y ${pkg}\` (npm test does this when run as root).`,
      );
  }
  ensureBuild();
}
