/**
 * A procurement project: one contracting process from plan to completion (issue 34), what
 * `/procurement/<ocid>` and `GET /api/procurements/<ocid>` show. Values are at the edge:
 * amounts as decimal strings ("1234567.89"), times as ISO 8601 UTC; pages format them for
 * Manila.
 */
import type { HostedDocument, RecordStatus } from '../records/record-detail.ts';
import type { ProjectBid } from './bid.ts';
import type { ContractAmendment } from './contract-amendment.ts';
import type { ProjectConference, ProjectObserver, Section38 } from './conference.ts';
import type { ProjectCompletion } from './project-completion.ts';
import type { AnsweredFlag } from '../red-flags/flag-answers.ts';

/**
 * Where a project stands, derived from its notices: `planned` before any tender notice,
 * `ongoing` once one is posted, `awarded` with a Notice of Award or to Proceed, `failed`
 * when its latest tender notice declares the bidding failed, `completed` once staff state
 * its completion (migration 0029), whatever its notices say.
 */
export const PROJECT_STATUSES = ['planned', 'ongoing', 'awarded', 'completed', 'failed'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** One line of the projects list. */
export interface ProcurementProjectSummary {
  ocid: string;
  title: string;
  endUserOffice: string | null;
  mode: string | null;
  /** Approved Budget for the Contract, a decimal string; null when no notice states it. */
  abc: string | null;
  /** The Annual Procurement Plan's Code (PAP), when the project is a plan line. */
  appCode: string | null;
  year: number;
  status: ProjectStatus;
  created: string;
  updated: string;
}

/** One notice of a project's timeline: the record it is, and what the summary reads from it. */
export interface ProjectNotice {
  collection: string;
  id: number;
  title: string;
  created: string;
  status: RecordStatus;
  link: string;
  document: HostedDocument | null;
  supplier: string | null;
  contractAmount: string | null;
  closingDate: string | null;
}

/** The dates a resident asks about; null until the notice that sets one is posted. */
export interface ProjectDates {
  /** The first tender notice's posting. */
  posted: string | null;
  /** The closing date, when bids are opened. */
  bidOpening: string | null;
  /** The first Notice of Award's posting. */
  award: string | null;
  /** The first Notice to Proceed's posting. */
  noticeToProceed: string | null;
  /** The day of completion as staff state it, a Manila calendar day YYYY-MM-DD. */
  completion: string | null;
}

/** A notice that moved between projects: when, and the reason staff gave. */
export interface ProjectMove {
  collection: string;
  id: number;
  at: string;
  reason: string;
  from: string;
  to: string;
}

/** The Annual Procurement Plan line a project started as (OCDS planning). */
export interface ProjectPlanLine {
  year: number;
  appCode: string;
  /** The line's estimated budget, a decimal string. */
  budget: string;
  sourceOfFunds: string | null;
  /** When the plan holding the line was stored, ISO 8601 UTC. */
  created: string;
}

/** A Notice of Award as data: who won and for how much. */
export interface ProjectAward {
  /** The award's id in the OCDS data: the notice's collection and id (notice_of_awards-12). */
  id: string;
  status: RecordStatus;
  supplier: string | null;
  /** The amount awarded (the winning bid), a decimal string. */
  amount: string | null;
  /** When the notice was posted, ISO 8601 UTC. */
  date: string;
}

/**
 * A contract as data: a Notice to Proceed. The project's contract now (its latest published
 * one) carries the amendments and the completion; an earlier or withdrawn one carries none.
 */
export interface ProjectContract {
  /** The notice's collection and id (notice_to_proceed-7). */
  id: string;
  status: RecordStatus;
  supplier: string | null;
  /** The contract amount the notice states (before any amendment), a decimal string. */
  amount: string | null;
  /** The amount after its last amendment; the stated amount when it has none. */
  currentAmount: string | null;
  /** When the notice was posted, ISO 8601 UTC. */
  date: string;
  amendments: ContractAmendment[];
  completion: ProjectCompletion | null;
}

export type ProcurementProjectDetail = ProcurementProjectSummary & {
  /** The winner named by the latest Notice of Award or to Proceed. */
  supplier: string | null;
  /** The Notice of Award's amount (the winning bid). */
  awardAmount: string | null;
  /** The Notice to Proceed's amount (the contract), else null. */
  contractAmount: string | null;
  dates: ProjectDates;
  /** The plan line it started as; null for a project no plan lists. */
  plan: ProjectPlanLine | null;
  /** Every notice of the process, oldest first. */
  notices: ProjectNotice[];
  /** Notices moved into or out of the project, oldest first. */
  moves: ProjectMove[];
  /**
   * The contract's amendments (variation orders) by date: each a new total amount. The first
   * replaces the contract amount (else the award amount).
   */
  amendments: ContractAmendment[];
  /** The completion as staff stated it, with the statements it corrected; null before. */
  completion: ProjectCompletion | null;
  /** The abstract of bids: every bid, lowest amount first. */
  bids: ProjectBid[];
  /** Every Notice of Award of the process, oldest first. */
  awards: ProjectAward[];
  /** Every Notice to Proceed of the process, oldest first; the current one with its amendments. */
  contracts: ProjectContract[];
  /**
   * The red flags its own data raises (issue 35), with their facts: reasons to look, not
   * verdicts; each with the BAC's answer, or null.
   */
  flags: AnsweredFlag[];
  /** Whether RA 12009 section 38 applies: the ABC above its category's threshold. */
  section38: Section38;
  /** The procurement conferences, by date, each with its livestream and recording links. */
  conferences: ProjectConference[];
  /** The observers invited, by the day invited. */
  observers: ProjectObserver[];
};

/** The project a notice is part of, as its record page links it. */
export interface NoticeProject {
  ocid: string;
  title: string;
}

/** One page of the projects list. */
export interface ProcurementProjectPage {
  total: number;
  items: ProcurementProjectSummary[];
}

/** Projects per page of the list API. */
export const PROJECTS_PAGE_SIZE = 20;

export interface ProjectListQuery {
  q: string;
  page: number;
  year: number | undefined;
  mode: string | undefined;
  status: ProjectStatus | undefined;
  /** Only projects this supplier (its id, as /suppliers/<id>) won or bid on. */
  supplier?: string | undefined;
}

/** The BAC's list of projects, each linking its staff pages (bids, contract and completion). */
export const STAFF_PROJECTS_PAGE = '/staff/procurement';

/** The public page of a project; `ocid` is the whole OCID, prefix included. */
export function procurementPath(ocid: string): string {
  return `/procurement/${encodeURIComponent(ocid)}`;
}

/** Whole days from one instant to a later one, as the page shows "12 days". */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
}
