import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
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
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    // Browser code and the browser-safe shared/ folder: SQL, zod and server modules must never
    // reach a phone. Type-only imports are erased at build time, so they stay allowed.
    files: ['client/**/*.{ts,tsx}', 'shared/**/*.ts'],
    // The server render entry runs only in Node.
    ignores: ['client/entry-server.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db/**', '**/server/**', '**/cli/**'],
              allowTypeImports: true,
              message: 'Browser code may import only from client/ and shared/.',
            },
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
