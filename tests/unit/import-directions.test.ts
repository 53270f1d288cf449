import { watch } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { lintProbes, type LintProbe } from '../helpers/lint-probes.ts';

const RULE = 'layers/import-direction';
const root = path.resolve(import.meta.dirname, '../..');
const LAYERS = ['client', 'server', 'cli', 'db', 'shared'];

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
  server: 'server/health/health-routes.ts',
  cli: 'cli/exit-codes.ts',
  db: 'db/records/record-queries.ts',
  shared: 'shared/records/list-query.ts',
};

const REFUSED: [string, string][] = [
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
  ['server/records', sample.client],
  ['server', 'client/entry-server.tsx'],
  ['cli', sample.client],
  // cli/ reuses whole server services, not a server's routes or plugins.
  ['cli', sample.server],
  ['cli', 'server/plugins/staff-session.ts'],
  // The document store, yes; the document routes in the same feature folder, no.
  ['cli', 'server/documents/document-routes.ts'],
];

const ALLOWED: [string, string][] = [
  ['client/components', sample.shared],
  ['db', sample.shared],
  ['server', sample.db],
  ['server', sample.shared],
  ['server/render', 'client/entry-server.tsx'],
  ['cli', sample.db],
  ['cli', sample.shared],
  ['cli', 'server/config.ts'],
  ['cli', 'server/documents/document-store.ts'],
  ['cli', 'server/open-data/ocds-releases.ts'],
];

/** Each probe's file: its folder, and a name telling the cases apart. */
const probeFile = (folder: string, name: string) =>
  `${folder}/probe-${name.replace(/\W+/g, '-')}.ts`;
const importProbe = (folder: string, target: string): LintProbe => ({
  file: probeFile(folder, target),
  code: importOf(folder, target),
});
const PROBES: Record<string, LintProbe> = {
  typeOnly: {
    file: probeFile('client/components', 'type-only'),
    code: importOf('client/components', 'server/content/content-schema.ts', { typeOnly: true }),
  },
  reExportAndDynamic: {
    file: probeFile('client', 're-export-and-dynamic'),
    code: [
      "export { parseListQuery } from '../server/health/health-routes.ts';",
      "export const later = () => import('../db/records/record-queries.ts');",
      '',
    ].join('\n'),
  },
};

describe('imports between folders point one way (npx eslint)', () => {
  let messages: Map<string, string[]>;
  let probeRuns = 0;
  const sourceTreeChanges: string[] = [];

  // Every probe in one ESLint run, in a temporary folder: watched meanwhile, the source
  // tree must not change.
  beforeAll(async () => {
    const watchers = LAYERS.map((layer) =>
      watch(path.join(root, layer), { recursive: true }, (_event, name) =>
        sourceTreeChanges.push(`${layer}/${String(name)}`),
      ),
    );
    const lintFiles = vi.spyOn(ESLint.prototype, 'lintFiles');
    try {
      const linted = await lintProbes([
        ...REFUSED.map(([folder, target]) => importProbe(folder, target)),
        ...ALLOWED.map(([folder, target]) => importProbe(folder, target)),
        ...Object.values(PROBES),
      ]);
      probeRuns = lintFiles.mock.calls.length;
      messages = new Map(
        [...linted].map(([file, found]) => [
          file,
          found.filter((message) => message.ruleId === RULE).map((message) => message.message),
        ]),
      );
    } finally {
      lintFiles.mockRestore();
      for (const watcher of watchers) watcher.close();
    }
  }, 120_000);

  const directionMessages = (probe: LintProbe) => messages.get(probe.file) ?? [];

  it('lints its probes in one ESLint run, outside the source tree', () => {
    expect(probeRuns).toBe(1);
    expect(sourceTreeChanges).toEqual([]);
  });

  it.each(REFUSED)('refuses an import from %s/ of %s', (folder, target) => {
    const found = directionMessages(importProbe(folder, target));
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(`may not import ${target}`);
  });

  it('refuses a type-only import too: shared contracts live in shared/', () => {
    expect(directionMessages(PROBES.typeOnly!)).toHaveLength(1);
  });

  it('refuses a re-export and a dynamic import the same way', () => {
    expect(directionMessages(PROBES.reExportAndDynamic!)).toHaveLength(2);
  });

  it.each(ALLOWED)('allows an import from %s/ of %s', (folder, target) => {
    expect(directionMessages(importProbe(folder, target))).toEqual([]);
  });

  it('finds every import of the real tree pointing the allowed way', async () => {
    // This rule only: the others are `npx eslint`'s, and parsing the tree is cost enough.
    const eslint = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => ruleId === RULE });
    const linted = await eslint.lintFiles(LAYERS);
    const wrongWay = linted.flatMap((result) =>
      result.messages
        .filter((message) => message.ruleId === RULE)
        .map((message) => `${path.relative(root, result.filePath)}: ${message.message}`),
    );
    expect(linted.length).toBeGreaterThan(100);
    expect(wrongWay).toEqual([]);
  }, 120_000);
});
