import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['de', 'en', 'it'],
  fallbackLocales: { default: 'en' },
  catalogs: [{ path: '<rootDir>/locales/{locale}', include: ['src'], exclude: ['**/*.test.*', 'src/domain/**'] }],
  // Without source line references: every change of a line number would otherwise rewrite the catalogs,
  // and parallel branches would conflict on lines nobody translated.
  format: formatter({ origins: false }),
  compileNamespace: 'ts',
});
