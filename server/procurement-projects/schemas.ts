import type { ContractAmendment } from '../../shared/procurement-projects/contract-amendment.ts';
import type {
  ProcurementProjectDetail,
  ProcurementProjectSummary,
  ProjectAward,
  ProjectContract,
  ProjectDates,
  ProjectMove,
  ProjectNotice,
  ProjectPlanLine,
} from '../../shared/procurement-projects/procurement-project.ts';
import {
  PROJECTS_PAGE_SIZE,
  PROJECT_STATUSES,
} from '../../shared/procurement-projects/procurement-project.ts';
import { MAX_SEARCH_LENGTH } from '../../shared/records/list-query.ts';
import { MAX_REASON_LENGTH } from '../../shared/records/record-validation.ts';
import { recordKinds } from '../../shared/record-kinds.ts';
import { RED_FLAG_INDICATORS } from '../../shared/red-flags/red-flags.ts';
import { flagAnswerSchema } from '../red-flags/answer-schemas.ts';
import { describesEvery } from '../http/describes-every.ts';
import { bidsProperty } from './bid-schemas.ts';
import { conferencesProperty, observersProperty, section38Schema } from './conference-schemas.ts';
import { hostedDocumentSchema } from '../records/record-responses.ts';
import { completionSchema } from './completion-schemas.ts';

// The schemas of /api/procurements: requests and every response, so /openapi.json describes them.

const decimal = (what: string) =>
  ({
    type: 'string',
    nullable: true,
    description: `${what} in pesos as a decimal string (1234567.89); null when no notice states it.`,
  }) as const;

const nullableText = (description: string) =>
  ({ type: 'string', nullable: true, description }) as const;

const recordStatus = { type: 'string', enum: ['published', 'withdrawn'] } as const;

const summaryProperties = describesEvery<ProcurementProjectSummary>()({
  properties: {
    ocid: {
      type: 'string',
      description: 'The contracting process’s OCID, as in /ocds/records/<ocid>.json.',
    },
    title: { type: 'string' },
    endUserOffice: nullableText('The PMO or end-user office.'),
    mode: nullableText('The mode of procurement.'),
    abc: decimal('The Approved Budget for the Contract'),
    appCode: nullableText('The Annual Procurement Plan’s Code (PAP).'),
    year: { type: 'integer', description: 'The year (Manila) the project was started.' },
    status: {
      type: 'string',
      enum: [...PROJECT_STATUSES],
      description: 'Derived from its notices.',
    },
    created: { type: 'string', description: 'ISO 8601 UTC.' },
    updated: { type: 'string', description: 'ISO 8601 UTC: the last notice attached or moved.' },
  },
}).properties;

const summaryRequired = Object.keys(summaryProperties);

export const projectSummarySchema = {
  type: 'object',
  required: summaryRequired,
  properties: summaryProperties,
} as const;

export const projectPageSchema = {
  type: 'object',
  description: `One page of procurement projects (${PROJECTS_PAGE_SIZE} a page), newest year first.`,
  required: ['total', 'items'],
  properties: {
    total: { type: 'integer', description: 'Projects matching, over all pages.' },
    items: { type: 'array', items: projectSummarySchema },
  },
} as const;

const noticeSchema = describesEvery<ProjectNotice>()({
  type: 'object',
  required: [
    'collection',
    'id',
    'title',
    'created',
    'status',
    'link',
    'document',
    'supplier',
    'contractAmount',
    'closingDate',
  ],
  properties: {
    collection: {
      type: 'string',
      description: `The notice’s kind: ${recordKinds.map((kind) => kind.collection).join(', ')}; the record is /api/records/<collection>/<id>.`,
    },
    id: { type: 'integer' },
    title: { type: 'string' },
    created: { type: 'string', description: 'Posted, ISO 8601 UTC.' },
    status: recordStatus,
    link: { type: 'string' },
    document: hostedDocumentSchema,
    supplier: nullableText('The supplier a Notice of Award or to Proceed names.'),
    contractAmount: decimal('The notice’s contract amount'),
    closingDate: nullableText('The closing date (bid opening), ISO 8601 UTC.'),
  },
});

const datesSchema = describesEvery<ProjectDates>()({
  type: 'object',
  required: ['posted', 'bidOpening', 'award', 'noticeToProceed', 'completion'],
  properties: {
    posted: nullableText('The first tender notice’s posting, ISO 8601 UTC.'),
    bidOpening: nullableText('The closing date, when bids are opened, ISO 8601 UTC.'),
    award: nullableText('The first Notice of Award’s posting, ISO 8601 UTC.'),
    noticeToProceed: nullableText('The first Notice to Proceed’s posting, ISO 8601 UTC.'),
    completion: nullableText('The day of completion staff stated, YYYY-MM-DD (Manila).'),
  },
});

const moveSchema = describesEvery<ProjectMove>()({
  type: 'object',
  required: ['collection', 'id', 'at', 'reason', 'from', 'to'],
  properties: {
    collection: { type: 'string' },
    id: { type: 'integer' },
    at: { type: 'string', description: 'ISO 8601 UTC.' },
    reason: { type: 'string' },
    from: { type: 'string', description: 'The OCID it left.' },
    to: { type: 'string', description: 'The OCID it joined.' },
  },
});

export const amendmentSchema = describesEvery<ContractAmendment>()({
  type: 'object',
  required: ['date', 'amount', 'previousAmount', 'reason', 'created', 'document'],
  properties: {
    date: {
      type: 'string',
      description: 'The amendment’s date, a Manila calendar day, YYYY-MM-DD.',
    },
    amount: {
      type: 'string',
      description: 'The contract’s new total amount in pesos as a decimal string (1234567.89).',
    },
    previousAmount: decimal(
      'The amount it replaced (the original contract amount, the award’s when no Notice to Proceed states one, or the previous amendment’s)',
    ),
    reason: { type: 'string' },
    created: { type: 'string', description: 'When it was entered, ISO 8601 UTC.' },
    document: { ...hostedDocumentSchema, description: 'The signed variation order, if uploaded.' },
  },
});

const planSchema = describesEvery<ProjectPlanLine>()({
  type: 'object',
  nullable: true,
  description:
    'The Annual Procurement Plan line the project started as; null when no plan lists it.',
  required: ['year', 'appCode', 'budget', 'sourceOfFunds', 'created'],
  properties: {
    year: { type: 'integer' },
    appCode: { type: 'string', description: 'The line’s Code (PAP).' },
    budget: { type: 'string', description: 'The estimated budget in pesos as a decimal string.' },
    sourceOfFunds: nullableText('The source of funds the plan names.'),
    created: { type: 'string', description: 'When the plan was stored, ISO 8601 UTC.' },
  },
});

const awardSchema = describesEvery<ProjectAward>()({
  type: 'object',
  required: ['id', 'status', 'supplier', 'amount', 'date'],
  properties: {
    id: { type: 'string', description: 'The award id in the OCDS data (notice_of_awards-12).' },
    status: recordStatus,
    supplier: nullableText('The winning bidder the notice names.'),
    amount: decimal('The amount awarded (the winning bid)'),
    date: { type: 'string', description: 'When the notice was posted, ISO 8601 UTC.' },
  },
});

const contractSchema = describesEvery<ProjectContract>()({
  type: 'object',
  required: [
    'id',
    'status',
    'supplier',
    'amount',
    'currentAmount',
    'date',
    'amendments',
    'completion',
  ],
  properties: {
    id: { type: 'string', description: 'The Notice to Proceed (notice_to_proceed-7).' },
    status: recordStatus,
    supplier: nullableText('The contractor the notice names.'),
    amount: decimal('The contract amount the notice states, before any amendment'),
    currentAmount: decimal('The contract amount after its last amendment'),
    date: { type: 'string', description: 'When the notice was posted, ISO 8601 UTC.' },
    amendments: { type: 'array', items: amendmentSchema },
    completion: completionSchema,
  },
});

const flagSchema = {
  type: 'object',
  required: ['indicator', 'facts', 'answer'],
  properties: {
    answer: flagAnswerSchema,
    indicator: {
      type: 'string',
      enum: [...RED_FLAG_INDICATORS],
      description: 'Which indicator; /red-flags/methodology explains each.',
    },
    facts: {
      type: 'object',
      additionalProperties: true,
      description:
        'What raised it, by indicator: single-bidder {mode, bidders, responsive}; bid-near-abc {winningBid, abc, percent, threshold}; short-posting {posted, bidOpening, days, minimumDays}; all-but-winner-disqualified {bidders, failed, lowestBidFailed}; contract-increase {original, current, percent, threshold, amendments, closestDays, windowDays}; impossible-dates {problem, earlier, later}; split-purchase {supplierId, supplier, awards [{ocid, notice, amount, date}], total, ceiling, days, windowDays}; supplier-concentration {year, mode, supplierId, supplier, value, total, percent, threshold}; failed-bidder-negotiated {supplierId, supplier, mode, award {ocid, notice, amount, date}, failedBids [{ocid, bidder, amount, outcome}], notices [{ocid, notice, date}]}. Amounts are decimal strings in pesos; a flag across projects is on each project it names, with the same facts.',
    },
  },
} as const;

const detailOnly = describesEvery<
  Omit<ProcurementProjectDetail, keyof ProcurementProjectSummary>
>()({
  properties: {
    supplier: nullableText('The supplier named by the latest Notice of Award or to Proceed.'),
    awardAmount: decimal('The Notice of Award’s amount (the winning bid)'),
    contractAmount: decimal('The Notice to Proceed’s contract amount'),
    dates: datesSchema,
    plan: planSchema,
    notices: {
      type: 'array',
      description: 'Every notice of the process, oldest first.',
      items: noticeSchema,
    },
    moves: {
      type: 'array',
      description: 'Notices moved into or out of it, oldest first.',
      items: moveSchema,
    },
    amendments: {
      type: 'array',
      description:
        'The contract’s amendments (variation orders), by date then as entered: the contract amount’s path. The last one’s amount is the contract amount now. (The one contract of a project, so a list here rather than contracts[].amendments.)',
      items: amendmentSchema,
    },
    completion: completionSchema,
    bids: bidsProperty,
    awards: {
      type: 'array',
      description: 'Every Notice of Award of the process as data, oldest first.',
      items: awardSchema,
    },
    contracts: {
      type: 'array',
      description:
        'Every Notice to Proceed of the process as a contract, oldest first. The contract in force (the latest published one) carries the amendments and the completion.',
      items: contractSchema,
    },
    flags: {
      type: 'array',
      description:
        'The red flags the project’s own data raises: reasons to look again, never verdicts. The site’s analysis, not the publisher’s data, so the OCDS releases do not carry them.',
      items: flagSchema,
    },
    section38: section38Schema,
    conferences: conferencesProperty,
    observers: observersProperty,
  },
}).properties;

export const projectDetailSchema = {
  type: 'object',
  description:
    'One procurement project (contracting process) with every notice, its bids, awards and contracts (with their amendments) as data.',
  required: [...summaryRequired, ...Object.keys(detailOnly)],
  properties: { ...summaryProperties, ...detailOnly },
} as const;

export const projectListQuerySchema = {
  type: 'object',
  properties: {
    q: {
      type: 'string',
      description: `Search text, at most ${MAX_SEARCH_LENGTH} characters: part of the title, APP code, OCID, or a PR, bid or PhilGEPS reference number of a notice.`,
    },
    page: { type: 'string', description: 'Page number from 1; 1 when missing.' },
    year: { type: 'string', description: 'Only projects of this year, e.g. 2026.' },
    mode: { type: 'string', description: 'Only projects of this mode of procurement, as written.' },
    status: { type: 'string', description: `One of ${PROJECT_STATUSES.join(', ')}.` },
    supplier: {
      type: 'string',
      description:
        'Only projects this supplier won (an award notice of it) or bid on (the abstract of bids): its id as /suppliers/<id> and GET /api/suppliers give it. An id no published award names matches none.',
    },
  },
} as const;

/** GET /api/procurements.csv: the list's filters, every match (no page). */
export const projectDownloadQuerySchema = {
  type: 'object',
  properties: {
    q: projectListQuerySchema.properties.q,
    year: projectListQuerySchema.properties.year,
    mode: projectListQuerySchema.properties.mode,
    status: projectListQuerySchema.properties.status,
    supplier: projectListQuerySchema.properties.supplier,
  },
} as const;

export const projectParamsSchema = {
  type: 'object',
  required: ['ocid'],
  properties: { ocid: { type: 'string', maxLength: 200, description: 'The project’s OCID.' } },
} as const;

export const moveBodySchema = {
  type: 'object',
  description: 'Moves a notice into this project; its move stays in the project’s history.',
  required: ['collection', 'id', 'reason'],
  additionalProperties: false,
  properties: {
    collection: { type: 'string', maxLength: 40 },
    id: { type: 'integer', minimum: 1 },
    reason: {
      type: 'string',
      maxLength: MAX_REASON_LENGTH,
      description: 'Why, in words the public will read. Required, not blank.',
    },
  },
} as const;

export const amendmentBodySchema = {
  type: 'object',
  description:
    'A contract amendment (variation order): not a correction, a change of the contract kept in its path.',
  required: ['amount', 'date', 'reason'],
  additionalProperties: false,
  properties: {
    amount: {
      type: 'string',
      maxLength: 40,
      description: 'The contract’s NEW total amount in pesos: 1234567.89 or 1,234,567.89.',
    },
    date: {
      type: 'string',
      maxLength: 10,
      description: 'The amendment’s date, YYYY-MM-DD (Manila).',
    },
    reason: {
      type: 'string',
      maxLength: MAX_REASON_LENGTH,
      description: 'Why, in words the public will read. Required, not blank.',
    },
  },
} as const;

export const amendmentCreatedSchema = {
  type: 'object',
  description: 'The amendment stored, and the project with its amount’s path.',
  required: ['id', 'project'],
  properties: {
    id: { type: 'integer', description: 'The amendment’s number.' },
    project: projectDetailSchema,
  },
} as const;
