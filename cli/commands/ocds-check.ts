import { InvalidArgumentError, type Command } from 'commander';
import { formatMessage } from '../../shared/i18n/format-message.ts';
import { qualityEn } from '../../shared/open-data/quality-messages-en.ts';
import type { OcdsProblem, OcdsQualityReport } from '../../shared/open-data/ocds-quality.ts';
import { loadConfig } from '../../server/config.ts';
import {
  checkOcdsOutput,
  collectOcdsOutput,
  DEFAULT_URL_SAMPLE,
} from '../../server/open-data/ocds-quality.ts';
import { withSiteDatabase } from '../database.ts';
import { EXIT, usageError } from '../exit-codes.ts';

interface CheckOptions {
  json?: boolean;
  checkUrls?: boolean;
  sample: number;
}

/** A problem in one plain line: where (ocid, release, field) and what, in English. */
export function problemLine(problem: OcdsProblem): string {
  const where = [problem.ocid, problem.release, problem.path].filter(Boolean).join(' ');
  const what = formatMessage(qualityEn[`openData.quality.problem.${problem.code}`], problem.values);
  return `${where}: ${what}`;
}

export function reportText(report: OcdsQualityReport): string {
  const lines = [
    `OCDS check of ${report.processes} contracting processes and ${report.releases} releases under the prefix ${report.ocidPrefix}:`,
  ];
  for (const check of report.checks) {
    if (check.status === 'skipped') {
      lines.push(`skipped ${check.id} (add --check-urls)`);
    } else if (check.status === 'passed') {
      lines.push(`passed  ${check.id}`);
    } else {
      lines.push(`FAILED  ${check.id}: ${check.count} problem${check.count === 1 ? '' : 's'}`);
      for (const problem of check.problems) lines.push(`  ${problemLine(problem)}`);
    }
  }
  const failed = report.checks
    .filter((check) => check.status === 'failed')
    .map((check) => check.id);
  lines.push(failed.length === 0 ? 'All checks passed.' : `Failed: ${failed.join(', ')}.`);
  return `${lines.join('\n')}\n`;
}

async function runCheck(options: CheckOptions, command: Command): Promise<void> {
  const { siteUrl, contentDir } = loadConfig();
  if (!siteUrl) {
    throw usageError(
      'OCDS needs absolute URLs: set SITE_URL to the public address, e.g. SITE_URL=https://procurement.example.gov.ph',
    );
  }
  const { loadContent } = await import('../../server/content/load.ts');
  const settings = { siteUrl, site: (await loadContent(contentDir)).site };
  await withSiteDatabase(
    command,
    async (database) => {
      const now = new Date();
      const output = await collectOcdsOutput(database, settings, now);
      const report = await checkOcdsOutput(output, {
        now,
        ...(options.checkUrls ? { urls: { sample: options.sample } } : {}),
      });
      process.stdout.write(
        options.json ? `${JSON.stringify(report, null, 2)}\n` : reportText(report),
      );
      if (!report.ok) process.exitCode = EXIT.checkFailed;
    },
    { existing: true },
  );
}

function positiveInteger(text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1)
    throw new InvalidArgumentError('Give a whole number of 1 or more.');
  return value;
}

export function registerOcds(program: Command): void {
  const ocds = program
    .command('ocds')
    .description("The site's Open Contracting Data Standard (OCDS 1.1) output.");
  ocds
    .command('check')
    .description(
      "Check the site's own OCDS output as /ocds/releases.json and /ocds/records/<ocid>.json answer it (SITE_URL needed): schema validity (OCDS 1.1.5 with the bids extension), the ocid prefix registered and not the placeholder, unique release ids and array ids, dates in order, contract amounts within 50-150% of their award, every party referenced with its role, no empty values; with --check-urls, a sample of document URLs answering 200. The same checks /open-data/quality shows.",
    )
    .option('--json', 'print the report as JSON instead of lines')
    .option('--check-urls', 'also fetch a sample of the documents’ URLs (goes out to the network)')
    .option(
      '--sample <n>',
      `how many document URLs --check-urls fetches (default ${DEFAULT_URL_SAMPLE})`,
      positiveInteger,
      DEFAULT_URL_SAMPLE,
    )
    .addHelpText(
      'after',
      `\nExit codes: 0 every check passed; ${EXIT.checkFailed} a check found problems (each named with its ocid, release and field); 1 no database; 2 usage error (SITE_URL not set).\n\nExample:\n  $ SITE_URL=https://procurement.example.gov.ph municipal ocds check --check-urls`,
    )
    .action(async (options: CheckOptions, self: Command) => runCheck(options, self));
}
