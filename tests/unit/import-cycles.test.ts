import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findImportCycles, importsOf } from '../helpers/import-cycles.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** A project of `files` (project-relative path → text) in a fresh temporary folder. */
const planted: string[] = [];
async function plant(files: Record<string, string>): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'municipal-import-cycles-'));
  planted.push(folder);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
    writeFileSync(path.join(folder, file), text);
  }
  return folder;
}

afterEach(async () => {
  await Promise.all(planted.splice(0).map((folder) => rm(folder, { recursive: true })));
});

describe('import cycles', () => {
  it('none among shared/, db/, server/, client/ and cli/', () => {
    // Each cycle is listed as the files it goes through, back to the first.
    expect(findImportCycles(root).map((cycle) => cycle.join(' → '))).toEqual([]);
  }, 30_000);

  it('finds a planted two-file cycle and names both files', async () => {
    const project = await plant({
      'shared/a.ts': "import { b } from './b.ts';\nexport const a = () => b;\n",
      'shared/b.ts': "import { a } from './a.ts';\nexport const b = () => a;\n",
      'shared/c.ts': "import { a } from './a.ts';\nexport const c = a;\n",
    });
    expect(findImportCycles(project)).toEqual([['shared/a.ts', 'shared/b.ts', 'shared/a.ts']]);
  });

  it('counts type-only imports, re-exports and dynamic imports, across folders', async () => {
    const project = await plant({
      'shared/contract.ts':
        "import type { Words } from './words.ts';\nexport interface Contract { words: Words }\n",
      'shared/words.ts':
        "export { type Contract } from './contract.ts';\nexport type Words = string;\n",
      'server/late.ts': "export const later = () => import('../client/page.tsx');\n",
      'client/page.tsx':
        "import type { later } from '../server/late.ts';\nexport type Later = typeof later;\n",
    });
    expect(findImportCycles(project)).toEqual([
      ['client/page.tsx', 'server/late.ts', 'client/page.tsx'],
      ['shared/contract.ts', 'shared/words.ts', 'shared/contract.ts'],
    ]);
  });

  it('finds a longer cycle and a file importing itself; a tree is no cycle', async () => {
    const project = await plant({
      'db/one.ts': "import './two.ts';\n",
      'db/two.ts': "import './three.ts';\n",
      'db/three.ts': "import './one.ts';\n",
      'cli/self.ts': "import * as self from './self.ts';\nexport const me = self;\n",
      'server/leaf.ts': 'export const leaf = 1;\n',
      'server/root.ts': "import { leaf } from './leaf.ts';\nexport { leaf };\n",
    });
    expect(findImportCycles(project)).toEqual([
      ['cli/self.ts', 'cli/self.ts'],
      ['db/one.ts', 'db/two.ts', 'db/three.ts', 'db/one.ts'],
    ]);
  });

  it('reads every kind of import the sources use', () => {
    const text = [
      "import a from './a.ts';",
      "import type { B } from './b.ts';",
      "import './c.css';",
      "export * from './d.ts';",
      "export { e } from './e.ts';",
      "const f = await import('./f.ts');",
      "type G = import('./g.ts').G;",
      "import { h } from 'react';",
    ].join('\n');
    expect(importsOf('probe.ts', text)).toEqual([
      './a.ts',
      './b.ts',
      './c.css',
      './d.ts',
      './e.ts',
      './f.ts',
      './g.ts',
      'react',
    ]);
  });
});
