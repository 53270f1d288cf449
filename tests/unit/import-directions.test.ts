import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

const RULE = 'layers/import-direction';
const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });
const written: string[] = [];

afterAll(() => {
  for (const file of written) rmSync(file, { force: true });
});

/**
 * Writes `code` to a temporary file in `folder` (so ESLint picks its configuration by a
 * real path, as `npx eslint .` does) and returns the direction rule's messages for it.
 */
async function directionMessages(folder: string, code: string): Promise<string[]> {
  const file = path.join(root, folder, `import-direction-probe-${randomUUID()}.ts`);
  written.push(file);
  writeFileSync(file, code);
  try {
    const [result] = await eslint.lintFiles([file]);
    return (result?.messages ?? [])
      .filter((message) => message.ruleId === RULE)
      .map((message) => message.message);
  } finally {
    rmSync(file, { force: true });
  }
}

/** A relative import of `target` (project-relative) from a file in `folder`. */
function importOf(folder: string, target: string, { typeOnly = false } = {}): string {
  const specifier = path.relative(path.join(root, folder), path.join(root, target));
  const name = `probe${typeOnly ? 'Type' : ''}`;
  return typeOnly
    ? `import type * as ${name} from './${specifier}';\nexport type Probe = typeof ${name};\n`
    : `import * as ${name} from './${specifier}';\nexport const probe = ${name};\n`;
}

// One real module of each folder, imported by the probes.
const sample = {
  client: 'client/routes.tsx',
  server: 'server/routes/health.ts',
  cli: 'cli/exit-codes.ts',
  db: 'db/record-queries.ts',
  shared: 'shared/list-query.ts',
};

describe('imports between folders point one way (npx eslint)', () => {
  it.each([
    ['client', sample.server],
    ['client', sample.db],
    ['client', sample.cli],
    ['shared', sample.client],
    ['shared', sample.server],
    ['shared', sample.db],
    ['shared', sample.cli],
    ['db', sample.client],
    ['db', sample.server],
    ['db', sample.cli],
    ['server', sample.cli],
    // server/ renders client/ only from its renderer.
    ['server/routes', sample.client],
    ['server', 'client/entry-server.tsx'],
    ['cli', sample.client],
    // cli/ reuses whole server services, not a server's routes or plugins.
    ['cli', sample.server],
    ['cli', 'server/plugins/staff-session.ts'],
  ])('refuses an import from %s/ of %s', async (folder, target) => {
    const messages = await directionMessages(folder, importOf(folder, target));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(`may not import ${target}`);
  });

  it('refuses a type-only import too: shared contracts live in shared/', async () => {
    const code = importOf('client/components', 'server/content/content-schema.ts', {
      typeOnly: true,
    });
    expect(await directionMessages('client/components', code)).toHaveLength(1);
  });

  it('refuses a re-export and a dynamic import the same way', async () => {
    const code = [
      "export { parseListQuery } from '../server/routes/health.ts';",
      "export const later = () => import('../db/record-queries.ts');",
      '',
    ].join('\n');
    expect(await directionMessages('client', code)).toHaveLength(2);
  });

  it.each([
    ['client/components', sample.shared],
    ['db', sample.shared],
    ['server', sample.db],
    ['server', sample.shared],
    ['server/render', 'client/entry-server.tsx'],
    ['cli', sample.db],
    ['cli', sample.shared],
    ['cli', 'server/config.ts'],
    ['cli', 'server/documents/document-store.ts'],
    ['cli', 'server/ocds/releases.ts'],
  ])('allows an import from %s/ of %s', async (folder, target) => {
    expect(await directionMessages(folder, importOf(folder, target))).toEqual([]);
  });

  it('finds every import of the real tree pointing the allowed way', async () => {
    const results = await eslint.lintFiles(['client', 'server', 'cli', 'db', 'shared']);
    const linted = results.filter((result) => !written.includes(result.filePath));
    const wrongWay = linted.flatMap((result) =>
      result.messages
        .filter((message) => message.ruleId === RULE)
        .map((message) => `${path.relative(root, result.filePath)}: ${message.message}`),
    );
    expect(linted.length).toBeGreaterThan(100);
    expect(wrongWay).toEqual([]);
  }, 120_000);
});
