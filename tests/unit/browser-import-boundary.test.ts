import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();
const BOUNDARY_RULE = '@typescript-eslint/no-restricted-imports';

async function ruleMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === BOUNDARY_RULE)
    .map((message) => message.message);
}

// Imports of the other folders (db/, server/, cli/) are the import-direction rule's, tested
// in import-directions.test.ts; this rule keeps server-only packages out of the browser.
describe('browser code imports only browser-safe packages (lint rule)', () => {
  it.each([
    ["import { z } from 'zod';\nz.string();\n"],
    ["import BetterSqlite3 from 'better-sqlite3';\nnew BetterSqlite3(':memory:');\n"],
  ])('refuses %s in client/', async (code) => {
    expect(await ruleMessages('client/components/records/Example.tsx', code)).toHaveLength(1);
  });

  it('refuses the same in shared/', async () => {
    const code = "import { open } from 'node:fs/promises';\nvoid open('x');\n";
    expect(await ruleMessages('shared/example.ts', code)).toHaveLength(1);
  });

  it('allows shared/ code and type-only imports of server packages', async () => {
    const code = [
      "import { parseListQuery } from '../../../shared/list-query.ts';",
      "import type { z } from 'zod';",
      'export const schema: z.ZodString | undefined = undefined;',
      "parseListQuery({ q: '' });",
      '',
    ].join('\n');
    expect(await ruleMessages('client/components/records/Example.tsx', code)).toEqual([]);
  });

  it('leaves server code free to use server packages', async () => {
    const code = "import BetterSqlite3 from 'better-sqlite3';\nnew BetterSqlite3(':memory:');\n";
    expect(await ruleMessages('server/example.ts', code)).toEqual([]);
  });

  it(
    'finds no forbidden import in the real client/ and shared/ files, each of which it checks',
    { timeout: 120_000 },
    async () => {
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
