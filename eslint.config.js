import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import { existsSync, readFileSync } from 'node:fs';
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
        'server/open-data/ocds-quality.ts',
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
 * Words are for people; code decides by codes. A comparison (`===`, `!==`, `==`, `!=`, or a
 * `switch` case) of a message's text is refused: one side an identifier or member named
 * `message` or `flash` (or ending in `Message`), `error` compared with a string, a constant
 * that holds a sentence (a string or template with a space and a letter, or a catalogue
 * lookup such as `staffEn['staff.login.busy']` or `t('staff.login.busy')`, followed into
 * the relative module it is imported from), or a sentence written out. Comparing with
 * `undefined`, `null`, `''` or a `typeof` is a check for presence or kind, not of words,
 * and stays allowed. Compare a refusal's `code` (SCREAMING_SNAKE) instead.
 */
const SCREAMING = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/;
const MESSAGE_NAME = /^(?:message|flash)$|Message$/;
const SENTENCE_NAME = /_(?:MESSAGE|TEXT|SENTENCE)S?$/;
/** A catalogue key, as `t('staff.login.busy')` or `staffEn['staff.login.busy']` take it. */
const CATALOGUE_KEY = /^[a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)+$/;
const isSentence = (text) => /\s/.test(text) && /\p{L}/u.test(text);

/** What an expression is, without the wrappers that do not change its value. */
function unwrap(node) {
  let current = node;
  while (
    current &&
    ['ChainExpression', 'TSNonNullExpression', 'TSAsExpression', 'TSSatisfiesExpression'].includes(
      current.type,
    )
  )
    current = current.expression;
  return current;
}

/** The name of an identifier, or of a member's property (`a.b`, `a['b']`). */
function nameOf(node) {
  const target = unwrap(node);
  if (target?.type === 'Identifier') return target.name;
  if (target?.type === 'MemberExpression') {
    if (!target.computed && target.property.type === 'Identifier') return target.property.name;
    if (target.property.type === 'Literal' && typeof target.property.value === 'string')
      return target.property.value;
  }
  return undefined;
}

/** A string written out: a literal, or a template's fixed parts. */
function writtenText(node) {
  const target = unwrap(node);
  if (target?.type === 'Literal' && typeof target.value === 'string') return target.value;
  if (target?.type === 'TemplateLiteral')
    return target.quasis.map((quasi) => quasi.value.cooked ?? '').join(' ');
  return undefined;
}

/** An initial value that is a sentence: written out, or looked up in a catalogue by key. */
function initHoldsSentence(init) {
  const target = unwrap(init);
  if (!target) return false;
  const text = writtenText(target);
  if (text !== undefined) return isSentence(text);
  if (target.type === 'MemberExpression' && target.computed) {
    const key = writtenText(target.property);
    return key !== undefined && CATALOGUE_KEY.test(key);
  }
  if (target.type === 'CallExpression' && target.arguments.length > 0) {
    const key = writtenText(target.arguments[0]);
    return key !== undefined && CATALOGUE_KEY.test(key);
  }
  return false;
}

const exportedSentences = new Map();

/** Whether a relative module exports `name` as a constant holding a sentence (read once per run). */
function exportsSentence(fromFile, source, name) {
  if (!source.startsWith('.')) return false;
  const base = path.resolve(path.dirname(fromFile), source);
  const file = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find(
    (candidate) => existsSync(candidate) && !candidate.endsWith('/'),
  );
  if (!file) return false;
  const key = `${file}\0${name}`;
  if (!exportedSentences.has(key)) {
    let holds = false;
    try {
      const text = readFileSync(file, 'utf8');
      const found = new RegExp(
        `export\\s+const\\s+${name}\\b(?:\\s*:[^=]+)?\\s*=\\s*([\\s\\S]{0,300})`,
      ).exec(text);
      const init = found?.[1] ?? '';
      const written = /^(['"`])((?:\\.|(?!\1)[^\\])*)\1/.exec(init);
      holds = written
        ? isSentence(written[2])
        : /^[\w$.]+\s*(?:\[|\()\s*['"`][a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)+['"`]/.test(init);
    } catch {
      holds = false;
    }
    exportedSentences.set(key, holds);
  }
  return exportedSentences.get(key);
}

/** The variable an identifier names, looked up from the scope it is used in. */
function variableOf(context, node) {
  let scope = context.sourceCode.getScope(node);
  while (scope) {
    const found = scope.set.get(node.name);
    if (found) return found;
    scope = scope.upper;
  }
  return undefined;
}

/** Whether an identifier names a constant holding a sentence, here or in the module it comes from. */
function holdsSentence(context, node) {
  const target = unwrap(node);
  const name = nameOf(target);
  if (name === undefined) return false;
  if (SCREAMING.test(name) && SENTENCE_NAME.test(name)) return true;
  if (target.type !== 'Identifier') return false;
  const definition = variableOf(context, target)?.defs[0];
  if (!definition) return false;
  if (definition.type === 'Variable' && definition.parent?.kind === 'const')
    return initHoldsSentence(definition.node.init);
  if (definition.type === 'ImportBinding' && definition.parent?.type === 'ImportDeclaration') {
    const imported =
      definition.node.type === 'ImportSpecifier'
        ? (definition.node.imported.name ?? definition.node.imported.value)
        : undefined;
    return (
      imported !== undefined &&
      SCREAMING.test(imported) &&
      exportsSentence(context.filename, definition.parent.source.value, imported)
    );
  }
  return false;
}

/** `undefined`, `null`, `''` or a `typeof`: a check for presence or kind, not of words. */
function isPresenceCheck(node) {
  const target = unwrap(node);
  if (!target) return true;
  if (target.type === 'Identifier' && target.name === 'undefined') return true;
  if (target.type === 'Literal' && (target.value === null || target.value === '')) return true;
  if (target.type === 'UnaryExpression' && target.operator === 'typeof') return true;
  if (target.type === 'UnaryExpression' && target.operator === 'void') return true;
  return false;
}

const textComparison = {
  meta: {
    type: 'problem',
    docs: { description: 'Code compares codes, never the English text of a message.' },
    schema: [],
  },
  create(context) {
    /** Why `side` is a message's text when compared with `other`, or undefined. */
    function textOf(side, other) {
      const name = nameOf(side);
      if (name !== undefined && MESSAGE_NAME.test(name)) return `\`${name}\` (a message)`;
      if (name === 'error' && writtenText(other) !== undefined) return '`error` (a message)';
      const written = writtenText(side);
      if (written !== undefined && isSentence(written)) return 'a sentence';
      if (holdsSentence(context, side)) return `\`${name}\` (a sentence)`;
      return undefined;
    }
    function check(node, left, right) {
      if (isPresenceCheck(left) || isPresenceCheck(right)) return;
      const why = textOf(left, right) ?? textOf(right, left);
      if (!why) return;
      context.report({
        node,
        message: `Compares ${why} as text: words change with the language and the wording; compare a code (e.g. \`outcome.code === 'FORM_EXPIRED'\`) instead.`,
      });
    }
    return {
      BinaryExpression(node) {
        if (['===', '!==', '==', '!='].includes(node.operator)) check(node, node.left, node.right);
      },
      SwitchCase(node) {
        if (node.test) check(node.test, node.parent.discriminant, node.test);
      },
    };
  },
};

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
      plugins: {
        layers: { rules: { 'import-direction': importDirectionIn(root) } },
        codes: { rules: { 'no-text-comparison': textComparison } },
      },
      rules: { 'layers/import-direction': 'error', 'codes/no-text-comparison': 'error' },
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

/**
 * Type-aware checks for the project itself (not the probe folders tests lint): a promise
 * left unawaited is a write that may not have happened when the answer goes out, or an
 * error no one sees. While db/ moves to async queries on both engines (issue 36), every
 * call site that forgets its `await` is found here rather than in production.
 */
const typeAwareChecks = {
  files: ['{server,cli,db,tests}/**/*.ts'],
  languageOptions: {
    parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
  },
  rules: { '@typescript-eslint/no-floating-promises': 'error' },
};

export default [...projectConfig(import.meta.dirname), typeAwareChecks];
