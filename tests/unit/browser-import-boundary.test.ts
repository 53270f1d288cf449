import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { lintProbes, type LintProbe } from '../helpers/lint-probes.ts';

const BOUNDARY_RULE = '@typescript-eslint/no-restricted-imports';

const REFUSED_IN_CLIENT = [
  "import { z } from 'zod';\nz.string();\n",
  "import BetterSqlite3 from 'better-sqlite3';\nnew BetterSqlite3(':memory:');\n",
];
const REFUSED_PROBES: LintProbe[] = REFUSED_IN_CLIENT.map((code, index) => ({
  file: `client/records/Refused${index}.tsx`,
  code,
}));
/** Every case a file at its own path, so all are linted in one run (tests/helpers/lint-probes.ts). */
const PROBES = {
  shared: {
    file: 'shared/example.ts',
    code: "import { open } from 'node:fs/promises';\nvoid open('x');\n",
  },
  typeOnly: {
    file: 'client/records/Example.tsx',
    code: [
      "import { parseListQuery } from '../../shared/records/list-query.ts';",
      "import type { z } from 'zod';",
      'export const schema: z.ZodString | undefined = undefined;',
      "parseListQuery({ q: '' });",
      '',
    ].join('\n'),
  },
  server: {
    file: 'server/example.ts',
    code: "import BetterSqlite3 from 'better-sqlite3';\nnew BetterSqlite3(':memory:');\n",
  },
} satisfies Record<string, LintProbe>;

// Imports of the other folders (db/, server/, cli/) are the import-direction rule's, tested
// in import-directions.test.ts; this rule keeps server-only packages out of the browser.
describe('browser code imports only browser-safe packages (lint rule)', () => {
  let messages: Map<string, string[]>;
  beforeAll(async () => {
    const linted = await lintProbes([...REFUSED_PROBES, ...Object.values(PROBES)]);
    messages = new Map(
      [...linted].map(([file, found]) => [
        file,
        found
          .filter((message) => message.ruleId === BOUNDARY_RULE)
          .map((message) => message.message),
      ]),
    );
  }, 120_000);
  const ruleMessages = (probe: LintProbe) => messages.get(probe.file) ?? [];

  it.each(REFUSED_PROBES)('refuses $code in client/', (probe) => {
    expect(ruleMessages(probe)).toHaveLength(1);
  });

  it('refuses the same in shared/', () => {
    expect(ruleMessages(PROBES.shared)).toHaveLength(1);
  });

  it('allows shared/ code and type-only imports of server packages', () => {
    expect(ruleMessages(PROBES.typeOnly)).toEqual([]);
  });

  it('leaves server code free to use server packages', () => {
    expect(ruleMessages(PROBES.server)).toEqual([]);
  });

  it(
    'finds no forbidden import in the real client/ and shared/ files, each of which it checks',
    { timeout: 120_000 },
    async () => {
      // This rule only: the others are `npx eslint`'s, and parsing the files is cost enough.
      const eslint = new ESLint({ ruleFilter: ({ ruleId }) => ruleId === BOUNDARY_RULE });
      const results = await eslint.lintFiles(['client/**/*.{ts,tsx}', 'shared/**/*.ts']);
      const files = results.map((result) => path.relative(process.cwd(), result.filePath));
      expect(files.length).toBeGreaterThan(50);
      expect(files).toContain('shared/record-kinds.ts');
      // The server render entry runs only in Node; every other file is under the rule.
      const unchecked: string[] = [];
      for (const file of files) {
        const config = (await eslint.calculateConfigForFile(file)) as {
          rules?: Record<string, unknown>;
        };
        const setting = config.rules?.[BOUNDARY_RULE];
        if (!Array.isArray(setting) || setting[0] !== 2) unchecked.push(file);
      }
      expect(unchecked).toEqual(['client/entry-server.tsx']);
      const violations = results.flatMap((result) =>
        result.messages
          .filter((message) => message.ruleId === BOUNDARY_RULE)
          .map(
            (message) =>
              `${path.relative(process.cwd(), result.filePath)}:${message.line} ${message.message}`,
          ),
      );
      expect(violations).toEqual([]);
    },
  );
});
