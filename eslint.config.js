import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'coverage', 'src/routeTree.gen.ts', 'locales/**/*.ts', 'locales/**/*.js', 'test-results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    // Architecture §2: pure rules import nothing of the app, React, RxDB or the network.
    files: ['src/domain/**/*.ts', 'schemas/api/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['react', 'react-dom', 'rxdb', 'rxdb/*', 'dexie', '**/db/**', '**/features/**', '**/replication/**', '**/server/**'] }],
      'no-restricted-globals': ['error', 'fetch', 'localStorage', 'indexedDB'],
    },
  },
  {
    // RxDB storage schemas may use rxdb's types (type-only), nothing else of the app.
    files: ['schemas/db/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['react', '**/src/**', '**/replication/**', '**/server/**'] }] },
  },
  {
    // The benchmark prints its table to the console by design.
    files: ['bench/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/src/features/**', '**/src/routes/**', '**/src/db/**', 'react'] }] },
  },
);
