import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
// @ts-expect-error -- the configuration is plain JavaScript, without types.
import { projectConfig } from '../../eslint.config.js';

/** A file to lint, at a project-relative path (its folder decides which rules apply), and its text. */
export interface LintProbe {
  file: string;
  code: string;
}

/**
 * Lints every probe in one ESLint run, each written at its project-relative path under a
 * fresh temporary folder (os.tmpdir) that ESLint treats as the project root with the
 * project's own configuration: nothing is written into the source tree, where other tests
 * (and a developer's `npx eslint .`) would find a half-written probe. Answers each probe's
 * messages by its path; the folder is removed.
 */
export async function lintProbes(probes: LintProbe[]): Promise<Map<string, Linter.LintMessage[]>> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'municipal-lint-probes-'));
  try {
    for (const probe of probes) {
      const file = path.join(root, probe.file);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, probe.code);
    }
    const eslint = new ESLint({
      cwd: root,
      overrideConfigFile: true,
      overrideConfig: projectConfig(root) as Linter.Config[],
    });
    const results = await eslint.lintFiles(probes.map((probe) => probe.file));
    const messages = new Map<string, Linter.LintMessage[]>();
    for (const result of results) {
      messages.set(path.relative(root, result.filePath).split(path.sep).join('/'), result.messages);
    }
    const missing = probes.filter((probe) => !messages.has(probe.file));
    if (missing.length > 0) {
      throw new Error(`ESLint did not lint ${missing.map((probe) => probe.file).join(', ')}`);
    }
    return messages;
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
