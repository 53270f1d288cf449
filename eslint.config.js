import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import path from 'node:path';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Which top-level folder may import which: dependencies point one way, so a folder can be
 * read, tested and changed knowing only the folders it imports.
 * A value of `true` allows every file; a function decides by the importing file and the
 * imported file, both relative to the project root. Type-only imports count too: a
 * contract both sides use belongs in shared/.
 */
const IMPORT_DIRECTIONS = {
  client: { shared: true },
  shared: {},
  db: { shared: true },
  server: {
    db: true,
    shared: true,
    // Only the renderer reaches into client/, to render the React app on the server.
    client: (from) => from.startsWith('server/render/'),
  },
  cli: {
    db: true,
    shared: true,
    // Whole services the command line reuses rather than re-implements.
    server: (_from, to) =>
      [
        'server/config.ts',
        'server/content/load.ts',
        // The document store and its checks, not the document routes beside them.
        'server/documents/document-store.ts',
        'server/documents/document-name.ts',
        'server/documents/sniff-type.ts',
        'server/data-folder.ts',
        'server/open-data/ocds-releases.ts',
        'server/open-data/csv.ts',
        'server/open-data/json.ts',
        'server/auth/password-hash.ts',
        'server/auth/password-policy.ts',
      ].some((allowed) => (allowed.endsWith('/') ? to.startsWith(allowed) : to === allowed)),
  },
};

/** The top-level folder of a project-relative path, when it is one of the layered ones. */
function layerOf(relative) {
  const top = relative.split('/')[0];
  return Object.hasOwn(IMPORT_DIRECTIONS, top) ? top : undefined;
}

/**
 * The direction rule for a project at `root`: the project itself, or the temporary copy of
 * its layout that tests/unit/import-directions.test.ts lints its probe files in.
 */
const importDirectionIn = (root) => ({
  meta: {
    type: 'problem',
    docs: { description: 'Imports between top-level folders point only the allowed way.' },
    schema: [],
  },
  create(context) {
    const from = path.relative(root, context.filename).split(path.sep).join('/');
    const fromLayer = layerOf(from);
    if (!fromLayer) return {};
    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = path
        .relative(root, path.resolve(path.dirname(context.filename), source))
        .split(path.sep)
        .join('/');
      const toLayer = layerOf(to);
      if (!toLayer || toLayer === fromLayer) return;
      const allowed = IMPORT_DIRECTIONS[fromLayer][toLayer];
      if (allowed === true || (typeof allowed === 'function' && allowed(from, to))) return;
      context.report({
        node,
        message: `${fromLayer}/ may not import ${to}: ${fromLayer}/ imports only ${
          Object.keys(IMPORT_DIRECTIONS[fromLayer])
            .map((layer) => `${layer}/`)
            .join(', ') || 'itself'
        }; a contract both sides use belongs in shared/.`,
      });
    }
    const fromSource = (node) => check(node.source ?? node, node.source?.value);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: (node) => node.source && fromSource(node),
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => check(node.source, node.source.value),
      TSImportType: (node) => check(node, node.argument?.literal?.value),
    };
  },
});

/**
 * The whole configuration for a project rooted at `root` (the folder ESLint runs in). Tests
 * lint probe files in a temporary folder with the same layout, so none is ever written
 * into the source tree other tests and tools scan.
 */
export function projectConfig(root) {
  return tseslint.config(
    { ignores: ['dist/', 'data/', 'node_modules/', 'test-results/', 'playwright-report/'] },
    js.configs.recommended,
    ...tseslint.configs.recommended,
    {
      languageOptions: {
        globals: { ...globals.node, ...globals.browser },
      },
      rules: {
        '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
        '@typescript-eslint/consistent-type-imports': 'error',
      },
    },
    {
      files: ['{client,server,cli,db,shared}/**/*.{ts,tsx,mts,mjs,js}'],
      plugins: { layers: { rules: { 'import-direction': importDirectionIn(root) } } },
      rules: { 'layers/import-direction': 'error' },
    },
    {
      files: ['client/**/*.{ts,tsx}'],
      plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
      rules: {
        ...reactHooks.configs.recommended.rules,
        ...jsxA11y.flatConfigs.recommended.rules,
      },
    },
    {
      // Browser code and the browser-safe shared/ folder: SQL, zod and other server packages
      // must never reach a phone (other folders: layers/import-direction). Type-only imports
      // are erased at build time, so they stay allowed.
      files: ['client/**/*.{ts,tsx}', 'shared/**/*.ts'],
      // The server render entry runs only in Node.
      ignores: ['client/entry-server.tsx'],
      rules: {
        '@typescript-eslint/no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                group: [
                  'zod',
                  'zod/*',
                  'better-sqlite3',
                  'kysely',
                  'argon2',
                  'node:*',
                  'fastify',
                  '@fastify/*',
                ],
                allowTypeImports: true,
                message: 'Server-only package: keep it out of browser code.',
              },
            ],
          },
        ],
      },
    },
  );
}

export default projectConfig(import.meta.dirname);
