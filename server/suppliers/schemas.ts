import { RED_FLAG_INDICATORS } from '../../shared/red-flags/red-flags.ts';
import { MAX_PAGE, PAGE_SIZE } from '../../shared/records/list-query.ts';
import type {
  SupplierAward,
  SupplierBid,
  SupplierDetail,
  SupplierFlag,
  SupplierPage,
  SupplierSummary,
  SupplierYear,
} from '../../shared/suppliers/suppliers.ts';
import { MAX_SUPPLIER_ID_LENGTH } from '../../shared/suppliers/supplier-name.ts';
import { describesEvery } from '../http/describes-every.ts';
import { bidSchema as projectBidSchema } from '../procurement-projects/bid-schemas.ts';
import { listQuerystringSchema } from '../records/schemas.ts';

// The request and response schemas of the supplier API and downloads. Fastify serialises
// with the response schemas, and describesEvery makes a property left out of one a compile error.

const PESOS = 'Pesos as a decimal string, e.g. "1234567.89".';

/** q and page as the record lists read them (parseListQuery says what is wrong in words). */
export const supplierListQuerystringSchema = {
  type: 'object',
  properties: {
    q: {
      ...listQuerystringSchema.properties.q,
      description: `${listQuerystringSchema.properties.q.description.split(':')[0]}: part of a supplier's name as any notice spells it, compared without case, accents or punctuation.`,
    },
    page: {
      type: 'string',
      description: `Page number from 1 to ${MAX_PAGE}, ${PAGE_SIZE} suppliers a page, highest awarded value first; 1 when empty or missing.`,
    },
  },
} as const;

/** The CSV of the list takes the search, never a page. */
export const supplierDownloadQuerystringSchema = {
  type: 'object',
  properties: { q: supplierListQuerystringSchema.properties.q },
} as const;

export const supplierParamsSchema = {
  type: 'object',
  required: ['id'],
  properties: {
    id: {
      type: 'string',
      maxLength: MAX_SUPPLIER_ID_LENGTH,
      description:
        'The supplier id: philgeps-{number} when staff gave its PhilGEPS registration number, else its folded name as a slug, e.g. nueva-esperanza-builders. A former id (a merged name, or the slug before the number was given) answers 301 to the current one; an id no published award or bid names answers 404.',
    },
  },
} as const;

const summaryProperties = describesEvery<SupplierSummary>()({
  properties: {
    id: { type: 'string', description: 'Its folded name as a slug; stable across spellings.' },
    name: {
      type: 'string',
      description:
        'The most recent spelling on an award notice; for a bidder that never won, on its newest bid.',
    },
    awards: {
      type: 'integer',
      description:
        'Awards won (notices to proceed of the same award not counted again); 0 for a bidder that never won.',
    },
    awardedValue: {
      type: 'string',
      description: `Total of the awards' contract amounts. ${PESOS}`,
    },
  },
}).properties;

const supplierSummarySchema = {
  type: 'object',
  required: ['id', 'name', 'awards', 'awardedValue'],
  properties: summaryProperties,
} as const;

/** GET /api/suppliers. */
export const supplierPageSchema = describesEvery<SupplierPage>()({
  type: 'object',
  description:
    'One page of suppliers, highest awarded value first; bidders that never won last, with 0 awarded.',
  required: ['items', 'page', 'pageSize', 'total'],
  properties: {
    items: { type: 'array', items: supplierSummarySchema },
    page: { type: 'integer', description: 'This page’s number, from 1.' },
    pageSize: { type: 'integer', description: 'Suppliers a page.' },
    total: { type: 'integer', description: 'Suppliers matching the query, over all pages.' },
  },
});

const awardSchema = describesEvery<SupplierAward>()({
  type: 'object',
  required: [
    'collection',
    'id',
    'projectTitle',
    'amount',
    'mode',
    'philgepsReference',
    'supplierName',
    'date',
  ],
  properties: {
    collection: {
      type: 'string',
      description:
        'The notice’s list: notice_of_awards, or notice_to_proceed when no notice of award with its PhilGEPS reference is posted.',
    },
    id: {
      type: 'integer',
      description: 'The notice’s id in its list (/api/records/{collection}/{id}).',
    },
    projectTitle: { type: 'string', nullable: true },
    amount: {
      type: 'string',
      nullable: true,
      description: `Contract amount. ${PESOS} Null when not given.`,
    },
    mode: { type: 'string', nullable: true, description: 'Mode of procurement.' },
    philgepsReference: { type: 'string', nullable: true },
    supplierName: { type: 'string', description: 'The supplier’s name as this notice spells it.' },
    date: { type: 'string', description: 'When the notice was posted: ISO 8601 UTC.' },
  },
});

const yearSchema = describesEvery<SupplierYear>()({
  type: 'object',
  required: ['year', 'awards', 'awardedValue', 'municipalityValue', 'share'],
  properties: {
    year: { type: 'integer', description: 'A calendar year in Manila time.' },
    awards: { type: 'integer' },
    awardedValue: { type: 'string', description: `This supplier's awards that year. ${PESOS}` },
    municipalityValue: {
      type: 'string',
      description: `Every supplier's awards that year. ${PESOS}`,
    },
    share: {
      type: 'number',
      nullable: true,
      description:
        'awardedValue ÷ municipalityValue, 0 to 1 with 4 decimals; null when that year’s total is zero.',
    },
  },
});

const bidSchema = describesEvery<SupplierBid>()({
  type: 'object',
  required: ['ocid', 'projectTitle', 'bidder', 'amount', 'outcome', 'date'],
  properties: {
    ocid: {
      type: 'string',
      description: 'The project’s OCID (/api/procurements/{ocid}, /procurement/{ocid}).',
    },
    projectTitle: { type: 'string' },
    bidder: { type: 'string', description: 'The bidder’s name as the abstract of bids spells it.' },
    // The project's abstract describes these two; one description serves both answers.
    amount: projectBidSchema.properties.amount,
    outcome: projectBidSchema.properties.outcome,
    date: { type: 'string', description: 'When the bid was entered: ISO 8601 UTC.' },
  },
});

const flagSchema = describesEvery<SupplierFlag>()({
  type: 'object',
  required: ['indicator', 'ocid', 'projectTitle'],
  properties: {
    indicator: {
      type: 'string',
      enum: [...RED_FLAG_INDICATORS],
      description: 'Which indicator; /red-flags/methodology explains each.',
    },
    ocid: {
      type: 'string',
      description: 'The project’s OCID (/api/procurements/{ocid}, /procurement/{ocid}).',
    },
    projectTitle: { type: 'string' },
  },
});

/** GET /api/suppliers/{id}. */
export const supplierDetailSchema = describesEvery<SupplierDetail>()({
  type: 'object',
  description:
    'A supplier with every award it won, its share of each year’s awarded value, and every bid it made.',
  required: [
    'id',
    'name',
    'awards',
    'awardedValue',
    'spellings',
    'philgepsRegistration',
    'alsoWrittenAs',
    'awardsWon',
    'years',
    'bidsOn',
    'flags',
  ],
  properties: {
    ...summaryProperties,
    spellings: {
      type: 'array',
      description:
        'Every spelling of its name on the award notices, most recent first, then those only its bids use.',
      items: { type: 'string' },
    },
    philgepsRegistration: {
      type: 'string',
      nullable: true,
      description:
        'The PhilGEPS registration number staff gave it; its id is then philgeps-{number}. Null when none was given.',
    },
    alsoWrittenAs: {
      type: 'array',
      description:
        'Spellings of names staff merged into this supplier after confirming they are one company (each merge is kept in its history).',
      items: { type: 'string' },
    },
    awardsWon: { type: 'array', description: 'Newest first.', items: awardSchema },
    years: { type: 'array', description: 'Newest year first.', items: yearSchema },
    bidsOn: {
      type: 'array',
      description:
        'Every bid in a project’s abstract of bids whose bidder’s name folds as this supplier’s does, won or lost; newest first.',
      items: bidSchema,
    },
    flags: {
      type: 'array',
      description:
        'The red flags on the projects it was awarded, one per project and indicator, by indicator then OCID: reasons to look again, never verdicts. Each project’s page (/api/procurements/{ocid}) gives the facts.',
      items: flagSchema,
    },
  },
});
