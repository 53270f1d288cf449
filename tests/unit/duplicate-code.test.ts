import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * `npm run lint` runs the duplicate-code detector (jscpd, configured by `.jscpd.json`) and
 * fails on a block of six or more lines repeated outside `db/migrations/` and the test
 * fixtures (issue 33). These tests run the lint's own command, with the project's own
 * configuration, on small temporary trees (os.tmpdir, never the source tree), so they prove
 * the settings the lint uses rather than a copy of them.
 */

const root = path.resolve(import.meta.dirname, '../..');
const scripts = (
  JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;
const command = scripts['lint:duplicates']!;

/** Eight lines that do something, as a module would; `name` makes each copy's function its own. */
function block(name: string) {
  return `export function ${name}(items: { title: string; count: number }[]) {
  const totals = new Map<string, number>();
  for (const item of items) {
    const previous = totals.get(item.title) ?? 0;
    totals.set(item.title, previous + item.count * 2 + (item.title.length > 3 ? 1 : 0));
  }
  return [...totals.entries()].sort((a, b) => b[1] - a[1]).map(([title]) => title.trim());
}
`;
}

/** A different module of about the same size, sharing no block with `block`. */
const distinct = `export function describe(person: { name: string; born: Date }, now: Date) {
  const age = now.getFullYear() - person.born.getFullYear();
  if (age < 0) throw new RangeError('born in the future');
  const words = person.name.split(/\\s+/).filter((word) => word !== '');
  const initials = words.map((word) => word[0]!.toUpperCase()).join('');
  return { initials, age, adult: age >= 18, label: \`\${initials} (\${String(age)})\` };
}
`;

let tree: string | undefined;
afterEach(async () => {
  if (tree) await rm(tree, { recursive: true, force: true });
  tree = undefined;
});

/**
 * Writes the files into a fresh temporary project holding the repository's `.jscpd.json`,
 * then runs the `lint:duplicates` script there as npm would (through a shell, with the
 * project's `node_modules/.bin` on the PATH).
 */
async function lintDuplicates(files: Record<string, string>) {
  tree = await mkdtemp(path.join(os.tmpdir(), 'municipal-duplicates-'));
  copyFileSync(path.join(root, '.jscpd.json'), path.join(tree, '.jscpd.json'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
    writeFileSync(path.join(tree, file), text);
  }
  const run = spawnSync(command, {
    cwd: tree,
    shell: true,
    encoding: 'utf8',
    env: {
      ...process.env,
      PATH: `${path.join(root, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
      NO_COLOR: '1',
    },
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('the duplicate-code check in npm run lint', () => {
  it('is part of npm run lint', () => {
    expect(command).toMatch(/^jscpd --config \.jscpd\.json \.$/);
    expect(scripts.lint).toContain('npm run lint:duplicates');
  });

  it('fails on a block repeated in two files, naming both', async () => {
    const run = await lintDuplicates({
      'server/totals.ts': block('totals'),
      'client/ranking.ts': `import { describe } from './describe';\n\n${block('ranking')}`,
      'client/describe.ts': distinct,
    });
    expect(run.status, run.output).toBe(1);
    expect(run.output).toContain('Clone found');
    expect(run.output).toContain('server/totals.ts');
    expect(run.output).toContain('client/ranking.ts');
    expect(run.output).not.toContain('client/describe.ts');
  });

  it('fails on a CSS rule repeated in two stylesheets', async () => {
    const rule = (selector: string) => `${selector} {
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: 0.5rem 1rem;
  padding: 0.75rem 1rem;
  border: 1px solid #c8c8c8;
  border-radius: 0.25rem;
  background: #fafafa;
}
`;
    const run = await lintDuplicates({
      'client/a/a.css': rule('.one'),
      'client/b/b.css': rule('.two'),
    });
    expect(run.status, run.output).toBe(1);
    expect(run.output).toContain('client/a/a.css');
    expect(run.output).toContain('client/b/b.css');
  });

  it('passes a tree without copies', async () => {
    const run = await lintDuplicates({
      'server/totals.ts': block('totals'),
      'client/describe.ts': distinct,
    });
    expect(run.output).not.toContain('Clone found');
    expect(run.status, run.output).toBe(0);
  });

  it('leaves migrations and test fixtures alone: each is a record of its moment, not shared code', async () => {
    const run = await lintDuplicates({
      'server/totals.ts': block('totals'),
      'db/migrations/0001-first.ts': block('first'),
      'db/migrations/0002-second.ts': block('second'),
      'tests/fixtures/sample/sample.ts': block('sample'),
    });
    expect(run.output).not.toContain('Clone found');
    expect(run.status, run.output).toBe(0);
  });
});
