import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A feature is one folder in each layer it touches, named after it (issue 33): a newcomer
 * who knows a feature's name finds all of its code from that name. A file counts as the
 * feature's when its folder is the feature's, or when its own name says the feature's
 * (so a `news-something.ts` left in another folder fails here).
 */
const FEATURES: Record<string, RegExp> = {
  records: /record/i,
  news: /news/i,
  advisories: /advisor/i,
  alerts: /alert/i,
  'full-disclosure': /disclosure/i,
  'fund-report': /fund-report|accounting/i,
  'staff-accounts': /account(?!ing)|password-link|set-password/i,
  'open-data': /ocds|open-data/i,
  suppliers: /supplier/i,
  'procurement-projects': /project/i,
  'red-flags': /red-flag/i,
};

const LAYERS = ['shared', 'db', 'server', 'client', 'cli'] as const;

/**
 * Where a feature's name may appear outside its folders, and why: the registry every
 * feature reads, and the command line's one folder of commands (one file per command).
 */
const CROSS_CUTTING = new Set(['shared/record-kinds.ts']);
const CLI_COMMANDS = 'cli/commands';

const root = path.resolve(import.meta.dirname, '../..');
const sourceFiles = execFileSync('git', ['ls-files', ...LAYERS], { cwd: root, encoding: 'utf8' })
  .split('\n')
  // Code only: data a feature ships (the OCDS schemas under server/open-data/schemas/) is not a module.
  .filter((file) => /\.(?:ts|tsx|js|mjs|css)$/.test(file) && !file.startsWith('db/migrations/'));

/** The folders holding a feature's source files, by layer. */
export function featureFolders(files: string[], feature: string, name: RegExp) {
  const folders = new Map<string, Set<string>>();
  for (const file of files) {
    if (CROSS_CUTTING.has(file)) continue;
    const folder = path.posix.dirname(file);
    const inFeatureFolder = folder.split('/').includes(feature);
    if (!inFeatureFolder && !name.test(path.posix.basename(file))) continue;
    const layer = file.split('/')[0]!;
    folders.set(layer, (folders.get(layer) ?? new Set()).add(folder));
  }
  return folders;
}

describe('features and their folders', () => {
  for (const [feature, name] of Object.entries(FEATURES)) {
    it(`keeps ${feature} in at most one folder per layer, named after it`, () => {
      const folders = featureFolders(sourceFiles, feature, name);
      const listed = Object.fromEntries(
        [...folders].map(([layer, set]) => [layer, [...set].sort()]),
      );
      for (const layer of LAYERS) {
        const held = listed[layer] ?? [];
        expect(held.length, `${feature} in ${layer}: ${held.join(', ')}`).toBeLessThanOrEqual(1);
        for (const folder of held) {
          if (folder === CLI_COMMANDS) continue;
          expect(path.posix.basename(folder), `${feature}'s folder in ${layer}`).toBe(feature);
        }
      }
      // Every feature has its server and client folders (open data's client is its one page).
      expect(listed.server, feature).toEqual([`server/${feature}`]);
    });
  }

  it('finds a stray file: a news module left in a layer folder fails', () => {
    const stray = [...sourceFiles, 'server/routes/news-api.ts'];
    expect([...featureFolders(stray, 'news', FEATURES.news!).get('server')!].sort()).toEqual([
      'server/news',
      'server/routes',
    ]);
  });
});
