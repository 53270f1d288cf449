// The OCDS packages, described down to the release. A release is open (additionalProperties)
// as the standard's are: the official OCDS 1.1 schemas, which tests/integration/ocds.test.ts
// validates the output against, are the full description, and Fastify's serialiser would
// otherwise leave out whatever part of a release these schemas did not name.

import type {
  OcdsRecord,
  PackageMetadata,
  RecordPackage,
  Release,
  ReleasePackage,
} from './ocds-types.ts';
import { describesEvery } from '../http/describes-every.ts';
import {
  OCDS_CHECKS,
  type OcdsCheckResult,
  type OcdsProblem,
  type OcdsQualityReport,
} from '../../shared/open-data/ocds-quality.ts';

const OCDS_SCHEMA_URL = 'https://standard.open-contracting.org/1.1/en/schema/';

const openObject = (description: string) =>
  ({ type: 'object', description, additionalProperties: true }) as const;

const releaseSchema = describesEvery<Release>()({
  type: 'object',
  description: `An OCDS 1.1 release: one notice as posted, corrected or withdrawn (${OCDS_SCHEMA_URL}release/).`,
  required: ['ocid', 'id', 'date', 'tag', 'initiationType'],
  additionalProperties: true,
  properties: {
    ocid: {
      type: 'string',
      description:
        'The contracting process: the site’s prefix, then the PhilGEPS reference or <collection>-<id>.',
    },
    id: { type: 'string', description: '<collection>-<record id>-v<version>.' },
    date: { type: 'string', description: 'ISO 8601 UTC.' },
    tag: { type: 'array', items: { type: 'string' } },
    initiationType: { type: 'string', enum: ['tender'] },
    language: { type: 'string' },
    parties: { type: 'array', items: openObject('An organization and its roles.') },
    buyer: openObject('The municipality.'),
    planning: openObject('Planning documents (reports).'),
    tender: openObject('Bid bulletins, invitations, notices of failed biddings.'),
    awards: { type: 'array', items: openObject('A Notice of Award.') },
    contracts: { type: 'array', items: openObject('A Notice to Proceed.') },
    bids: openObject('The abstract of bids, by the OCDS bids extension: details of each bid.'),
  },
});

const packageMetadata = describesEvery<PackageMetadata>()({
  properties: {
    uri: { type: 'string', description: 'This package’s own URL.' },
    version: { type: 'string', enum: ['1.1'] },
    publishedDate: { type: 'string', description: 'When this package was made: ISO 8601 UTC.' },
    publisher: {
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string' }, uri: { type: 'string' } },
    },
    license: { type: 'string' },
    publicationPolicy: { type: 'string' },
    extensions: {
      type: 'array',
      description:
        'The OCDS extensions the releases use, by their extension.json URL: the bids extension when a release carries bids.',
      items: { type: 'string' },
    },
  },
}).properties;

const packageRequired = ['uri', 'version', 'publishedDate', 'publisher'] as const;

/** GET /ocds/releases.json. */
export const releasePackageSchema = describesEvery<ReleasePackage>()({
  type: 'object',
  description: `An OCDS 1.1 release package (${OCDS_SCHEMA_URL}release-package-schema.json).`,
  required: [...packageRequired, 'releases'],
  properties: {
    ...packageMetadata,
    releases: { type: 'array', items: releaseSchema },
    links: {
      type: 'object',
      description: 'Present when there is a next page.',
      required: ['next'],
      properties: { next: { type: 'string', description: 'The next page’s URL.' } },
    },
  },
});

/** GET /ocds/records/{file} and GET /ocds/records.json. */
export const recordPackageSchema = describesEvery<RecordPackage>()({
  type: 'object',
  description: `An OCDS 1.1 record package of one contracting process (${OCDS_SCHEMA_URL}record-package-schema.json).`,
  required: [...packageRequired, 'records'],
  properties: {
    ...packageMetadata,
    records: {
      type: 'array',
      items: describesEvery<OcdsRecord>()({
        type: 'object',
        required: ['ocid', 'releases', 'compiledRelease'],
        properties: {
          ocid: { type: 'string' },
          releases: { type: 'array', items: releaseSchema },
          compiledRelease: releaseSchema,
        },
      }),
    },
    links: {
      type: 'object',
      description: 'Paged /ocds/records.json only: the next and previous pages, when there are.',
      properties: {
        next: { type: 'string', description: 'The next page’s URL.' },
        prev: { type: 'string', description: 'The previous page’s URL.' },
      },
    },
  },
});

const problemSchema = describesEvery<OcdsProblem>()({
  type: 'object',
  required: ['check', 'code', 'path'],
  properties: {
    check: { type: 'string', enum: [...OCDS_CHECKS] },
    code: { type: 'string', description: 'What is wrong, one code per kind of finding.' },
    ocid: { type: 'string' },
    release: {
      type: 'string',
      description: 'The release id; "<id> (compiled)" for a compiled release.',
    },
    path: {
      type: 'string',
      description: 'The field, as awards[0]/date, inside the release when there is one.',
    },
    values: {
      type: 'object',
      description: 'The values the finding is worded with: the dates, amounts, party id.',
      additionalProperties: { type: ['string', 'number'] },
    },
  },
});

/** GET /api/open-data/quality. */
export const qualityReportSchema = describesEvery<OcdsQualityReport>()({
  type: 'object',
  required: ['checkedAt', 'ocidPrefix', 'processes', 'releases', 'ok', 'checks'],
  properties: {
    checkedAt: { type: 'string', description: 'ISO 8601 UTC.' },
    ocidPrefix: { type: 'string' },
    processes: { type: 'integer' },
    releases: { type: 'integer' },
    ok: { type: 'boolean', description: 'No check failed.' },
    checks: {
      type: 'array',
      items: describesEvery<OcdsCheckResult>()({
        type: 'object',
        required: ['id', 'status', 'count', 'problems'],
        properties: {
          id: { type: 'string', enum: [...OCDS_CHECKS] },
          status: { type: 'string', enum: ['passed', 'failed', 'skipped'] },
          count: { type: 'integer', description: 'Every problem found; problems lists the first.' },
          problems: { type: 'array', items: problemSchema },
        },
      }),
    },
  },
});
