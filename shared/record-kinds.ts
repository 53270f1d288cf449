/**
 * The one registry of the eight kinds of procurement record. List pages, the data-entry
 * form, validation, the API, the import and the demo data all read it; nothing else
 * should spell out a kind's fields, columns or routes, or name them in another language.
 */
import type { Lang } from './i18n/languages.ts';
import { localize, type LocalizedText } from './i18n/localized-text.ts';

export type FieldName =
  | 'title'
  | 'report_description'
  | 'bid_number_or_pr_number'
  | 'project_title'
  | 'addenddum_number'
  | 'bid_number'
  | 'pr_number'
  | 'supplier'
  | 'mode_of_procurement'
  | 'philgeps_reference'
  | 'abc'
  | 'closing_date'
  | 'contract_amount'
  | 'link';

/**
 * How a field is entered, checked, stored and shown: `money` is typed as 1,234,567.89,
 * stored as integer centavos and sent as a decimal string; `datetime` is typed as Manila
 * time and stored and sent as ISO 8601 UTC; `link` is a web address or a hosted document.
 */
export type FieldType = 'text' | 'link' | 'money' | 'datetime';

export interface FieldSpec {
  name: FieldName;
  /**
   * Column heading and form label: the English as the original site spells it (what the
   * API, downloads, OCDS and the CLI say) and the Filipino of the /fil pages. Two kinds call
   * the same column Project Title and Project Name.
   */
  label: LocalizedText;
  type: FieldType;
  /** Longest text accepted as typed (for money and datetime: the typed form, not the stored one). */
  maxLength: number;
  /** Multi-line input in the data-entry form. */
  multiline?: boolean;
  /**
   * May be left blank. Only fields added after the original site are optional, so records
   * stored or exported before them stay valid.
   */
  optional?: true;
  /**
   * The values the data-entry form offers in a list, with "Other" and a text box for any
   * value not listed. Any text is still accepted (records older than the list, imports), so
   * this shapes the form only, never what is stored.
   */
  choices?: readonly string[];
}

/**
 * The modes of procurement of RA 9184 (2016 IRR, negotiated procurement by its Section 53
 * cases) and of RA 12009, the New Government Procurement Act, named as BAC resolutions and
 * notices name them. Both laws are listed because records span the change of law.
 */
export const PROCUREMENT_MODES = [
  'Competitive Bidding',
  'Public Bidding',
  'Limited Source Bidding',
  'Competitive Dialogue',
  'Unsolicited Offer with Bid Matching',
  'Direct Contracting',
  'Direct Acquisition',
  'Repeat Order',
  'Shopping',
  'Small Value Procurement',
  'Negotiated Procurement (Two Failed Biddings)',
  'Negotiated Procurement (Emergency Cases)',
  'Negotiated Procurement (Take-Over of Contracts)',
  'Negotiated Procurement (Adjacent or Contiguous)',
  'Negotiated Procurement (Agency-to-Agency)',
  'Negotiated Procurement (Scientific, Scholarly or Artistic Work, Exclusive Technology and Media Services)',
  'Negotiated Procurement (Highly Technical Consultants)',
  'Negotiated Procurement (Defense Cooperation Agreement)',
  'Negotiated Procurement (Small Value Procurement)',
  'Negotiated Procurement (Lease of Real Property and Venue)',
  'Negotiated Procurement (NGO Participation)',
  'Negotiated Procurement (Community Participation)',
  'Negotiated Procurement (United Nations Agencies, International Organizations or International Financing Institutions)',
  'Direct Retail Purchase of Petroleum Fuel, Oil and Lubricant Products, Electricity, Telecommunications and Internet Services',
  'Direct Sales',
  'Direct Procurement for Science, Technology and Innovation',
] as const;

/**
 * The OCDS 1.1 release tags (codelist `releaseTag`) a kind's releases may carry. The
 * server's OCDS types accept every code of the codelist; a kind names only these.
 */
export type OcdsReleaseTag =
  | 'planning'
  | 'planningUpdate'
  | 'tender'
  | 'tenderAmendment'
  | 'tenderCancellation'
  | 'award'
  | 'awardUpdate'
  | 'awardCancellation'
  | 'contract'
  | 'contractAmendment'
  | 'contractTermination';

/** The shared part of every kind's OCDS stage. Every key is required, so leaving one out is a compile error. */
interface OcdsStageBase {
  /** Release tag of the notice as posted, of an amendment, and of a withdrawal. */
  tags: { posted: OcdsReleaseTag; amended: OcdsReleaseTag; withdrawn: OcdsReleaseTag };
  /** The notice's code in the OCDS `documentType` codelist; null when none fits (it is then left out). */
  documentType: string | null;
}

/**
 * Where a kind's notices go in an OCDS release (server/open-data/ocds-release-builder.ts): the part
 * of the release they fill and how. A tender notice also says how the procurement is
 * carried out; the others say `procurementMethod: null`, so no kind is silent about it.
 */
export type OcdsStage = OcdsStageBase &
  (
    | {
        /** A tender notice: the release's `tender`, with its method. */
        stage: 'tender';
        procurementMethod: {
          /** The `method` codelist: may anyone bid (open) or only those invited (limited)? */
          method: 'open' | 'limited';
          /** What RA 9184 calls the mode, as `procurementMethodDetails`. */
          details: string;
          /** The tender's status while the notice stands (a withdrawn one is cancelled). */
          status: 'active' | 'unsuccessful';
        };
      }
    | {
        /**
         * `tenderAmendment`: an amendment of a tender's documents (a bid bulletin);
         * `award` / `contract`: the release's awards / contracts; `planning`: its planning.
         */
        stage: 'tenderAmendment' | 'award' | 'contract' | 'planning';
        procurementMethod: null;
      }
  );

export interface RecordKind {
  /** The data-entry dropdown value of the original site. */
  value: string;
  /**
   * Readable name of one record, shown in the dropdown, in both languages (see `title`).
   */
  label: LocalizedText;
  /** The original site's collection name, also our table name and API path segment. */
  collection: string;
  /** Public list route. */
  route: string;
  /**
   * Screen title of the public list. The English is the original site's; the Filipino
   * keeps the English name beside it where RA 9184 names the procurement (Notice of Award,
   * Bid Bulletin, Small Value Procurement): those are legal names bidders search for. A kind
   * given in English alone shows its English on Filipino pages, and
   * tests/unit/i18n-catalogues.test.ts fails until it has its Filipino.
   */
  title: LocalizedText;
  /** Every field a record of this kind holds, in form order; `link` is always last. */
  fields: readonly FieldSpec[];
  /** Fields shown as table columns, in order, before the Click to View column. */
  columns: readonly FieldName[];
  /** Fields searched by the list's search box (seed section 5). */
  searchFields: readonly FieldName[];
  /** The field that names a record, e.g. in the accessible name of its Click to View link. */
  nameField: FieldName;
  /** How the kind's notices are published as OCDS releases. */
  ocds: OcdsStage;
}

/** A one-line text field of the original site. Its name stays a literal type (see optionalField). */
function textField<const N extends FieldName>(name: N, label: LocalizedText, maxLength: number) {
  return { name, label, type: 'text', maxLength } as const;
}

/**
 * A field added after the original site, so optional. Its name and type stay literal types:
 * db/database-schema.ts derives each table's column types from them.
 */
function optionalField<const N extends FieldName, const T extends FieldType>(
  name: N,
  label: LocalizedText,
  type: T,
  maxLength: number,
) {
  return { name, label, type, maxLength, optional: true } as const;
}

const field = {
  title: textField('title', { en: 'Title', fil: 'Pamagat' }, 300),
  report_description: {
    name: 'report_description',
    label: { en: 'Report Description', fil: 'Paglalarawan ng Ulat' },
    type: 'text',
    maxLength: 2000,
    multiline: true,
  },
  bid_number_or_pr_number: textField(
    'bid_number_or_pr_number',
    { en: 'Pr Number/Bid Number', fil: 'Numero ng PR/Numero ng Bid' },
    100,
  ),
  project_title: textField(
    'project_title',
    { en: 'Project Title', fil: 'Pamagat ng Proyekto' },
    500,
  ),
  project_name: textField(
    'project_title',
    { en: 'Project Name', fil: 'Pangalan ng Proyekto' },
    500,
  ),
  addenddum_number: textField(
    'addenddum_number',
    { en: 'Addenddum Number', fil: 'Numero ng Addendum' },
    100,
  ),
  bid_number: textField('bid_number', { en: 'Bid Number', fil: 'Numero ng Bid' }, 100),
  pr_number: textField('pr_number', { en: 'Pr Number', fil: 'Numero ng PR (PR Number)' }, 100),
  supplier: textField('supplier', { en: 'Supplier', fil: 'Supplier' }, 300),
  mode_of_procurement: {
    name: 'mode_of_procurement',
    label: { en: 'Mode of Procurement', fil: 'Paraan ng Procurement' },
    type: 'text',
    maxLength: 200,
    choices: PROCUREMENT_MODES,
  },
  // Procurement fields of RA 9184 and its IRR, optional because older records lack them.
  philgeps_reference: optionalField(
    'philgeps_reference',
    { en: 'PhilGEPS Reference Number', fil: 'Numero ng Sanggunian sa PhilGEPS' },
    'text',
    100,
  ),
  abc: optionalField(
    'abc',
    {
      en: 'Approved Budget for the Contract (ABC)',
      fil: 'Inaprubahang Badyet para sa Kontrata (ABC)',
    },
    'money',
    30,
  ),
  closing_date: optionalField(
    'closing_date',
    { en: 'Closing Date', fil: 'Petsa ng Pagsasara' },
    'datetime',
    40,
  ),
  contract_amount: optionalField(
    'contract_amount',
    { en: 'Contract Amount', fil: 'Halaga ng Kontrata' },
    'money',
    30,
  ),
  link: { name: 'link', label: { en: 'Link', fil: 'Link' }, type: 'link', maxLength: 2000 },
} as const satisfies Record<string, FieldSpec>;

const awardFields = [
  field.pr_number,
  field.project_title,
  field.supplier,
  field.mode_of_procurement,
  field.philgeps_reference,
  field.contract_amount,
  field.link,
] as const;

const prFields = [
  field.pr_number,
  field.project_title,
  field.philgeps_reference,
  field.abc,
  field.closing_date,
  field.link,
] as const;
const prColumns = ['pr_number', 'project_title'] as const;

/**
 * The OCDS stage of a kind posted as a tender notice: withdrawing it cancels the tender.
 * The method stays literal types, so each kind's entry still fits its `RecordKind` exactly.
 */
function tenderStage<const M extends 'open' | 'limited', const S extends 'active' | 'unsuccessful'>(
  method: M,
  details: string,
  status: S,
) {
  return {
    stage: 'tender',
    tags: { posted: 'tender', amended: 'tenderAmendment', withdrawn: 'tenderCancellation' },
    documentType: 'tenderNotice',
    procurementMethod: { method, details, status },
  } as const;
}

/** The listing of the two award notices: searched by PR number and project, shown with supplier and mode. */
const awardListing = {
  fields: awardFields,
  columns: ['pr_number', 'project_title', 'supplier', 'mode_of_procurement'],
  searchFields: prColumns,
  nameField: 'project_title',
} as const;

/** The listing of the kinds that hold `prFields`: searched and shown by PR number and project. */
const prListing = {
  fields: prFields,
  columns: prColumns,
  searchFields: prColumns,
  nameField: 'project_title',
} as const;

/** In the order of the original data-entry dropdown. */
export const recordKinds = [
  {
    value: 'notice_of_award',
    label: { en: 'Notice of Award', fil: 'Abiso ng Paggawad (Notice of Award)' },
    collection: 'notice_of_awards',
    route: '/notice-of-award',
    title: { en: 'Notice of Awards', fil: 'Mga Abiso ng Paggawad (Notice of Awards)' },
    ...awardListing,
    ocds: {
      stage: 'award',
      tags: { posted: 'award', amended: 'awardUpdate', withdrawn: 'awardCancellation' },
      documentType: 'awardNotice',
      procurementMethod: null,
    },
  },
  {
    value: 'notice_to_proceed',
    label: { en: 'Notice to Proceed', fil: 'Abiso na Magpatuloy (Notice to Proceed)' },
    collection: 'notice_to_proceed',
    route: '/bids-award-notice-to-proceed',
    title: { en: 'Notice to Proceed', fil: 'Abiso na Magpatuloy (Notice to Proceed)' },
    ...awardListing,
    ocds: {
      stage: 'contract',
      // A withdrawn Notice to Proceed ends the contract before work starts: the codelist's
      // contractTermination, with the contract's status "cancelled".
      tags: { posted: 'contract', amended: 'contractAmendment', withdrawn: 'contractTermination' },
      documentType: 'contractNotice',
      procurementMethod: null,
    },
  },
  {
    value: 'bid_bulletin',
    label: { en: 'Bid Bulletin', fil: 'Bid Bulletin' },
    collection: 'bid_bulletin',
    route: '/bid-bulletin',
    title: { en: 'Bid Bulletin', fil: 'Bid Bulletin' },
    fields: [
      field.bid_number_or_pr_number,
      field.project_title,
      field.addenddum_number,
      field.philgeps_reference,
      field.closing_date,
      field.link,
    ],
    columns: ['bid_number_or_pr_number', 'project_title', 'addenddum_number'],
    searchFields: ['bid_number_or_pr_number', 'project_title'],
    nameField: 'project_title',
    ocds: {
      stage: 'tenderAmendment',
      // A bulletin amends the bidding documents; withdrawing it is one more amendment.
      tags: { posted: 'tenderAmendment', amended: 'tenderAmendment', withdrawn: 'tenderAmendment' },
      documentType: 'clarifications',
      procurementMethod: null,
    },
  },
  {
    value: 'public_bidding',
    label: { en: 'Public Bidding', fil: 'Pampublikong Bidding (Public Bidding)' },
    collection: 'public_bidding',
    route: '/public-bidding',
    title: { en: 'Public Bidding', fil: 'Pampublikong Bidding (Public Bidding)' },
    fields: [
      field.bid_number,
      field.project_name,
      field.philgeps_reference,
      field.abc,
      field.closing_date,
      field.link,
    ],
    columns: ['bid_number', 'project_title'],
    searchFields: ['bid_number', 'project_title'],
    nameField: 'project_title',
    ocds: tenderStage('open', 'Public Bidding (competitive bidding, RA 9184)', 'active'),
  },
  {
    value: 'svp',
    label: { en: 'Small Value Procurement (SVP)', fil: 'Small Value Procurement (SVP)' },
    collection: 'svp',
    route: '/bid-svp',
    title: { en: 'Svp', fil: 'Small Value Procurement (SVP)' },
    ...prListing,
    ocds: tenderStage(
      'limited',
      'Small Value Procurement (negotiated procurement, RA 9184)',
      'active',
    ),
  },
  {
    value: 'reports',
    label: { en: 'Reports', fil: 'Mga Ulat (Reports)' },
    collection: 'reports',
    route: '/bids-reports',
    title: { en: 'Reports', fil: 'Mga Ulat (Reports)' },
    fields: [field.title, field.report_description, field.link],
    columns: ['title', 'report_description'],
    searchFields: ['title'],
    nameField: 'title',
    ocds: {
      stage: 'planning',
      // Planning has no amendment or cancellation tags in OCDS 1.1.
      tags: { posted: 'planning', amended: 'planningUpdate', withdrawn: 'planningUpdate' },
      documentType: null,
      procurementMethod: null,
    },
  },
  {
    value: 'two_failed_biddings',
    label: { en: 'Two Failed Biddings', fil: 'Dalawang Bigong Bidding (Two Failed Biddings)' },
    collection: 'two_failed_bidding',
    route: '/bid-two-failed-biddings',
    title: { en: 'Two Failed Bidding', fil: 'Dalawang Bigong Bidding (Two Failed Bidding)' },
    ...prListing,
    ocds: tenderStage(
      'open',
      'Public Bidding declared failed twice (RA 9184: negotiated procurement may follow)',
      'unsuccessful',
    ),
  },
  {
    value: 'shopping',
    label: { en: 'Shopping', fil: 'Shopping' },
    collection: 'shopping_bidding',
    route: '/bid-shopping',
    title: { en: 'Shopping', fil: 'Shopping' },
    ...prListing,
    ocds: tenderStage('limited', 'Shopping (alternative method, RA 9184)', 'active'),
  },
] as const satisfies readonly RecordKind[];

export type Collection = (typeof recordKinds)[number]['collection'];

export function kindByCollection(collection: string): RecordKind | undefined {
  return recordKinds.find((kind) => kind.collection === collection);
}

export function kindByValue(value: string): RecordKind | undefined {
  return recordKinds.find((kind) => kind.value === value);
}

/** A field's label in `lang`; English, what the API, OCDS and downloads say, unless told. */
export function fieldLabel(kind: RecordKind, name: FieldName, lang: Lang = 'en'): string {
  const spec = kind.fields.find((candidate) => candidate.name === name);
  return spec ? localize(spec.label, lang).text : name;
}

/** The entry of a list of choices that lets a value not listed be typed instead. */
export const OTHER_CHOICE = 'Other';

/** The name of the text box beside a list of choices, read when "Other" is chosen. */
export function otherFieldName(name: FieldName): string {
  return `${name}_other`;
}

/**
 * A field's value as a data-entry form sent it: the text typed, or for a list of choices
 * the entry chosen, or the text typed beside it when that entry is "Other".
 */
export function formFieldValue(
  spec: FieldSpec,
  form: { get(name: string): FormDataEntryValue | null },
): string {
  const value = String(form.get(spec.name) ?? '');
  if (!spec.choices || value !== OTHER_CHOICE) return value;
  return String(form.get(otherFieldName(spec.name)) ?? '');
}

export function fieldSpec(kind: RecordKind, name: string): FieldSpec | undefined {
  return kind.fields.find((spec) => spec.name === name);
}
