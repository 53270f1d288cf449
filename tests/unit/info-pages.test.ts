import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routes } from '../../client/routes.tsx';
import { knownSitePaths, loadContent } from '../../server/content/load.ts';
import { publicPaths } from '../../server/content/seo.ts';
import { INFO_PAGE_PATHS } from '../../shared/info-pages.ts';
import { publicRoutes } from '../helpers/routes.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const emptyContent = { departments: [], news: [] } as unknown as Parameters<typeof publicPaths>[0];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mts|mjs)$/.test(name) ? [full] : [];
  });
}

describe('the one list of information pages (shared/info-pages.ts)', () => {
  it('feeds the router: each path matches its own route, not the department catch-all', () => {
    for (const page of INFO_PAGE_PATHS) {
      const matched = matchRoutes(routes, page);
      const leaf = matched?.at(-1)?.route;
      expect(leaf, page).toBeDefined();
      expect(leaf?.path === ':office' || leaf?.path === '*', page).toBe(false);
    }
  });

  it('feeds the sitemap and the tests', () => {
    expect(publicPaths(emptyContent)).toEqual(expect.arrayContaining([...INFO_PAGE_PATHS]));
    expect(publicRoutes).toEqual(expect.arrayContaining([...INFO_PAGE_PATHS]));
  });

  it('every link of the menu (content/menu.json) leads to a page of the site', async () => {
    const content = await loadContent(path.join(ROOT, 'content'));
    const hrefs = content.menu.flatMap((entry) =>
      entry.kind === 'group'
        ? entry.items.map((item) => item.href)
        : entry.kind === 'link'
          ? [entry.href]
          : [],
    );
    expect(hrefs.length).toBeGreaterThan(5);
    const known = knownSitePaths(content);
    for (const href of hrefs) expect(known.has(href), href).toBe(true);
    expect(hrefs.filter((href) => INFO_PAGE_PATHS.includes(href as never)).length).toBeGreaterThan(
      5,
    );
  });

  it('is written nowhere else: no source or test helper file lists three of its paths', () => {
    // '/' and '/news' also appear in ordinary links; the other paths only in a copied list.
    const distinctive = INFO_PAGE_PATHS.filter((page) => page !== '/' && page !== '/news');
    const files = ['client', 'server', 'shared', 'cli', 'db', 'tests/helpers'].flatMap((dir) =>
      sourceFiles(path.join(ROOT, dir)),
    );
    expect(files.length).toBeGreaterThan(50);
    const copies = files.filter((file) => {
      if (file.endsWith(path.join('shared', 'info-pages.ts'))) return false;
      const text = readFileSync(file, 'utf8');
      return distinctive.filter((page) => text.includes(`'${page}'`)).length >= 3;
    });
    expect(copies.map((file) => path.relative(ROOT, file))).toEqual([]);
  });
});
