import type { AdvisoryServices, AdvisoryStaffServices } from './advisories/advisories.ts';
import type { AlertSubscriptionView } from './alerts/alert-subscription.ts';
import type {
  Content,
  ContentPart,
  Department,
  FundReportQuarter,
  NewsItem,
  SiteContent,
} from './content-types.ts';
import type { DisclosurePeriod } from './full-disclosure/full-disclosure.ts';
import type { DisclosureGrid, DisclosurePosting } from './full-disclosure/full-disclosure-grid.ts';
import type { ListQuery, RecordPage } from './records/list-query.ts';
import type { NewsPublicServices } from './news/news.ts';
import type { ProcurementProjectServices } from './procurement-projects/project-services.ts';
import type { RecordDetail } from './records/record-detail.ts';
import type { StaffAccountServices } from './staff-accounts/staff-accounts.ts';
import type { StaffServices } from './staff-services.ts';
import type { SupplierServices } from './suppliers/suppliers.ts';
import type { PlanServices } from './procurement-projects/procurement-plan.ts';
import type { RedFlagServices } from './red-flags/red-flags.ts';
import type { OcdsQualityServices } from './open-data/ocds-quality.ts';

/**
 * What route loaders may ask for. The server passes an implementation that calls
 * its services directly; the browser passes one that calls the JSON API.
 */
export interface AppServices
  extends
    StaffServices,
    StaffAccountServices,
    NewsPublicServices,
    ProcurementProjectServices,
    AdvisoryServices,
    AdvisoryStaffServices,
    SupplierServices,
    PlanServices,
    RedFlagServices,
    OcdsQualityServices {
  site(): Promise<SiteContent>;
  /** The public origin from SITE_URL, or undefined; never derived from the request's Host. */
  siteUrl(): Promise<string | undefined>;
  /** Whether bid alerts are offered (SMTP_URL set): the subscription forms show only then. */
  alertsEnabled(): Promise<boolean>;
  /** The bid-alert subscription a manage link's token names; undefined for a wrong or dead link. */
  alertSubscription(token: string): Promise<AlertSubscriptionView | undefined>;
  /** Whether the database holds demonstration records, which every page then says. */
  demoRecords(): Promise<boolean>;
  department(slug: string): Promise<Department | undefined>;
  newsItem(id: string): Promise<NewsItem | undefined>;
  /** One content file (already validated, Markdown already turned into HTML). */
  contentPart<K extends ContentPart>(part: K): Promise<Content[K]>;
  /** Every quarter of the fund report, the content file's and the imported ones, newest first. */
  fundReportQuarters(): Promise<FundReportQuarter[]>;
  /** One page of a procurement list; the collection comes from the kinds registry. */
  records(collection: string, query: ListQuery, signal?: AbortSignal): Promise<RecordPage>;
  /** One record as a public document, withdrawn ones included; undefined for an id the kind does not have. */
  record(collection: string, id: number, signal?: AbortSignal): Promise<RecordDetail | undefined>;
  /** Every Full Disclosure type and period of a fiscal year (the current one when not given) with its state. */
  fullDisclosureGrid(year: number | undefined, signal?: AbortSignal): Promise<DisclosureGrid>;
  /** A Full Disclosure posting with its history; undefined when nothing is posted. */
  fullDisclosurePosting(
    type: string,
    period: DisclosurePeriod,
    signal?: AbortSignal,
  ): Promise<DisclosurePosting | undefined>;
}

/** What the server can answer without knowing who asks; the staff part is bound to each request. */
export type PublicServices = Omit<
  AppServices,
  keyof StaffServices | keyof StaffAccountServices | keyof AdvisoryStaffServices
>;
