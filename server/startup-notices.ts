import type { FastifyBaseLogger } from 'fastify';
import type { SiteDatabase } from '../db/site-database.ts';
import { countDemoRecords, loadDemoRecordsIfEmpty } from '../db/records/demo-loader.ts';
import { countAllRecords } from '../db/records/record-queries.ts';
import type { Config } from './config.ts';
import type { Content } from '../shared/content-types.ts';
import {
  OCID_PREFIX_REGISTRATION_URL,
  PLACEHOLDER_OCID_PREFIX,
} from '../shared/open-data/ocds-prefix.ts';

/** What an operator must fix before the site serves the public, one line each. */
export function startupWarnings(
  config: Config,
  content: Content,
  { development }: { development: boolean },
): string[] {
  const warnings: string[] = [];
  if (config.demoRecordsIgnored) {
    warnings.push(
      `DEMO_RECORDS=true is ignored under NODE_ENV=production: a production start never loads demonstration records. To show them on a trial server, load them into its empty database with: ${config.cliCommand} demo load`,
    );
  }
  // The development server is always local, and says where it is itself.
  if (!config.siteUrl && !development) {
    const where =
      config.trustProxy === false
        ? `the server listens on ${config.host}, which other machines can reach`
        : 'the server is behind a proxy (TRUST_PROXY)';
    warnings.push(
      `SITE_URL is not set and ${where}: the Atom feeds, /ocds/ and sitemap.xml answer 404, robots.txt names no sitemap, canonical links are relative and Open Graph tags carry no URL. Set SITE_URL to the public address, e.g. https://procurement.example.gov.ph`,
    );
  }
  if (content.site.openData.ocidPrefix === PLACEHOLDER_OCID_PREFIX) {
    warnings.push(
      `The OCDS prefix in ${config.contentDir}/site.json (openData.ocidPrefix) is the placeholder ${PLACEHOLDER_OCID_PREFIX}, so this site's contracting process ids are not unique among publishers: register a prefix with the Open Contracting Partnership (${OCID_PREFIX_REGISTRATION_URL}) and write it there.`,
    );
  }
  return warnings;
}

/** The one line a start without bid alerts logs, saying why; undefined when alerts are on. */
export function alertsNotice(config: Config): string | undefined {
  if (!config.smtpUrl) {
    return 'SMTP_URL is not set: bid alerts by e-mail are off, the subscription forms are hidden and nothing is queued. Set SMTP_URL (and MAIL_FROM) to offer them (docs/bid-alerts.md).';
  }
  if (!config.siteUrl) {
    return "SMTP_URL is set but SITE_URL is not: alert e-mails need the site's public address for their links, so bid alerts stay off until SITE_URL is set.";
  }
  return undefined;
}

/**
 * The one line a production start on an empty database logs: the two first steps, as typed
 * where the server runs (`cli`: `municipal` in the container, `npm run cli --` in a checkout).
 */
export function emptyDatabaseNotice(cli: string): string {
  return `The database holds no procurement records yet. Create the first staff account with: ${cli} users add you@example.gov.ph --name "Your Name"; then sign in at /bac-login to add records, or import a file with: ${cli} import <collection> <file> --as you@example.gov.ph (docs/cli.md)`;
}

/**
 * Loads the demo records into an empty database when asked (DEMO_RECORDS=true), and says
 * in one line what the database holds when a newcomer needs to know: demonstration records
 * and how to remove them, or nothing yet and how to begin.
 */
export async function announceRecords(
  log: FastifyBaseLogger,
  database: SiteDatabase,
  { demoRecords, cliCommand }: Pick<Config, 'demoRecords' | 'cliCommand'>,
): Promise<void> {
  const added = demoRecords ? await loadDemoRecordsIfEmpty(database) : 0;
  const demo = await countDemoRecords(database);
  if (added > 0) {
    log.info(
      `Empty database and DEMO_RECORDS=true: added ${added} demonstration procurement records. Every page says so until "${cliCommand} demo remove" deletes them.`,
    );
  } else if (demo > 0) {
    log.warn(
      `The database holds ${demo} demonstration procurement records, and every page says so: delete them with "${cliCommand} demo remove".`,
    );
  } else if ((await countAllRecords(database)) === 0) {
    log.info(emptyDatabaseNotice(cliCommand));
  }
}
