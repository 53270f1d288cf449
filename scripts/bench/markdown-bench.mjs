// News Markdown on the texts of issue 30: each renders (or is refused) within a bound at a
// news text's full length, and four times the text costs about four times the time, not 16.
// The tests prove the bounds structurally; the times are measured only here.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** A save renders once: at most this long at the full length. */
const TARGET_MS = 500;
/** Four times the length at most this many times the time (linear is 4; quadratic 16). */
const TARGET_GROWTH = 8;

export function benchMarkdown() {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'scripts', 'bench', 'markdown-render.ts')],
    { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  if (run.status !== 0) throw new Error('the Markdown render benchmark failed');
  return JSON.parse(run.stdout);
}

export function printMarkdownBench(results) {
  let met = true;
  console.log('| text | 5,000 characters, ms | 20,000 characters, ms | growth |');
  console.log('| --- | --- | --- | --- |');
  for (const { name, quarterMs, fullMs } of results) {
    // Below a millisecond the ratio is noise; only the time counts then.
    const growth = fullMs < 1 ? 1 : fullMs / Math.max(quarterMs, 0.01);
    met &&= fullMs <= TARGET_MS && growth <= TARGET_GROWTH;
    console.log(
      `| ${name} | ${quarterMs.toFixed(1)} | ${fullMs.toFixed(1)} | ${growth.toFixed(2)}x |`,
    );
  }
  console.log(
    `\nEach at most ${TARGET_MS} ms at 20,000 characters and at most ${TARGET_GROWTH}x the time of 5,000: ${met ? 'met' : 'MISSED'}.`,
  );
  return met;
}
