import {
  documentSizeAndType,
  type DocumentSizeAndType,
} from '../../db/documents/document-queries.ts';
import { awardNoticeBefore, projectAwardNoticeBefore } from '../../db/open-data/ocds-releases.ts';
import type { SiteDatabase } from '../../db/site-database.ts';
import type { HistoryEntry, RecordDetail } from '../../shared/records/record-detail.ts';
import { fieldLabel, type FieldName, type RecordKind } from '../../shared/record-kinds.ts';
import { hostedDocumentSha256 } from '../../shared/records/record-validation.ts';
import type { SiteContent } from '../../shared/content-types.ts';
import type {
  Amendment,
  Document,
  Organization,
  OrganizationReference,
  Release,
  Tender,
  Value,
} from './ocds-types.ts';
import { inEnglish } from '../../shared/i18n/localized-text.ts';

/** What every release needs besides the record: absolute URLs and the publisher's content. */
export interface OcdsSettings {
  /** SITE_URL: OCDS wants absolute URIs, and the Host header is the client's to write. */
  siteUrl: string;
  site: SiteContent;
}

type Values = Partial<Record<FieldName, string | null>>;

/** One state of a record: version 1 as posted, then one per amendment or withdrawal. */
export interface RecordVersion {
  version: number;
  date: string;
  values: Values;
  /** The history step that produced this version; undefined for version 1. */
  step: HistoryEntry | undefined;
}

/**
 * Every version of a record, oldest first. History keeps each amendment's before and
 * after, so walking it back from the current values gives each earlier state.
 */
export function versionsOf(kind: RecordKind, record: RecordDetail): RecordVersion[] {
  let values: Values = Object.fromEntries(
    kind.fields.map((spec) => [spec.name, record[spec.name] ?? null]),
  );
  const versions: RecordVersion[] = [];
  for (const step of [...record.history].reverse()) {
    versions.unshift({ version: step.version, date: step.at, values, step });
    values = { ...values };
    for (const change of step.changes) values[change.field] = change.before;
  }
  versions.unshift({ version: 1, date: record.created, values, step: undefined });
  return versions;
}

export function releaseId(kind: RecordKind, id: number, version: number): string {
  return `${kind.collection}-${id}-v${version}`;
}

/**
 * The contracting process a version belongs to: its procurement project's (issue 34), whose
 * key the migration took from this same rule, so OCIDs published before projects stay. A
 * notice never attached to a project (written straight to the table, as tests and the
 * demo loader do) keeps the rule: its PhilGEPS reference number when it has one, so the
 * notices of one procurement share a process, else the record alone, taken from each version.
 */
export function ocidOf(
  settings: OcdsSettings,
  kind: RecordKind,
  id: number,
  values: Values,
  processKey?: string,
): string {
  const reference = values.philgeps_reference?.trim();
  const key = processKey ?? (reference ? reference : `${kind.collection}-${id}`);
  return `${settings.site.openData.ocidPrefix}-${key}`;
}

/** A stable party id from a name: lower-case ASCII words joined by dashes. */
function slug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function buyerOf(settings: OcdsSettings): OrganizationReference {
  const name = settings.site.municipality.name;
  return { id: `PH-LGU-${slug(name)}`, name };
}

function supplierOf(values: Values): OrganizationReference | undefined {
  const name = values.supplier?.trim();
  return name ? { id: `supplier-${slug(name) || 'unnamed'}`, name } : undefined;
}

function valueOf(decimal: string | null | undefined): Value | undefined {
  return decimal ? { amount: Number(decimal), currency: 'PHP' } : undefined;
}

async function hostedFile(
  database: SiteDatabase,
  link: string,
): Promise<DocumentSizeAndType | undefined> {
  const sha256 = hostedDocumentSha256(link);
  return sha256 ? documentSizeAndType(database, sha256) : undefined;
}

function describeChange(kind: RecordKind, change: HistoryEntry['changes'][number]): string {
  const shown = (value: string | null) => (value === null ? '(blank)' : `“${value}”`);
  return `${fieldLabel(kind, change.field)}: ${shown(change.before)} → ${shown(change.after)}`;
}

/** The record's own amendments up to a version, each in OCDS form. */
function amendmentsOf(
  kind: RecordKind,
  id: number,
  versions: readonly RecordVersion[],
  upTo: number,
): Amendment[] {
  return versions.slice(1, upTo + 1).map((version) => {
    const step = version.step!;
    const name = version.values[kind.nameField] ?? '';
    return {
      id: releaseId(kind, id, version.version),
      date: step.at,
      rationale: step.reason,
      description:
        step.action === 'withdrawn'
          ? `${inEnglish(kind.label)} “${name}” was withdrawn and no longer applies.`
          : step.changes.map((change) => describeChange(kind, change)).join('; '),
      amendsReleaseID: releaseId(kind, id, version.version - 1),
      releaseID: releaseId(kind, id, version.version),
    };
  });
}

/** A bulletin is itself an amendment of the bidding documents, posted with the release that carries it. */
function bulletinAmendment(kind: RecordKind, id: number, first: RecordVersion): Amendment {
  const number = first.values.addenddum_number ?? '';
  return {
    id: `${kind.collection}-${id}`,
    date: first.date,
    rationale: `Bid Bulletin ${number}`.trim(),
    description: `Bid Bulletin ${number} for “${first.values.project_title ?? ''}”; the linked notice states the changes to the bidding documents.`,
    releaseID: releaseId(kind, id, 1),
  };
}

/** The notice itself (with its SHA-256 when the site hosts it) and the record's page. */
async function documentsOf(
  database: SiteDatabase,
  settings: OcdsSettings,
  kind: RecordKind,
  id: number,
  created: string,
  version: RecordVersion,
): Promise<Document[]> {
  const withdrawn = version.step?.action === 'withdrawn';
  const link = version.values.link;
  const file = link ? await hostedFile(database, link) : undefined;
  const notes = [
    ...(version.values.report_description ? [version.values.report_description] : []),
    ...(file
      ? [
          `Hosted by the municipality: ${file.bytes} bytes, SHA-256 ${file.sha256}; a downloaded copy is the published one when its SHA-256 matches.`,
        ]
      : []),
    ...(withdrawn ? [`Withdrawn: ${version.step!.reason}`] : []),
    // Planning has no amendments in OCDS 1.1, so a corrected report says so here.
    ...(kind.ocds.stage === 'planning' && version.step?.action === 'amended'
      ? [
          `Corrected: ${version.step.reason} (${version.step.changes.map((change) => describeChange(kind, change)).join('; ')})`,
        ]
      : []),
  ];
  const name = version.values[kind.nameField] ?? inEnglish(kind.label);
  const { documentType } = kind.ocds;
  const modified = version.version > 1 ? { dateModified: version.date } : {};
  return [
    ...(link
      ? [
          {
            id: `${kind.collection}-${id}-notice`,
            ...(documentType ? { documentType } : {}),
            title: name,
            ...(notes.length > 0 ? { description: notes.join(' ') } : {}),
            url: new URL(link, settings.siteUrl).href,
            datePublished: created,
            ...modified,
            ...(file ? { format: file.type } : {}),
          },
        ]
      : []),
    {
      id: `${kind.collection}-${id}-page`,
      title: `${inEnglish(kind.label)} on the website of the ${settings.site.municipality.name}`,
      description: 'The notice as published, with every field, its status and its history.',
      url: `${settings.siteUrl}${kind.route}/${id}`,
      datePublished: created,
      ...modified,
      format: 'text/html',
      language: 'en',
    },
  ];
}

/**
 * The award a Notice to Proceed follows. OCDS requires every contract to name its award:
 * within a process (same PhilGEPS reference) that is the Notice of Award posted before it,
 * the same supplier's first. Without one the contract's award is minted from the Notice to
 * Proceed itself (`<collection>-<id>-award`) and published beside it, saying so: a
 * Notice to Proceed is only issued to a supplier already awarded the contract.
 */
async function awardOfContract(
  database: SiteDatabase,
  processKey: string | undefined,
  values: Values,
  date: string,
): Promise<string | undefined> {
  const reference = values.philgeps_reference?.trim();
  const supplier = values.supplier ?? null;
  const award =
    processKey !== undefined
      ? await projectAwardNoticeBefore(database, processKey, date, supplier)
      : reference
        ? await awardNoticeBefore(database, reference, date, supplier)
        : undefined;
  return award === undefined ? undefined : `notice_of_awards-${award}`;
}

/**
 * One release: the record as it stood at `index` of its versions, in the part of the
 * release its kind belongs to (planning, tender, awards or contracts). The record's
 * project (its process key) comes with the record as findRecordDetail reads it, so a
 * release costs no query of its own for it.
 */
export async function buildRelease(
  database: SiteDatabase,
  settings: OcdsSettings,
  kind: RecordKind,
  record: Pick<RecordDetail, 'id' | 'created' | 'project'>,
  versions: readonly RecordVersion[],
  index: number,
): Promise<Release> {
  const version = versions[index]!;
  const { values } = version;
  const { id } = record;
  const action = version.step?.action;
  const { tags } = kind.ocds;
  const tag =
    action === undefined ? tags.posted : action === 'amended' ? tags.amended : tags.withdrawn;
  const withdrawn = action === 'withdrawn';
  const buyer = buyerOf(settings);
  const parties: Organization[] = [{ ...buyer, roles: ['buyer', 'procuringEntity'] }];
  const supplier = supplierOf(values);
  if (supplier) parties.push({ ...supplier, roles: ['supplier'] });
  const documents = await documentsOf(database, settings, kind, id, record.created, version);
  const amendments = amendmentsOf(kind, id, versions, index);
  const title = values[kind.nameField] ?? undefined;
  const processKey = record.project?.processKey;
  const release: Release = {
    ocid: ocidOf(settings, kind, id, values, processKey),
    id: releaseId(kind, id, version.version),
    date: version.date,
    tag: [tag],
    initiationType: 'tender',
    language: 'en',
    parties,
    buyer,
  };
  const { ocds } = kind;
  switch (ocds.stage) {
    case 'tender': {
      const mode = ocds.procurementMethod;
      const tender: Tender = {
        id: values.bid_number ?? values.pr_number ?? `${kind.collection}-${id}`,
        ...(title ? { title } : {}),
        status: withdrawn ? 'cancelled' : mode.status,
        procuringEntity: buyer,
        procurementMethod: mode.method,
        procurementMethodDetails: mode.details,
        ...(values.abc ? { value: valueOf(values.abc)! } : {}),
        ...(values.closing_date ? { tenderPeriod: { endDate: values.closing_date } } : {}),
        documents,
        ...(amendments.length > 0 ? { amendments } : {}),
      };
      return { ...release, tender };
    }
    case 'tenderAmendment':
      return {
        ...release,
        tender: {
          id: values.bid_number_or_pr_number ?? `${kind.collection}-${id}`,
          ...(title ? { title } : {}),
          procuringEntity: buyer,
          ...(values.closing_date ? { tenderPeriod: { endDate: values.closing_date } } : {}),
          documents,
          amendments: [bulletinAmendment(kind, id, versions[0]!), ...amendments],
        },
      };
    case 'award':
      return {
        ...release,
        awards: [
          {
            id: `${kind.collection}-${id}`,
            ...(title ? { title } : {}),
            description: procurementNote(values),
            status: withdrawn ? 'cancelled' : 'active',
            date: record.created,
            ...(values.contract_amount ? { value: valueOf(values.contract_amount)! } : {}),
            ...(supplier ? { suppliers: [supplier] } : {}),
            documents,
            ...(amendments.length > 0 ? { amendments } : {}),
          },
        ],
      };
    case 'contract': {
      const awardID = await awardOfContract(database, processKey, values, version.date);
      const mintedAward = `${kind.collection}-${id}-award`;
      return {
        ...release,
        ...(awardID
          ? {}
          : {
              awards: [
                {
                  id: mintedAward,
                  ...(title ? { title } : {}),
                  description:
                    'The award this Notice to Proceed follows. No Notice of Award with the same PhilGEPS reference number is published on this site, so the award is stated from the Notice to Proceed.',
                  status: 'active',
                  ...(values.contract_amount ? { value: valueOf(values.contract_amount)! } : {}),
                  ...(supplier ? { suppliers: [supplier] } : {}),
                },
              ],
            }),
        contracts: [
          {
            id: `${kind.collection}-${id}`,
            awardID: awardID ?? mintedAward,
            ...(title ? { title } : {}),
            description: procurementNote(values),
            status: withdrawn ? 'cancelled' : 'active',
            ...(values.contract_amount ? { value: valueOf(values.contract_amount)! } : {}),
            documents,
            ...(amendments.length > 0 ? { amendments } : {}),
          },
        ],
      };
    }
    case 'planning':
      return { ...release, planning: { documents } };
  }
}

/** The purchase request number and mode of procurement, which OCDS has no field for. */
function procurementNote(values: Values): string {
  return [
    values.pr_number ? `PR number ${values.pr_number}` : '',
    values.mode_of_procurement ? `mode of procurement: ${values.mode_of_procurement}` : '',
  ]
    .filter(Boolean)
    .join('; ');
}
