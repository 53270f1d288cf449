// One Lighthouse mobile audit (its default phone emulation and throttling) of a URL on the
// system Chromium, shared by `npm run lighthouse` and `scripts/lighthouse-compare.mjs`.
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/**
 * Runs the Lighthouse CLI on one URL; returns its JSON report. A run that fails is tried
 * once more: Lighthouse sometimes loses its own trace of the page load (NO_NAVSTART).
 */
export async function audit(url, outputPath, attempts = 2) {
  const result = spawnSync(
    path.join(root, 'node_modules', '.bin', 'lighthouse'),
    [
      url,
      '--quiet',
      '--output=json',
      `--output-path=${outputPath}`,
      `--only-categories=${CATEGORIES.join(',')}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --no-first-run',
    ],
    { cwd: root, env: { ...process.env, CHROME_PATH: chromiumPath }, stdio: 'inherit' },
  );
  if (result.status !== 0) {
    if (attempts > 1) {
      console.error(`lighthouse ${url} exited with ${result.status}; trying once more`);
      return audit(url, outputPath, attempts - 1);
    }
    throw new Error(`lighthouse ${url} exited with ${result.status}`);
  }
  return JSON.parse(await readFile(outputPath, 'utf8'));
}

export const totalBlockingTime = (report) => report.audits['total-blocking-time'].numericValue;

/** JavaScript the page transferred, in KB (compressed, as sent). */
export function scriptKilobytes(report) {
  const items = report.audits['resource-summary']?.details?.items ?? [];
  const script = items.find((item) => item.resourceType === 'script');
  return script ? script.transferSize / 1024 : 0;
}
