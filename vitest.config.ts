import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';

export default defineConfig({
  plugins: [babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }), react(), lingui()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.{ts,tsx}',
            'schemas/**/*.test.ts',
            'replication/**/*.test.ts',
            'server/**/*.test.ts',
            'test/unit/**/*.test.{ts,tsx}',
            'test/integration/**/*.test.ts',
          ],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // The server tests race real sockets, a real PostgreSQL and its restarts on a loaded 2-core CI machine:
          // one retry absorbs a scheduling hiccup, a real defect fails twice (the log marks a retried test).
          retry: 1,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.e2e.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // One retry absorbs a browser timing hiccup on a loaded CI machine; a real defect fails twice.
          retry: 1,
          globalSetup: ['test/e2e/global-setup.ts'],
        },
      },
    ],
    coverage: {
      provider: 'v8',
      include: ['src/domain/**/*.ts'],
      exclude: ['src/domain/**/*.test.ts'],
      thresholds: { branches: 95 },
    },
  },
});
