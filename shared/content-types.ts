import type { RedFlagsContent } from './red-flags/red-flags.ts';
import type { ConferenceThresholds } from './procurement-projects/conference.ts';
import type { FundColumnKey } from './fund-report/fund-report-columns.ts';
import type { LocalizedText } from './i18n/localized-text.ts';
import type { DisclosureDocumentType } from './full-disclosure/full-disclosure.ts';

/*
 * The shape of every content file (content/*.json, content/*.md) as the pages read it.
 * Plain types, so the browser and the server share them without the browser loading the
 * validator: server/content/content-schema.ts checks the files at start-up, and each of its
 * schemas is tied to the type here at compile time, so the two cannot drift apart.
 */

declare const html: unique symbol;
/** Markdown written by the municipality (trusted), already turned into HTML by the server. */
export type Html = string & { readonly [html]: true };

export interface Link {
  label: LocalizedText;
  url: string;
}

/** A file under content/media, served from /media/, with its text alternative. */
export interface Image {
  src: string;
  alt: LocalizedText;
}

/**
 * A raster picture in several widths, so phones download a small file: `variants` maps
 * each file's pixel width to its path; `width` and `height` give the aspect ratio. `avif`
 * optionally lists the same widths as AVIF.
 */
export interface Picture {
  alt: LocalizedText;
  width: number;
  height: number;
  variants: Record<string, string>;
  avif?: Record<string, string>;
}

/** Vision, Mission and Goal: empty text means "not written yet" and hides the block. */
export interface PurposeBlocks {
  vision: LocalizedText;
  mission: LocalizedText;
  goal: LocalizedText;
}

export interface SiteContent {
  municipality: { name: string; province: string; tagline: LocalizedText };
  seal: Image;
  transparencySeal: Image;
  socialLink: Link;
  charter: { label: LocalizedText; file: string };
  governmentLinks: Link[];
  openData: {
    /** The publisher's OCDS prefix: every contracting process's ocid starts with it. */
    ocidPrefix: string;
    /** The terms the downloads and feeds are published under. */
    license: Link;
    /** How often the data changes, in words for the /open-data page. */
    updateCadence: LocalizedText;
  };
}

export interface Video {
  id: string;
  title: LocalizedText;
  description: LocalizedText;
  webm: string;
  mp4: string;
  poster: string;
  /** The small picture in the list beside the player. */
  thumbnail: Picture;
  /** WebVTT captions. */
  captions: string;
}

export interface HomeContent {
  headline: LocalizedText;
  slides: Picture[];
  mayor: { name: string; title: LocalizedText; photo: Picture };
  awards: { title: LocalizedText; description: LocalizedText; image: Picture }[];
  businessServices: { heading: LocalizedText; intro: LocalizedText; links: Link[] };
  realPropertyBilling: Link;
  videos: Video[];
}

export interface HistoryContent extends PurposeBlocks {
  headerImage?: Picture;
}

export interface OfficialsContent {
  headerImage?: Picture;
  intro: LocalizedText;
  officials: { name: string; title: LocalizedText; photo: Picture }[];
}

export interface OfficesContent {
  headerImage?: Picture;
  intro: LocalizedText;
  /** `path` is a site path such as /history. */
  offices: { name: LocalizedText; path: string; summary: LocalizedText }[];
}

export interface Department extends PurposeBlocks {
  slug: string;
  name: LocalizedText;
  headerImage: Picture;
}

export interface FestivalContent {
  name: LocalizedText;
  headerImage?: Picture;
  when: LocalizedText;
}

export interface TouristDestinationsContent {
  headerImage?: Picture;
  intro: LocalizedText;
  destinations: {
    title: LocalizedText;
    description: LocalizedText;
    contactNumbers: string[];
    image: Picture;
  }[];
}

export interface DirectoryContent {
  headerImage?: Picture;
  intro: LocalizedText;
  entries: { title: LocalizedText; lines: string[] }[];
}

export interface NewsItem {
  id: string;
  title: string;
  date: string;
  picture: Picture;
  summary: string;
  text: Html;
}

/** One row of the fund report; a cell may be empty but is always present. */
export type FundRow = Record<FundColumnKey, string>;

/**
 * A quarter of the fund report as the page gets it, from the content file or imported:
 * `endedOn` is the calendar date (2025-06-30), amount columns are decimal strings ("5000000.00").
 */
export interface FundReportQuarter {
  endedOn: string;
  rows: FundRow[];
}

export interface AccountingContent {
  name: LocalizedText;
  headerImage: Picture;
  vision: LocalizedText;
  mission: LocalizedText;
  fundReport: {
    heading: LocalizedText;
    subtitle: LocalizedText;
    quarters: { endedOn: string; rows: FundRow[] }[];
  };
}

export interface InvitationToBidContent {
  headerImage?: Picture;
  intro: LocalizedText;
  lots: { lot: string; name: LocalizedText; photos: Picture[] }[];
}

export interface BidsAndAwardsContent {
  headerImage: Picture;
  intro: LocalizedText;
  /**
   * RA 12009 section 38: the Approved Budget for the Contract above which a project's
   * procurement conferences are livestreamed and recorded and observers listed, per
   * procurement category, in pesos as decimal strings ("10000000.00"). Set by the GPPB; kept
   * here so a change is one edit.
   */
  conferenceThresholds: ConferenceThresholds;
}

/**
 * A link in the site menu or on the Transparency Seal page: `href` is a path of this site
 * (/history) or, in the menu only, an http(s) address elsewhere.
 */
export interface SiteLink {
  title: LocalizedText;
  href: string;
}

/** The site menu, in its order: a link, a group that opens to links, or the charter download (its file from site.json). */
export type MenuEntry =
  | { kind: 'link'; title: LocalizedText; href: string }
  | { kind: 'group'; title: LocalizedText; items: SiteLink[] }
  | { kind: 'charter' };

/** One prescribed item of the Transparency Seal index and the pages of this site that hold it. */
export interface TransparencySealItem {
  title: LocalizedText;
  description: LocalizedText;
  links: SiteLink[];
}

export interface TransparencySealContent {
  headerImage?: Picture;
  intro: LocalizedText;
  items: TransparencySealItem[];
}

/** The Full Disclosure Policy's document types, in the order the grid lists them. */
export interface FullDisclosureContent {
  /**
   * The Manila day (YYYY-MM-DD) from which this site tracks postings: a period whose deadline
   * passed before it is "not tracked" unless a document was posted for it. Left out, the day
   * the site's database was created.
   */
  trackedFrom?: string;
  documentTypes: DisclosureDocumentType[];
}

/**
 * The accessibility statement (/accessibility): the standard aimed at, how and when the site
 * was last tested, what is known not to meet it, and whom to tell about a problem.
 */
export interface AccessibilityContent {
  standard: LocalizedText;
  testing: LocalizedText;
  /** The day of the last full test, YYYY-MM-DD (Manila). */
  lastTested: string;
  exceptions: LocalizedText[];
  contact: { office: LocalizedText; email: string; phone: string; response: LocalizedText };
}

/** Every content file, by the name loaders ask for. */
export interface Content {
  site: SiteContent;
  home: HomeContent;
  mayorMessage: Html;
  /** The mayor's message on the Filipino home page. */
  mayorMessageFil: Html;
  history: HistoryContent;
  historyArticle: Html;
  officials: OfficialsContent;
  offices: OfficesContent;
  departments: Department[];
  accounting: AccountingContent;
  festival: FestivalContent;
  festivalArticle: Html;
  touristDestinations: TouristDestinationsContent;
  directory: DirectoryContent;
  news: NewsItem[];
  invitationToBid: InvitationToBidContent;
  bidsAndAwards: BidsAndAwardsContent;
  menu: MenuEntry[];
  transparencySeal: TransparencySealContent;
  fullDisclosure: FullDisclosureContent;
  accessibility: AccessibilityContent;
  /** The red flags' thresholds and legal basis (issue 35). */
  redFlags: RedFlagsContent;
}

export type ContentPart = keyof Content;
