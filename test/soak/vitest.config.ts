import { defineConfig } from 'vitest/config';

/**
 * The short seeded soak of `npm test` (scripts/test.sh runs it after the build, since its browser round needs
 * dist/). Kept out of the unit project: it takes about 35 s on an idle machine and starts a browser.
 */
export default defineConfig({
  test: {
    include: ['test/soak/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 300_000,
  },
});
