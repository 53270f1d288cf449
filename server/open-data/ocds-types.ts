/**
 * The parts of the Open Contracting Data Standard 1.1 schema this site fills. Field names
 * and codes are the standard's; tests validate the output against the official schemas.
 */

export type ReleaseTag =
  | 'planning'
  | 'planningUpdate'
  | 'tender'
  | 'tenderAmendment'
  | 'tenderUpdate'
  | 'tenderCancellation'
  | 'award'
  | 'awardUpdate'
  | 'awardCancellation'
  | 'contract'
  | 'contractUpdate'
  | 'contractAmendment'
  | 'implementation'
  | 'contractTermination'
  | 'compiled';

export interface OrganizationReference {
  id: string;
  name: string;
}

export interface Organization extends OrganizationReference {
  roles: string[];
}

export interface Value {
  amount: number;
  currency: 'PHP';
}

export interface Document {
  id: string;
  documentType?: string;
  title?: string;
  description?: string;
  url?: string;
  datePublished?: string;
  dateModified?: string;
  format?: string;
  language?: string;
}

export interface Amendment {
  id: string;
  date: string;
  rationale: string;
  description: string;
  amendsReleaseID?: string;
  releaseID: string;
}

export interface Tender {
  id: string;
  title?: string;
  status?: 'active' | 'cancelled' | 'unsuccessful';
  procuringEntity?: OrganizationReference;
  value?: Value;
  procurementMethod?: 'open' | 'limited';
  procurementMethodDetails?: string;
  tenderPeriod?: { endDate: string };
  documents?: Document[];
  amendments?: Amendment[];
  /** Every bidder of the abstract of bids (issue 34). */
  tenderers?: OrganizationReference[];
  numberOfTenderers?: number;
}

export interface Award {
  id: string;
  title?: string;
  description?: string;
  status?: 'active' | 'cancelled';
  date?: string;
  value?: Value;
  suppliers?: OrganizationReference[];
  documents?: Document[];
  amendments?: Amendment[];
}

export interface Contract {
  id: string;
  awardID: string;
  title?: string;
  description?: string;
  /** `terminated` once the project's completion is stated (issue 34). */
  status?: 'active' | 'cancelled' | 'terminated';
  /** `endDate`: the day of completion. */
  period?: { endDate: string };
  value?: Value;
  documents?: Document[];
  amendments?: Amendment[];
  /** The certificate of completion or acceptance. */
  implementation?: { documents: Document[] };
}

/** A plan line's budget (OCDS Budget): the APP's estimated budget, the Code (PAP) as its id. */
export interface Budget {
  id: string;
  description: string;
  amount: Value;
  project: string;
  projectID: string;
}

export interface Release {
  ocid: string;
  id: string;
  date: string;
  tag: ReleaseTag[];
  initiationType: 'tender';
  language: 'en';
  parties: Organization[];
  buyer: OrganizationReference;
  planning?: { documents: Document[]; budget?: Budget };
  tender?: Tender;
  awards?: Award[];
  contracts?: Contract[];
  /** The bids extension's abstract of bids (server/open-data/ocds-bids.ts). */
  bids?: { details: Bid[] };
}

/** One bid, as the OCDS bids extension describes it. */
export interface Bid {
  id: string;
  date: string;
  status: 'valid' | 'disqualified' | 'withdrawn';
  description?: string;
  tenderers: OrganizationReference[];
  value: Value;
}

export interface Publisher {
  name: string;
  uri?: string;
}

/** What a release package and a record package share. */
export interface PackageMetadata {
  uri: string;
  version: '1.1';
  publishedDate: string;
  publisher: Publisher;
  license: string;
  publicationPolicy: string;
  /** The extensions' extension.json URLs, when the releases use any (the bids extension). */
  extensions?: string[];
}

export interface ReleasePackage extends PackageMetadata {
  releases: Release[];
  links?: { next: string };
}

export interface OcdsRecord {
  ocid: string;
  releases: Release[];
  compiledRelease: Release;
}

export interface RecordPackage extends PackageMetadata {
  records: OcdsRecord[];
  /** /ocds/records.json's pages: the next and the previous, when there are. */
  links?: { next?: string; prev?: string };
}
