import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const DB = '**/db/**';
const FEATURES = '**/features/**';
const REPLICATION = '**/replication/**';
const SERVER = '**/server/**';
const APP = '**/app/**';
const UI = '**/ui/**';
const ROUTES = '**/routes/**';
const WORKERS = '**/workers/**';

/** One config block per layer: its files may not import what `forbid` matches (its tests may: they integrate). */
function layerBoundaries(layers) {
  return layers.map(({ files, forbid }) => ({
    files,
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: forbid }] },
  }));
}

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      'node_modules',
      'coverage',
      'src/routeTree.gen.ts',
      'locales/**/*.ts',
      'locales/**/*.js',
      'test-results',
    ],
  },
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
  // Architecture §2, the layers: what each one must not import, written once here (the dependency direction
  // domain/schemas → db/replication → app/ui → features → routes; the server shares only domain and schemas).
  ...layerBoundaries([
    {
      files: ['src/domain/**/*.ts', 'schemas/api/**/*.ts', 'schemas/forms/**/*.ts'],
      forbid: [
        'react',
        'react-dom',
        'rxdb',
        'rxdb/*',
        'dexie',
        DB,
        FEATURES,
        REPLICATION,
        SERVER,
        APP,
        UI,
        ROUTES,
        WORKERS,
      ],
    },
    // storage keeps the domain's values (the lifecycle's states), so it may read the domain, nothing above it
    {
      files: ['schemas/db/**/*.ts'],
      forbid: ['react', '**/src/db/**', FEATURES, APP, UI, ROUTES, REPLICATION, SERVER, WORKERS],
    },
    { files: ['src/db/**/*.{ts,tsx}'], forbid: [FEATURES, ROUTES, APP, UI, REPLICATION, SERVER, WORKERS] },
    { files: ['replication/**/*.ts'], forbid: ['react', FEATURES, ROUTES, APP, UI, SERVER, WORKERS] },
    // the shell reaches the screens only through the router
    { files: ['src/app/**/*.{ts,tsx}'], forbid: [FEATURES, ROUTES, SERVER, WORKERS] },
    { files: ['src/ui/**/*.{ts,tsx}'], forbid: [FEATURES, ROUTES, APP, DB, REPLICATION, SERVER, WORKERS] },
    { files: ['src/features/**/*.{ts,tsx}'], forbid: [ROUTES, SERVER] },
    { files: ['workers/**/*.{ts,mjs}'], forbid: [FEATURES, ROUTES, APP, UI, SERVER] },
    {
      files: ['server/**/*.ts'],
      forbid: [
        'react',
        '**/src/features/**',
        '**/src/routes/**',
        '**/src/db/**',
        '**/src/app/**',
        '**/src/ui/**',
        REPLICATION,
      ],
    },
  ]),
  {
    // Pure rules run in the browser and on the server alike: no network, no browser storage.
    files: ['src/domain/**/*.ts', 'schemas/api/**/*.ts'],
    rules: { 'no-restricted-globals': ['error', 'fetch', 'localStorage', 'indexedDB'] },
  },
  {
    // The benchmark prints its table to the console by design.
    files: ['bench/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
