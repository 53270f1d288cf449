import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { childOutput } from '../helpers/child-output.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The way docs/cli.md (the command line for IT staff) says to run the command from a
 * checkout, e.g. ["npx", "municipal"]: the text before `<command>` in its first code span
 * that has one.
 */
async function documentedCommand(): Promise<string[]> {
  const guide = await readFile(path.join(root, 'docs', 'cli.md'), 'utf8');
  const command = /`([^`]+) <command>`/.exec(guide)?.[1];
  return command ? command.split(' ') : [];
}

/**
 * `npm ci` links the commands of a project's dependencies into node_modules/.bin, never the
 * project's own `bin`; npm 7 and later run that one with `npx <name>` from inside the
 * project. This runs the documented command as IT staff would, with an empty npm cache and
 * npm offline, so it cannot pass by fetching a registry package of the same name.
 */
describe('the municipal command docs/cli.md gives', { timeout: 120_000 }, () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'municipal-npx-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("is npx municipal, which runs the project's own command from the checkout", async () => {
    const [program, ...args] = await documentedCommand();
    expect([program, ...args]).toEqual(['npx', 'municipal']);
    const dataDir = path.join(dir, 'data');
    const child = spawn(program!, [...args, '--data-dir', dataDir, 'db', 'migrate'], {
      cwd: root,
      env: {
        ...process.env,
        npm_config_cache: path.join(dir, 'npm-cache'),
        npm_config_offline: 'true',
      },
    });
    const { code, stdout, stderr } = await childOutput(child).exited;
    expect({ code, stderr: stderr.replace(/^npm warn .*\n/gm, '') }).toEqual({
      code: 0,
      stderr: '',
    });
    expect(stdout).toContain('Applied');
    expect(stdout).toContain(path.join(dataDir, 'municipal.sqlite'));
  });
});
