import { MAX_REASON_LENGTH } from '../../shared/records/record-validation.ts';
import {
  NEWS_FIELDS,
  NEWS_LIMITS,
  NEWS_PAGE_SIZE,
  type NewsDetail,
  type NewsHistoryEntry,
  type NewsPage,
  type NewsSummary,
  type StaffNewsItem,
} from '../../shared/news/news.ts';
import type { Picture } from '../../shared/content-types.ts';
import type { ConvertedPicture } from './pictures.ts';
import { describesEvery } from '../http/describes-every.ts';
import { historyStepSchema } from '../http/history-schema.ts';

// The news API's request and answer bodies (routes/news-api.ts, routes/picture-routes.ts).

/** News ids: the numbers new items get, or the slugs content/news.json gave its items. */
export const newsIdParamsSchema = {
  type: 'object',
  required: ['id'],
  properties: {
    id: {
      type: 'string',
      pattern: '^[a-z0-9-]{1,100}$',
      description: 'The news item id, as in /view-news/{id}.',
    },
  },
} as const;

export const newsPageQuerystringSchema = {
  type: 'object',
  properties: {
    page: {
      type: 'string',
      pattern: '^[1-9][0-9]{0,5}$',
      description: `Page number from 1, ${NEWS_PAGE_SIZE} items a page, newest first; 1 when missing.`,
    },
  },
} as const;

const newsInputProperties = {
  title: { type: 'string', maxLength: NEWS_LIMITS.title, description: 'Required.' },
  date: {
    type: 'string',
    description: 'The Manila calendar day the item is dated, YYYY-MM-DD.',
  },
  summary: {
    type: 'string',
    maxLength: NEWS_LIMITS.summary,
    description: 'Optional: the first words of the text when left out or blank.',
  },
  text: {
    type: 'string',
    maxLength: NEWS_LIMITS.text,
    description:
      'Markdown: paragraphs, *emphasis*, **strong**, [links](https://…) to http(s), mailto, tel or this site’s pages, lists, # headings and > quotations, nested at most 12 deep. HTML is shown as text; other links keep only their words.',
  },
  picture: {
    type: 'integer',
    minimum: 1,
    description: 'The id POST /api/pictures answered.',
  },
  alt: {
    type: 'string',
    maxLength: NEWS_LIMITS.alt,
    description: 'What the picture shows, for people who cannot see it. Required.',
  },
} as const;

export const newsBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'date', 'text', 'picture', 'alt'],
  properties: newsInputProperties,
} as const;

export const newsAmendmentBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'date', 'text', 'picture', 'alt', 'reason', 'version'],
  description: 'The whole item as it should stand, why it changed, and the version it was read at.',
  properties: {
    ...newsInputProperties,
    reason: {
      type: 'string',
      maxLength: MAX_REASON_LENGTH,
      description: 'Why, shown to the public in the history.',
    },
    version: {
      type: 'integer',
      minimum: 1,
      description: 'The version the change was made against; another current version answers 409.',
    },
  },
} as const;

export const newsWithdrawalBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['reason'],
  properties: { reason: newsAmendmentBodySchema.properties.reason },
} as const;

const widthsSchema = {
  type: 'object',
  description: 'Pixel width → file URL.',
  additionalProperties: { type: 'string' },
} as const;

const pictureSchema = describesEvery<Picture>()({
  type: 'object',
  required: ['alt', 'width', 'height', 'variants'],
  properties: {
    alt: { type: 'string' },
    width: { type: 'integer' },
    height: { type: 'integer' },
    variants: { ...widthsSchema, description: 'WebP (or the files content gave), by pixel width.' },
    avif: { ...widthsSchema, description: 'The same widths as AVIF.' },
  },
});

const summaryProperties = describesEvery<NewsSummary>()({
  properties: {
    id: { type: 'string' },
    title: { type: 'string' },
    date: { type: 'string', description: 'Manila calendar day, YYYY-MM-DD.' },
    summary: { type: 'string' },
    picture: pictureSchema,
  },
}).properties;

const summarySchema = {
  type: 'object',
  required: Object.keys(summaryProperties),
  properties: summaryProperties,
} as const;

export const newsPageSchema = describesEvery<NewsPage>()({
  type: 'object',
  description: 'One page of published news items, newest first.',
  required: ['items', 'page', 'pages', 'total'],
  properties: {
    items: { type: 'array', items: summarySchema },
    page: { type: 'integer' },
    pages: { type: 'integer' },
    total: { type: 'integer', description: 'Published items in all.' },
  },
});

const historyEntrySchema = describesEvery<NewsHistoryEntry>()(
  historyStepSchema({
    actions: ['amended', 'withdrawn'],
    change: {
      field: { type: 'string', enum: [...NEWS_FIELDS] },
      before: { type: 'string' },
      after: { type: 'string', description: 'The picture as its id; the text as Markdown.' },
    },
  }),
);

const detailProperties = describesEvery<NewsDetail>()({
  properties: {
    ...summaryProperties,
    html: { type: 'string', description: 'The text as sanitised HTML.' },
    status: { type: 'string', enum: ['published', 'withdrawn'] },
    version: { type: 'integer' },
    created: { type: 'string', description: 'ISO 8601 UTC.' },
    updated: { type: 'string', description: 'ISO 8601 UTC.' },
    withdrawn: {
      type: 'object',
      nullable: true,
      required: ['at', 'reason'],
      properties: { at: { type: 'string' }, reason: { type: 'string' } },
    },
    history: { type: 'array', description: 'Oldest first.', items: historyEntrySchema },
  },
}).properties;

export const newsDetailSchema = {
  type: 'object',
  description: 'A news item as its permalink shows it, withdrawn ones included, with its history.',
  required: Object.keys(detailProperties),
  properties: detailProperties,
} as const;

const staffItemProperties = describesEvery<StaffNewsItem>()({
  properties: {
    ...summaryProperties,
    text: { type: 'string', description: 'The Markdown as written.' },
    pictureId: { type: 'integer' },
    status: { type: 'string', enum: ['published', 'withdrawn'] },
    version: { type: 'integer' },
  },
}).properties;

export const staffNewsListSchema = {
  type: 'array',
  description: 'Every news item, withdrawn ones included, newest first, with its Markdown.',
  items: {
    type: 'object',
    required: Object.keys(staffItemProperties),
    properties: staffItemProperties,
  },
} as const;

export const pictureUploadSchema = describesEvery<ConvertedPicture & { id: number }>()({
  type: 'object',
  description: 'The stored picture: name its id as `picture` in POST /api/news.',
  required: ['id', 'width', 'height', 'variants', 'avif'],
  properties: {
    id: { type: 'integer' },
    width: { type: 'integer' },
    height: { type: 'integer' },
    variants: { ...widthsSchema, description: 'WebP files by pixel width.' },
    avif: { ...widthsSchema, description: 'AVIF files by pixel width.' },
  },
});
