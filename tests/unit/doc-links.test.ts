/**
 * Every relative link and image in README.md, ARCHITECTURE.md, CONTRIBUTING.md and docs/
 * leads somewhere: its file exists and its #anchor is a heading of that file, as GitHub
 * makes anchors. The checker is tested on files with links planted to fail.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkMarkdownLinks,
  documentationFiles,
  githubSlug,
  headingAnchors,
  markdownLinks,
} from '../helpers/markdown-links.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe('the documentation', () => {
  it('is the README, ARCHITECTURE.md, CONTRIBUTING.md and the docs/ folder', () => {
    const files = documentationFiles(root);
    expect(files).toEqual(
      expect.arrayContaining([
        'README.md',
        'ARCHITECTURE.md',
        'CONTRIBUTING.md',
        'docs/cli.md',
        'docs/open-data.md',
        'docs/operating.md',
        'docs/performance.md',
        'docs/security.md',
        'docs/staff-guide.md',
      ]),
    );
  });

  it('has no relative link or image whose file or heading is missing', () => {
    const files = documentationFiles(root);
    const links = files.flatMap((file) =>
      markdownLinks(readFileSync(path.join(root, file), 'utf8')),
    );
    // The check looks at something: the README alone links to a dozen files.
    expect(links.length).toBeGreaterThan(50);
    expect(checkMarkdownLinks(root, files)).toEqual([]);
  });

  it('fails when a link planted in the README misses its file or its heading', () => {
    const files = documentationFiles(root);
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const planted = readme
      .replace('](docs/cli.md#importing-records)', '](docs/cli.md#importing-recordz)')
      .replace('](docs/security.md)', '](docs/safety.md)');
    expect(planted).not.toBe(readme);
    const read = (file: string) =>
      file === 'README.md' ? planted : readFileSync(path.join(root, file), 'utf8');
    expect(checkMarkdownLinks(root, files, read)).toEqual([
      expect.objectContaining({
        file: 'README.md',
        link: 'docs/cli.md#importing-recordz',
        problem: 'no heading of docs/cli.md has the anchor #importing-recordz',
      }),
      expect.objectContaining({
        file: 'README.md',
        link: 'docs/safety.md',
        problem: 'no such file: docs/safety.md',
      }),
    ]);
  });
});

describe('GitHub heading anchors', () => {
  it.each([
    ['First run: from demo to real data', 'first-run-from-demo-to-real-data'],
    ['Full Disclosure (`full-disclosure.json`)', 'full-disclosure-full-disclosurejson'],
    ['Menu, Transparency Seal page and fund report', 'menu-transparency-seal-page-and-fund-report'],
    ['1. The registry entry', '1-the-registry-entry'],
    ['Where it stands (issue 14 targets)', 'where-it-stands-issue-14-targets'],
    ['Staff pages: home, accounts, set-password', 'staff-pages-home-accounts-set-password'],
    ['The [command line](cli.md) and **its** _exit_ codes', 'the-command-line-and-its-exit-codes'],
    ['Mga balita — Pagsusuri ng ñ', 'mga-balita--pagsusuri-ng-ñ'],
    ['snake_case stays', 'snake_case-stays'],
  ])('%s → #%s', (heading, anchor) => {
    expect(githubSlug(heading)).toBe(anchor);
  });

  it('numbers repeated headings and ignores # lines in code blocks', () => {
    const anchors = headingAnchors(
      ['# Guide', '## Run', '```sh', '# Run', '```', '## Run', 'Setext', '------'].join('\n'),
    );
    expect([...anchors]).toEqual(['guide', 'run', 'run-1', 'setext']);
  });
});

describe('the link checker', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'doc-links-'));
    await mkdir(path.join(dir, 'docs', 'images'), { recursive: true });
    await writeFile(path.join(dir, 'docs', 'images', 'shown.png'), '');
    await writeFile(
      path.join(dir, 'docs', 'guide.md'),
      ['# Guide', '', '## Real heading', '', '## Real heading', '', 'Text.'].join('\n'),
    );
    await writeFile(
      path.join(dir, 'README.md'),
      [
        '# Project',
        '',
        '## Local part',
        '',
        'Fine: [guide](docs/guide.md), [its heading](docs/guide.md#real-heading), the',
        '[second one](docs/guide.md#real-heading-1), [this page](#local-part),',
        '[from the root](/docs/guide.md "title"), ![a picture](docs/images/shown.png),',
        '[a folder](docs/), [outside](https://example.org/missing.md), <https://example.org>,',
        'and [mail](mailto:bac@example.gov.ph).',
        '',
        'Not links: `[in code](missing-in-code.md)` and',
        '',
        '```md',
        '[in a fence](missing-in-fence.md)',
        '```',
        '',
        'Broken: [no file](docs/missing.md), [no heading](docs/guide.md#imaginary),',
        '![no picture](docs/images/missing.png), [not here](#nowhere),',
        '[![picture link](docs/images/gone.png)](docs/guide.md), [ref][r] and',
        '<img src="docs/images/html.png" alt="">.',
        '',
        '[r]: docs/reference.md',
      ].join('\n'),
    );
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reports each missing file and heading with its line, and nothing else', () => {
    const broken = checkMarkdownLinks(dir, documentationFiles(dir));
    expect(broken.map(({ line, link, problem }) => ({ line, link, problem }))).toEqual([
      { line: 17, link: 'docs/missing.md', problem: 'no such file: docs/missing.md' },
      {
        line: 17,
        link: 'docs/guide.md#imaginary',
        problem: 'no heading of docs/guide.md has the anchor #imaginary',
      },
      {
        line: 18,
        link: 'docs/images/missing.png',
        problem: 'no such file: docs/images/missing.png',
      },
      { line: 18, link: '#nowhere', problem: 'no heading of README.md has the anchor #nowhere' },
      { line: 19, link: 'docs/images/gone.png', problem: 'no such file: docs/images/gone.png' },
      { line: 20, link: 'docs/images/html.png', problem: 'no such file: docs/images/html.png' },
      { line: 22, link: 'docs/reference.md', problem: 'no such file: docs/reference.md' },
    ]);
  });
});
