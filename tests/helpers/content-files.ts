import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';

/** The content folder the site ships with. */
export const contentDir = path.resolve('content');

/** Content files are edited as loosely typed JSON on purpose: the tests write what a careless editor might. */
export type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function editJson(dir: string, file: string, change: (data: Json) => void) {
  const full = path.join(dir, file);
  const data = JSON.parse(await readFile(full, 'utf8')) as Json;
  change(data);
  await writeFile(full, JSON.stringify(data));
}

/**
 * A copy of the content folder for each test of the calling `describe`, removed afterwards;
 * the object returned names the copy of the test running.
 */
export function useCopiedContent(): { readonly dir: string } {
  let dir: string | undefined;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'municipal-content-'));
    await cp(contentDir, dir, { recursive: true });
  });
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  });
  return {
    get dir() {
      if (!dir) throw new Error('The content copy exists only while a test of its describe runs.');
      return dir;
    },
  };
}
