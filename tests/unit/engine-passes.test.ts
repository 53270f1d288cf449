import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RUN_ONCE, SQLITE_BY_NATURE, SQLITE_FIXTURES_STILL } from '../integration/engine-passes.ts';

const lists = { SQLITE_BY_NATURE, RUN_ONCE, SQLITE_FIXTURES_STILL };

describe('the integration tests left out of the PostgreSQL pass', () => {
  it('name test files that exist, each in one list and with a reason', () => {
    const seen = new Map<string, string>();
    for (const [list, files] of Object.entries(lists)) {
      for (const [file, reason] of Object.entries(files)) {
        expect(existsSync(path.join('tests/integration', file)), `${list}: ${file}`).toBe(true);
        expect(reason.trim(), `${list}: ${file}`).not.toBe('');
        expect(seen.get(file), `${file} is in ${seen.get(file)} and ${list}`).toBeUndefined();
        seen.set(file, list);
      }
    }
  });
});
