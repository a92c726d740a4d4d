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

/**
 * Issue 29, one door: the RxDB calls that change local data. Outside src/db only the pull writers below may make
 * them (the registry, src/db/commands.ts, lists both); every other write goes through a named command of src/db.
 * `remove`/`incrementalRemove` count without arguments only (RxDB's document and query removal take none; a
 * screen's `actions.remove(id)` is a command's caller, not a write).
 */
const RXDB_WRITES = new Set([
  'insert',
  'upsert',
  'incrementalUpsert',
  'patch',
  'incrementalPatch',
  'modify',
  'incrementalModify',
  'remove',
  'incrementalRemove',
  'bulkInsert',
  'bulkUpsert',
  'bulkRemove',
  'putAttachment',
  'putAttachments',
]);
const ARGUMENTLESS = new Set(['remove', 'incrementalRemove']);

/**
 * The replication files that store the server's copy of pulled data (rounds, reference lists, history, archive,
 * the data owner): never anything a user entered, so they write directly, listed in the registry. User-entered
 * data (instances, drafts, photos, tasks, facilities, decisions) is written by the replication only through the
 * commands of src/db.
 */
export const PULL_WRITERS = [
  'replication/pull.ts',
  'replication/unchanged.ts',
  'replication/user-data.ts',
  'replication/pull-lists.ts',
  'replication/sync-state.ts',
  'replication/pull-history.ts',
];

const local = {
  rules: {
    'no-direct-db-write': {
      meta: {
        type: 'problem',
        docs: { description: 'RxDB writes go through the named commands of src/db (src/db/commands.ts)' },
        messages: {
          write:
            '`.{{name}}()` writes local data directly: call (or add) a named command in src/db and list it in src/db/commands.ts.',
        },
        schema: [],
      },
      create(context) {
        return {
          CallExpression(node) {
            const callee = node.callee;
            if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return;
            const name = callee.property.name;
            if (!RXDB_WRITES.has(name)) return;
            if (ARGUMENTLESS.has(name) && node.arguments.length > 0) return;
            context.report({ node, messageId: 'write', data: { name } });
          },
        };
      },
    },
  },
};

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
    // The one door (issue 29): local data changes only through src/db's commands. Tests seed their data directly.
    files: ['src/**/*.{ts,tsx}', 'replication/**/*.ts'],
    ignores: ['src/db/**', '**/*.test.{ts,tsx}', ...PULL_WRITERS],
    plugins: { local },
    rules: { 'local/no-direct-db-write': 'error' },
  },
  {
    // Screens read local data through src/db, never through the replication (which may change how it stores);
    // they may use its error classes, constants and types.
    files: ['src/features/**/*.{ts,tsx}', 'src/routes/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/replication/**',
                '!**/replication/api-errors',
                '!**/replication/api-client',
                '!**/replication/posting-order',
              ],
              allowTypeImports: true,
              message: 'Screens read local data through src/db (hooks, reads, commands), not through replication/.',
            },
          ],
        },
      ],
    },
  },
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
