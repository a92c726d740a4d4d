// "The next version" for test/e2e/schema-update.e2e.ts: the same app, with the decisions collection one schema
// version higher (and its migration), built for real by the test. Not used by any production build.
import { mergeConfig, type Plugin } from 'vite';
import base from '../../vite.config';

/**
 * Rewrites the file ending with `file` (after the other plugins' transforms, so the pattern allows either
 * quotes and spacing); fails the build when the pattern is not there, so the test never runs a build without
 * the bump.
 */
function replaceIn(file: string, pattern: RegExp, to: string): Plugin {
  return {
    name: `next-schema:${file}`,
    transform(code, id) {
      if (!id.endsWith(file)) return null;
      if (!pattern.test(code)) throw new Error(`${file} no longer matches ${String(pattern)}: update next-schema`);
      return code.replace(pattern, to);
    },
  };
}

export default mergeConfig(base, {
  plugins: [
    replaceIn('schemas/db/decision-doc.ts', /version:\s*1,(\s*primaryKey:\s*["']id["'])/, 'version: 2,$1'),
    replaceIn(
      'src/db/database.ts',
      /(decisions:\s*\{\s*schema:\s*decisionJsonSchema,\s*migrationStrategies:\s*\{)/,
      '$1 2: (d) => d,',
    ),
  ],
  define: { __APP_VERSION__: JSON.stringify('next') },
  build: { sourcemap: false },
});
