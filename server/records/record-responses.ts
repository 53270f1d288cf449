import type { ProcurementRecord, RecordPage } from '../../shared/records/list-query.ts';
import type {
  HistoryEntry,
  HostedDocument,
  RecentRecord,
  RecordDetail,
} from '../../shared/records/record-detail.ts';
import {
  recordKinds,
  type FieldName,
  type FieldSpec,
  type RecordKind,
} from '../../shared/record-kinds.ts';
import { describesEvery } from '../http/describes-every.ts';
import { inEnglish } from '../../shared/i18n/localized-text.ts';
import { historyStepSchema } from '../http/history-schema.ts';

// The response bodies of the records API, the staff API and the JSON downloads, built from
// the kinds registry like the request schemas beside them (records.ts). Fastify serialises
// with these schemas and leaves out any property they do not name, so every field of every
// kind is here by construction.

function valueDescription(field: FieldSpec): string {
  switch (field.type) {
    case 'money':
      return `${inEnglish(field.label)} in pesos as a decimal string, e.g. "1234567.89".`;
    case 'datetime':
      return `${inEnglish(field.label)}: ISO 8601 UTC, e.g. "2026-02-03T06:00:00.000Z".`;
    case 'link':
      return `${inEnglish(field.label)}: an absolute http(s) address, or a hosted document path /documents/<sha256>/<name>.`;
    case 'text':
      return `${inEnglish(field.label)}.`;
  }
}

/** The fields of the kinds, each once; a field two kinds share is described by the first. */
function fieldProperties(kinds: readonly RecordKind[]) {
  const properties: Record<string, { type: 'string'; nullable: true; description: string }> = {};
  for (const field of kinds.flatMap((kind) => kind.fields)) {
    properties[field.name] ??= {
      type: 'string',
      nullable: true,
      description: `${valueDescription(field)} Null or absent when empty.`,
    };
  }
  return properties;
}

/** What a record holds besides its kind's fields (which come from the registry). */
const recordBase = describesEvery<Omit<ProcurementRecord, FieldName>>()({
  properties: {
    id: { type: 'integer', description: 'The record id within its collection.' },
    created: { type: 'string', description: 'When it was posted: ISO 8601 UTC.' },
  },
}).properties;

/** One record of the given kinds as lists, downloads and the add answer give it. */
export function procurementRecordSchema(kinds: readonly RecordKind[] = recordKinds) {
  return {
    type: 'object',
    description:
      kinds.length === 1
        ? `A ${inEnglish(kinds[0]!.label)} record.`
        : `A procurement record: its id, when it was posted and its kind’s fields (${recordKinds.map((kind) => `${kind.collection}: ${kind.fields.map((field) => field.name).join(', ')}`).join('; ')}).`,
    required: ['id', 'created'],
    properties: { ...recordBase, ...fieldProperties(kinds) },
  } as const;
}

/** The procurement project a notice is part of, in list rows and record details alike. */
const noticeProjectSchema = {
  type: 'object',
  nullable: true,
  description:
    'The procurement project (contracting process) the notice is part of: its OCID is the site’s OCID prefix, a dash and processKey, its page /procurement/<ocid>. Null for a notice attached to none.',
  required: ['processKey', 'title'],
  properties: { processKey: { type: 'string' }, title: { type: 'string' } },
} as const;

/** A list row: the record and the project it is part of. */
function listedRecordSchema() {
  const record = procurementRecordSchema();
  return {
    ...record,
    required: [...record.required, 'project'],
    properties: { ...record.properties, project: noticeProjectSchema },
  } as const;
}

/** GET /api/records/{collection}: one page of a list. */
export const recordPageSchema = describesEvery<RecordPage>()({
  type: 'object',
  description: 'One page of a list, newest first.',
  required: ['items', 'page', 'pageSize', 'total'],
  properties: {
    items: { type: 'array', items: listedRecordSchema() },
    page: { type: 'integer', description: 'This page’s number, from 1.' },
    pageSize: { type: 'integer', description: 'Records a page.' },
    total: { type: 'integer', description: 'Records matching the query, over all pages.' },
  },
});

/** A list's JSON download: every matching record of one kind, newest first. */
export function recordDownloadSchema(kind: RecordKind) {
  return {
    type: 'object',
    description: `Every published ${inEnglish(kind.label)} record matching q, from and to, newest first.`,
    required: ['items'],
    properties: { items: { type: 'array', items: procurementRecordSchema([kind]) } },
  } as const;
}

const historyEntrySchema = describesEvery<HistoryEntry>()(
  historyStepSchema({
    actions: ['amended', 'withdrawn'],
    reasonDescription: 'Why, as staff wrote it.',
    changesDescription: 'What an amendment changed; empty for a withdrawal.',
    change: {
      field: { type: 'string' },
      before: { type: 'string', nullable: true },
      after: { type: 'string', nullable: true },
    },
  }),
);

export const hostedDocumentSchema = describesEvery<HostedDocument>()({
  type: 'object',
  nullable: true,
  description: 'The hosted document the link names, when the site holds it.',
  required: ['url', 'sha256', 'bytes', 'type'],
  properties: {
    url: { type: 'string' },
    sha256: { type: 'string' },
    bytes: { type: 'integer' },
    type: { type: 'string', description: 'Its media type, e.g. application/pdf.' },
  },
});

/** What a record detail holds besides its kind's fields (which come from the registry). */
const detailProperties = describesEvery<Omit<RecordDetail, FieldName>>()({
  properties: {
    ...recordBase,
    collection: { type: 'string' },
    status: { type: 'string', enum: ['published', 'withdrawn'] },
    version: {
      type: 'integer',
      description: 'Starts at 1; each amendment or withdrawal adds 1.',
    },
    updated: {
      type: 'string',
      description: 'The last amendment or withdrawal, ISO 8601 UTC; created when untouched.',
    },
    withdrawn: {
      type: 'object',
      nullable: true,
      required: ['at', 'reason'],
      properties: { at: { type: 'string' }, reason: { type: 'string' } },
    },
    document: hostedDocumentSchema,
    history: { type: 'array', description: 'Oldest first.', items: historyEntrySchema },
    project: noticeProjectSchema,
  },
}).properties;

/** One record as a public document: GET /api/records/{collection}/{id} and the staff API's change answers. */
export function recordDetailSchema(kinds: readonly RecordKind[] = recordKinds) {
  const record = procurementRecordSchema(kinds);
  return {
    type: 'object',
    description: `${record.description} With its status, version and public history.`,
    required: [
      ...record.required,
      'collection',
      'status',
      'version',
      'updated',
      'withdrawn',
      'document',
      'history',
      'project',
    ],
    properties: { ...record.properties, ...detailProperties },
  } as const;
}

/** GET /api/staff/recent-records. */
export const recentRecordsSchema = {
  type: 'array',
  description: 'The newest records of every kind, withdrawn ones included, newest first.',
  items: describesEvery<RecentRecord>()({
    type: 'object',
    required: ['collection', 'id', 'title', 'status', 'version', 'created'],
    properties: {
      collection: { type: 'string' },
      id: { type: 'integer' },
      title: { type: 'string', description: 'The kind’s name field.' },
      status: { type: 'string', enum: ['published', 'withdrawn'] },
      version: { type: 'integer' },
      created: { type: 'string', description: 'ISO 8601 UTC.' },
    },
  }),
} as const;
