import { z } from 'zod';
import type {
  AccountingContent,
  BidsAndAwardsContent,
  Content,
  ContentPart,
  Department,
  DirectoryContent,
  FestivalContent,
  FullDisclosureContent,
  FundRow,
  HistoryContent,
  HomeContent,
  Html,
  InvitationToBidContent,
  MenuEntry,
  NewsItem,
  OfficesContent,
  OfficialsContent,
  Picture,
  SiteContent,
  TouristDestinationsContent,
  TransparencySealContent,
  AccessibilityContent,
} from '../../shared/content-types.ts';
import {
  fundReportColumns,
  isFundAmountColumn,
  type FundColumnKey,
} from '../../shared/fund-report/fund-report-columns.ts';
import {
  QUARTER_END_IN_WORDS_RULE,
  quarterEndFromWords,
} from '../../shared/fund-report/fund-report-quarters.ts';
import {
  renderArticleMarkdown,
  renderNewsMarkdown,
  type RenderedMarkdown,
} from '../../shared/markdown.ts';
import { MARKDOWN_MAX_DEPTH } from '../../shared/markdown-depth.ts';
import { parseMoney } from '../../shared/money.ts';
import type { LocalizedText } from '../../shared/i18n/localized-text.ts';
import { newsDateFromText } from '../../shared/news/news.ts';
import { parseManilaDate } from '../../shared/manila-time.ts';
import { LANGUAGES } from '../../shared/i18n/languages.ts';
import type { RedFlagsContent } from '../../shared/red-flags/red-flags.ts';

/** True when A and B are the same type, not merely assignable one way. */
type Same<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/**
 * The schema unchanged, when what it yields is exactly the shared type T: a field added,
 * removed or made optional on one side and not the other is a compile error here ("not
 * assignable to never"), so the browser's types always describe what the server checked.
 */
const describes =
  <T>() =>
  <S extends z.ZodType<T>>(schema: S & (Same<z.output<S>, T> extends true ? unknown : never)): S =>
    schema;

const text = z.string().trim().min(1, 'must not be empty');
/** A file under content/media, served from /media/. */
const mediaPath = text.regex(/^\/media\/[\w./-]+$/, 'must be a path under /media/');
const externalUrl = z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' });
const internalPath = text.regex(/^\/[a-z0-9-]*$/, 'must be a site path such as /history');
/**
 * Any text a page shows may come in both languages, `{ "en": "...", "fil": "..." }`; the
 * Filipino text is optional and falls back to English on its own.
 */
const localizedWith = <Text extends z.ZodString>(inner: Text) =>
  z.union([
    inner,
    z.strictObject({ en: inner, fil: inner.optional(), lang: z.enum(LANGUAGES).optional() }),
  ]);
const localized = localizedWith(text);
const link = z.object({ label: localized, url: externalUrl });
const image = z.object({ src: mediaPath, alt: localizedWith(z.string()) });
const slug = text.regex(/^[a-z0-9-]+$/, 'must be lower-case letters, digits and dashes');
const pixels = z.number().int('must be a whole number of pixels').positive('must be positive');

/** Markdown turned into HTML once, at start-up; a text the renderer refuses stops start-up. */
const markdownWith = (render: (source: string) => RenderedMarkdown) =>
  describes<Html>()(
    text.transform((source, context) => {
      const rendered = render(source);
      if (rendered.ok) return rendered.html;
      context.addIssue({
        code: 'custom',
        message:
          rendered.refusal === 'tooLong'
            ? 'is too long to render as Markdown'
            : `nests quotations or lists more than ${MARKDOWN_MAX_DEPTH} deep`,
      });
      return z.NEVER;
    }),
  );
/** Markdown written by the municipality (trusted: HTML in it is kept). */
const markdown = markdownWith(renderArticleMarkdown);

/** Files of one picture by pixel width. */
const widths = z
  .record(z.string().regex(/^[1-9]\d*$/, 'keys must be pixel widths'), mediaPath)
  .refine((files) => Object.keys(files).length > 0, 'must list at least one file');

const sameWidths = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((width) => width in b);

/**
 * A raster picture in several widths, so phones download a small file: `variants` maps
 * each file's pixel width to its path; `width` and `height` give the aspect ratio. `avif`
 * optionally lists the same widths as AVIF, about half the bytes of WebP at the same
 * quality, which browsers that read AVIF fetch instead.
 */
const pictureWith = <Alt extends z.ZodType<LocalizedText>>(alt: Alt) =>
  z
    .object({ alt, width: pixels, height: pixels, variants: widths, avif: widths.optional() })
    .refine((image) => !image.avif || sameWidths(image.avif, image.variants), {
      message: 'must list the same widths as "variants"',
      path: ['avif'],
    });
const picture = describes<Picture>()(pictureWith(localizedWith(z.string())));

/** An optional Vision, Mission or Goal block: empty text means "not written yet" and hides the block. */
const optionalBlock = localizedWith(z.string().trim());

const purposeBlocks = { vision: optionalBlock, mission: optionalBlock, goal: optionalBlock };

export const siteSchema = describes<SiteContent>()(
  z.object({
    municipality: z.object({ name: text, province: text, tagline: localized }),
    seal: image,
    transparencySeal: image,
    socialLink: link,
    charter: z.object({ label: localized, file: mediaPath }),
    governmentLinks: z.array(link).min(1),
    openData: z.object({
      /**
       * The publisher's prefix from the Open Contracting Partnership: every contracting
       * process's ocid starts with it, so ids stay unique among all OCDS publishers.
       */
      ocidPrefix: text.regex(
        /^ocds-[a-z0-9]{6}$/,
        'must be an OCDS prefix: "ocds-" then six lower-case letters or digits, e.g. ocds-a1b2c3',
      ),
      /** The terms the downloads and feeds are published under. */
      license: link,
      /** How often the data changes, in words for the /open-data page. */
      updateCadence: localized,
    }),
  }),
);

export const homeSchema = describes<HomeContent>()(
  z.object({
    headline: localized,
    slides: z.array(picture).length(3, 'must have exactly 3 slides'),
    mayor: z.object({ name: text, title: localized, photo: picture }),
    awards: z
      .array(z.object({ title: localized, description: localized, image: picture }))
      .length(3, 'must have exactly 3 awards'),
    businessServices: z.object({
      heading: localized,
      intro: localized,
      links: z.array(link).length(3, 'must have exactly 3 portal links'),
    }),
    realPropertyBilling: link,
    videos: z
      .array(
        z.object({
          id: slug,
          title: localized,
          description: localized,
          webm: mediaPath,
          mp4: mediaPath,
          poster: mediaPath,
          /** The small picture in the list beside the player; its files match the poster's frame. */
          thumbnail: picture,
          /** WebVTT captions; required so every video can be followed without sound. */
          captions: mediaPath,
        }),
      )
      .length(3, 'must have exactly 3 videos'),
  }),
);

export const historySchema = describes<HistoryContent>()(
  z.object({ headerImage: picture.optional(), ...purposeBlocks }),
);

export const officialsSchema = describes<OfficialsContent>()(
  z.object({
    headerImage: picture.optional(),
    intro: localized,
    officials: z.array(z.object({ name: text, title: localized, photo: picture })).min(1),
  }),
);

export const officesSchema = describes<OfficesContent>()(
  z.object({
    headerImage: picture.optional(),
    intro: localized,
    offices: z.array(z.object({ name: localized, path: internalPath, summary: localized })).min(1),
  }),
);

export const departmentSchema = describes<Department>()(
  z.object({
    slug,
    name: localized,
    headerImage: picture,
    ...purposeBlocks,
  }),
);

export const festivalSchema = describes<FestivalContent>()(
  z.object({ name: localized, headerImage: picture.optional(), when: localized }),
);

export const touristDestinationsSchema = describes<TouristDestinationsContent>()(
  z.object({
    headerImage: picture.optional(),
    intro: localized,
    destinations: z
      .array(
        z.object({
          title: localized,
          description: localized,
          contactNumbers: z.array(text).min(1),
          image: picture,
        }),
      )
      .min(1),
  }),
);

export const directorySchema = describes<DirectoryContent>()(
  z.object({
    headerImage: picture.optional(),
    intro: localized,
    entries: z.array(z.object({ title: localized, lines: z.array(text).min(1) })).min(1),
  }),
);

/**
 * An item of content/news.json as written: the Markdown kept, for copying into the
 * database on the first start (db/news/news-queries.ts seedNewsOnce), which is the source after that.
 */
export const newsSourceSchema = z.object({
  id: slug,
  title: text,
  date: text.refine(
    (date) => newsDateFromText(date) !== undefined,
    'must be a date such as "May 16, 2025" or 2025-05-16',
  ),
  picture,
  summary: text,
  text,
});

/**
 * A news item as the content API answers it (from the database, see
 * server/news/news-service.ts): its text rendered as staff's are, which checks at start-up
 * that each item of content/news.json renders before it is copied in.
 */
export const newsItemSchema = describes<NewsItem>()(
  newsSourceSchema.extend({ text: markdownWith(renderNewsMarkdown) }),
);

/** An amount cell holds one peso amount, so the page and the import agree on what it means. */
const fundAmount = z
  .string()
  .trim()
  .refine(
    (cell) => cell === '' || parseMoney(cell).ok,
    'must be one peso amount, like ₱5,000,000.00, or empty',
  );

/** A cell may be empty (no fund source written, no obligation yet) but must be present, so a misspelt key is caught. */
const fundRow = describes<FundRow>()(
  z.strictObject(
    Object.fromEntries(
      fundReportColumns.map(([key]) => [
        key,
        isFundAmountColumn(key) ? fundAmount : z.string().trim(),
      ]),
    ) as Record<FundColumnKey, z.ZodString>,
  ),
);

/** Named by its last day as the report prints it, so it can be ordered among imported quarters. */
const quarterEndInWords = text.refine(
  (words) => quarterEndFromWords(words) !== undefined,
  QUARTER_END_IN_WORDS_RULE,
);

export const accountingSchema = describes<AccountingContent>()(
  z.object({
    name: localized,
    headerImage: picture,
    vision: localized,
    mission: localized,
    fundReport: z.object({
      heading: localized,
      subtitle: localized,
      quarters: z
        .array(z.object({ endedOn: quarterEndInWords, rows: z.array(fundRow).min(1) }))
        .min(1)
        .refine(
          (quarters) =>
            new Set(quarters.map((quarter) => quarterEndFromWords(quarter.endedOn))).size ===
            quarters.length,
          'must name each quarter once',
        ),
    }),
  }),
);

export const invitationToBidSchema = describes<InvitationToBidContent>()(
  z.object({
    headerImage: picture.optional(),
    intro: localized,
    lots: z
      .array(
        z.object({ lot: text, name: localized, photos: z.array(pictureWith(localized)).min(1) }),
      )
      .min(1),
  }),
);

/** A peso amount written as a decimal string, like "10000000.00" (shared/money.ts reads it). */
const pesoAmount = z.string().refine((value) => parseMoney(value).ok, {
  message: 'must be an amount in pesos such as 10000000.00',
});

export const bidsAndAwardsSchema = describes<BidsAndAwardsContent>()(
  z.object({
    headerImage: picture,
    intro: localized,
    conferenceThresholds: z.object({
      goods: pesoAmount,
      infrastructure: pesoAmount,
      consulting: pesoAmount,
    }),
  }),
);

/** A Full Disclosure document type; the ids are API values and permalink segments, so each is unique. */
export const fullDisclosureSchema = describes<FullDisclosureContent>()(
  z.object({
    trackedFrom: z
      .string()
      .refine(
        (day) => parseManilaDate(day).ok,
        'must be a real date written YYYY-MM-DD, like 2026-03-05',
      )
      .optional(),
    documentTypes: z
      .array(
        z.object({
          id: slug,
          name: localized,
          frequency: z.enum(['annual', 'quarterly']),
          deadlineDays: z
            .number()
            .int('must be a whole number of days')
            .min(0, 'must not be negative')
            .max(366, 'must be at most 366 days'),
          basis: localized,
        }),
      )
      .min(1)
      .refine(
        (types) => new Set(types.map((type) => type.id)).size === types.length,
        'must not list the same id twice',
      ),
  }),
);

/**
 * A link to a page of this site. The path's form is checked here; that a page answers at it
 * is checked once every file is read (load.ts), as department pages come from content too.
 */
const siteLink = z.object({ title: localized, href: internalPath });

/** A menu link leads to a page of this site or, written in full, to another site. */
const menuLink = z.object({
  title: localized,
  href: z.union([internalPath, externalUrl], {
    error: 'must be a site path such as /history or an http(s) URL',
  }),
});

export const menuSchema = describes<MenuEntry[]>()(
  z
    .array(
      z.discriminatedUnion(
        'kind',
        [
          menuLink.extend({ kind: z.literal('link') }),
          z.object({
            kind: z.literal('group'),
            title: localized,
            items: z.array(menuLink).min(1, 'a group must hold at least one link'),
          }),
          z.object({ kind: z.literal('charter') }),
        ],
        { error: 'must have "kind": "link", "group" or "charter"' },
      ),
    )
    .min(1, 'the menu must have at least one entry'),
);

export const transparencySealSchema = describes<TransparencySealContent>()(
  z.object({
    headerImage: picture.optional(),
    intro: localized,
    items: z
      .array(
        z.object({
          title: localized,
          description: localized,
          links: z.array(siteLink).min(1, 'each item must link to the page that holds it'),
        }),
      )
      .min(1),
  }),
);

export const accessibilitySchema = describes<AccessibilityContent>()(
  z.object({
    standard: localized,
    testing: localized,
    lastTested: text.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day written YYYY-MM-DD'),
    exceptions: z.array(localized),
    contact: z.object({
      office: localized,
      email: z.email('must be an e-mail address'),
      phone: text,
      response: localized,
    }),
  }),
);

const percent = z.number().min(1).max(1000);
const days = z.number().int().min(0).max(3650);
const modes = z.array(text).min(1);
const basis = { basis: localized };

export const redFlagsSchema = describes<RedFlagsContent>()(
  z.object({
    competitiveModes: modes,
    indicators: z.object({
      'single-bidder': z.object(basis),
      'bid-near-abc': z.object({ ...basis, percentOfAbc: percent }),
      'short-posting': z.object({ ...basis, minimumDays: days }),
      'split-purchase': z.object({
        ...basis,
        windowDays: days,
        ceiling: text.refine((cell) => parseMoney(cell).ok, 'must be an amount in pesos'),
        modes,
      }),
      'all-but-winner-disqualified': z.object(basis),
      'failed-bidder-negotiated': z.object({ ...basis, modes }),
      'contract-increase': z.object({ ...basis, totalIncreasePercent: percent, windowDays: days }),
      'supplier-concentration': z.object({ ...basis, sharePercent: percent }),
      'impossible-dates': z.object(basis),
    }),
  }),
);

/**
 * Every content file, by the name loaders ask for. `.md` files are whole Markdown
 * articles; the others are JSON.
 */
export const contentFiles = {
  site: { file: 'site.json', schema: siteSchema },
  home: { file: 'home.json', schema: homeSchema },
  mayorMessage: { file: 'mayor-message.md', schema: markdown },
  mayorMessageFil: { file: 'mayor-message.fil.md', schema: markdown },
  history: { file: 'history.json', schema: historySchema },
  historyArticle: { file: 'history.md', schema: markdown },
  officials: { file: 'officials.json', schema: officialsSchema },
  offices: { file: 'offices.json', schema: officesSchema },
  departments: { file: 'departments.json', schema: z.array(departmentSchema) },
  accounting: { file: 'accounting.json', schema: accountingSchema },
  festival: { file: 'festival.json', schema: festivalSchema },
  festivalArticle: { file: 'festival.md', schema: markdown },
  touristDestinations: { file: 'tourist-destinations.json', schema: touristDestinationsSchema },
  directory: { file: 'directory.json', schema: directorySchema },
  news: { file: 'news.json', schema: z.array(newsItemSchema).min(1) },
  invitationToBid: { file: 'invitation-to-bid.json', schema: invitationToBidSchema },
  bidsAndAwards: { file: 'bids-and-awards.json', schema: bidsAndAwardsSchema },
  menu: { file: 'menu.json', schema: menuSchema },
  transparencySeal: { file: 'transparency-seal.json', schema: transparencySealSchema },
  fullDisclosure: { file: 'full-disclosure.json', schema: fullDisclosureSchema },
  accessibility: { file: 'accessibility.json', schema: accessibilitySchema },
  redFlags: { file: 'red-flags.json', schema: redFlagsSchema },
} as const satisfies {
  [K in ContentPart]: { file: string; schema: z.ZodType<Content[K]> };
};

export function isContentPart(name: string): name is ContentPart {
  return Object.hasOwn(contentFiles, name);
}
