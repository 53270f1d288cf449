import type { FastifyBaseLogger } from 'fastify';
import type { PublicServices } from '../shared/app-services.ts';
import {
  procurementProjectDetail,
  projectDetailOptions,
} from './procurement-projects/project-detail.ts';
import { projectsPage } from './procurement-projects/project-list-answer.ts';
import type { SiteConnection } from '../db/site-database.ts';
import { activeAdvisories, pastAdvisories } from '../db/advisories/advisories.ts';
import { hasDemoRecords } from '../db/records/demo-loader.ts';
import { findRecordDetail } from '../db/records/record-detail-queries.ts';
import { findNews, latestNews } from '../db/news/news-queries.ts';
import { listPage } from '../db/records/record-list.ts';
import { contentNewsItem, newsDetail, newsPageOf } from './news/news-service.ts';
import { kindByCollection } from '../shared/record-kinds.ts';
import type { Content } from '../shared/content-types.ts';
import { PAST_ADVISORIES } from '../shared/advisories/advisories.ts';
import { contentFundQuarters, fundReportQuarters } from './fund-report/fund-report-quarters.ts';
import type { Clock } from './clock.ts';
import { disclosureGrid, disclosurePosting } from './full-disclosure/disclosure-grid.ts';
import { currentFiscalYear } from '../shared/full-disclosure/full-disclosure.ts';
import { subscriptionView, type AlertService } from './alerts/alert-service.ts';
import { procurementPlan } from '../db/procurement-projects/plan-list.ts';
import { manilaYear } from '../shared/manila-time.ts';
import { supplierIndex, supplierPage } from './suppliers/supplier-index.ts';
import { supplierWithBids } from './suppliers/supplier-detail.ts';
import { flagsOfAskedYear } from './red-flags/red-flags-api.ts';
import { supplierSuggestions } from './suppliers/supplier-suggestions.ts';
import { qualityReport } from './open-data/ocds-quality.ts';

/**
 * The content API's `news` part, now from the database: the newest published items, as many
 * as a content file would reasonably hold; /api/news pages through all of them.
 */
const CONTENT_NEWS_LIMIT = 100;

/** The loaders' services on the server: direct calls, no HTTP round trip to itself. */
export function createServerServices(
  content: Content,
  {
    database,
    log,
    siteUrl,
    clock,
    alerts,
    trackedFrom,
  }: {
    database: SiteConnection;
    /** The instant the site began tracking postings (disclosure-grid.ts trackingStart). */
    trackedFrom: string;
    log: FastifyBaseLogger;
    siteUrl: string | undefined;
    clock: Clock;
    alerts: AlertService | undefined;
  },
): PublicServices {
  const contentQuarters = contentFundQuarters(content.accounting);
  const projectSite = projectDetailOptions(content);
  const disclosure = () => ({
    database,
    types: content.fullDisclosure.documentTypes,
    siteUrl,
    now: clock.now(),
    trackedFrom,
  });
  return {
    site: async () => content.site,
    siteUrl: async () => siteUrl,
    alertsEnabled: async () => alerts !== undefined,
    alertSubscription: async (token) => {
      const outcome = await alerts?.follow(token, ['manage']);
      return outcome?.ok ? subscriptionView(outcome.subscription) : undefined;
    },
    demoRecords: async () => hasDemoRecords(database),
    activeAdvisories: async () => activeAdvisories(database, clock.now().toISOString()),
    advisoryArchive: async () => {
      const now = clock.now().toISOString();
      return {
        active: await activeAdvisories(database, now),
        past: await pastAdvisories(database, now, PAST_ADVISORIES),
      };
    },
    department: async (slug) => content.departments.find((item) => item.slug === slug),
    // News comes from the database, which content/news.json only seeded (server/news/).
    newsItem: async (id) => {
      const stored = await findNews(database, id);
      return stored && contentNewsItem(stored);
    },
    newsPage: async (page) => newsPageOf(database, page),
    newsDetail: async (id) => newsDetail(database, id),
    contentPart: async (part) =>
      part === 'news'
        ? ((await latestNews(database, CONTENT_NEWS_LIMIT)).map(
            contentNewsItem,
          ) as Content[typeof part])
        : content[part],
    fundReportQuarters: async () => fundReportQuarters(contentQuarters, database),
    records: async (collection, query) => {
      const kind = kindByCollection(collection);
      if (!kind) throw new Error(`No record collection named ${collection}`);
      try {
        return await listPage(database, kind, query);
      } catch (error) {
        // The page shows a "could not be loaded" message; the cause belongs in the server log.
        log.error({ err: error, collection }, 'loading a procurement list failed');
        throw error;
      }
    },
    record: async (collection, id) => {
      const kind = kindByCollection(collection);
      if (!kind) throw new Error(`No record collection named ${collection}`);
      try {
        return await findRecordDetail(database, kind, id);
      } catch (error) {
        log.error({ err: error, collection, id }, 'loading a procurement record failed');
        throw error;
      }
    },
    suppliers: async (query) => supplierPage(await supplierIndex(database), query),
    supplier: async (id) =>
      supplierWithBids(database, id, {
        ocidPrefix: content.site.openData.ocidPrefix,
        redFlags: content.redFlags,
        thresholds: content.bidsAndAwards.conferenceThresholds,
      }),
    supplierSuggestions: async () => supplierSuggestions(database),
    procurementProjects: async (query) =>
      projectsPage(database, query, content.site.openData.ocidPrefix),
    procurementProject: async (ocid) => procurementProjectDetail(database, ocid, projectSite),
    fullDisclosureGrid: async (year) => {
      const context = disclosure();
      return await disclosureGrid(context, year ?? currentFiscalYear(context.now));
    },
    fullDisclosurePosting: async (type, period) => disclosurePosting(disclosure(), type, period),
    redFlags: async (year) =>
      flagsOfAskedYear(database, year, { ...projectSite, now: clock.now() }),
    ocdsQuality: async () =>
      qualityReport(database, siteUrl ? { siteUrl, site: content.site } : undefined, clock.now()),
    procurementPlan: async (year) =>
      procurementPlan(database, year, {
        ocidPrefix: content.site.openData.ocidPrefix,
        currentYear: manilaYear(clock.now().toISOString()),
      }),
  };
}
