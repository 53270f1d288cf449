import type { SiteDatabase } from '../../db/site-database.ts';
import type { Content } from '../../shared/content-types.ts';
import { movesOfProject } from '../../db/procurement-projects/attach-notice.ts';
import { amendmentsOfProject } from '../../db/procurement-projects/contract-amendments.ts';
import { hostedDocumentOf, projectCompletion } from './project-completion-detail.ts';
import { projectBids } from './project-bids.ts';
import { planLineByKey } from '../../db/procurement-projects/plan-list.ts';
import { projectConferences } from './project-conferences.ts';
import type { ConferenceThresholds } from '../../shared/procurement-projects/conference.ts';
import { projectStatus, summaryOf } from '../../db/procurement-projects/project-list.ts';
import { noticesOfProject, projectByKey } from '../../db/procurement-projects/project-notices.ts';
import { findRecordDetail } from '../../db/records/record-detail-queries.ts';
import type {
  ProcurementProjectDetail,
  ProjectAward,
  ProjectContract,
  ProjectDates,
  ProjectNotice,
  ProjectPlanLine,
} from '../../shared/procurement-projects/procurement-project.ts';
import type { ContractAmendment } from '../../shared/procurement-projects/contract-amendment.ts';
import { processKeyOf } from '../../shared/procurement-projects/project-services.ts';
import { formatDecimal } from '../../shared/money.ts';
import type { RedFlagsContent } from '../../shared/red-flags/red-flags.ts';
import { projectFlags, type FlaggedProject } from '../red-flags/process-flags.ts';
import { withAnswers } from '../red-flags/flag-answers.ts';
import { answersOfProject } from '../../db/red-flags/flag-answers.ts';
import { flagsAcross, inIndicatorOrder } from '../red-flags/flags-across.ts';
import { kindByCollection, type RecordKind } from '../../shared/record-kinds.ts';

/** Every notice of a project, oldest first, each with what the summary reads from it. */
async function timeline(database: SiteDatabase, projectId: number): Promise<ProjectNotice[]> {
  const notices = await Promise.all(
    (await noticesOfProject(database, projectId)).map(async ({ collection, record_id }) => {
      const kind = kindByCollection(collection);
      return {
        collection,
        kind,
        record: kind && (await findRecordDetail(database, kind, record_id)),
      };
    }),
  );
  return notices
    .flatMap(({ collection, kind, record }) => {
      if (!kind || !record) return [];
      const notice: ProjectNotice = {
        collection,
        id: record.id,
        title: record[kind.nameField] ?? '',
        created: record.created,
        status: record.status,
        link: record.link ?? '',
        document: record.document,
        supplier: record.supplier ?? null,
        contractAmount: record.contract_amount ?? null,
        closingDate: record.closing_date ?? null,
      };
      return [notice];
    })
    .sort((a, b) =>
      a.created === b.created
        ? a.collection.localeCompare(b.collection) || a.id - b.id
        : a.created < b.created
          ? -1
          : 1,
    );
}

const stageOf = (notice: ProjectNotice): RecordKind['ocds']['stage'] | undefined =>
  kindByCollection(notice.collection)?.ocds.stage;

/** The dates of the summary, from the published notices: the first of each, the latest closing date. */
function datesOf(published: readonly ProjectNotice[]): Omit<ProjectDates, 'completion'> {
  const first = (stage: string) =>
    published.find((notice) => stageOf(notice) === stage)?.created ?? null;
  const closing = published.filter((notice) => notice.closingDate !== null).at(-1)?.closingDate;
  return {
    posted: first('tender'),
    bidOpening: closing ?? null,
    award: first('award'),
    noticeToProceed: first('contract'),
  };
}

/**
 * The contract amount's path: each amendment with the amount it replaced, starting from the
 * original contract amount (the Notice to Proceed's, else the award's).
 */
async function amendmentPath(
  database: SiteDatabase,
  projectId: number,
  original: string | null,
): Promise<ContractAmendment[]> {
  let previous = original;
  return (await amendmentsOfProject(database, projectId)).map((row) => {
    const amount = formatDecimal(row.amount);
    const amendment = {
      date: row.date,
      amount,
      previousAmount: previous,
      reason: row.reason,
      created: row.created,
      document: hostedDocumentOf(row),
    };
    previous = amount;
    return amendment;
  });
}

/** The plan line a project started as, for its timeline's first entry. */
async function planOf(database: SiteDatabase, processKey: string): Promise<ProjectPlanLine | null> {
  const line = await planLineByKey(database, processKey);
  return line
    ? {
        year: line.app_year,
        appCode: line.app_code,
        budget: formatDecimal(line.abc),
        sourceOfFunds: line.source_of_funds,
        created: line.created,
      }
    : null;
}

const noticeId = (notice: ProjectNotice) => `${notice.collection}-${notice.id}`;

/** The Notices of Award as awards: winner, amount, date. */
function awardsOf(notices: readonly ProjectNotice[]): ProjectAward[] {
  return notices
    .filter((notice) => stageOf(notice) === 'award')
    .map((notice) => ({
      id: noticeId(notice),
      status: notice.status,
      supplier: notice.supplier,
      amount: notice.contractAmount,
      date: notice.created,
    }));
}

/**
 * The Notices to Proceed as contracts. The amendments and the completion are the project's
 * (a municipality's process ends in one contract), so they go to the contract in force: the
 * latest published one.
 */
function contractsOf(
  notices: readonly ProjectNotice[],
  amendments: ContractAmendment[],
  completion: ProcurementProjectDetail['completion'],
): ProjectContract[] {
  const contracts = notices.filter((notice) => stageOf(notice) === 'contract');
  const inForce = contracts.filter((notice) => notice.status === 'published').at(-1);
  return contracts.map((notice) => {
    const current = notice === inForce;
    return {
      id: noticeId(notice),
      status: notice.status,
      supplier: notice.supplier,
      amount: notice.contractAmount,
      currentAmount: (current ? amendments.at(-1)?.amount : undefined) ?? notice.contractAmount,
      date: notice.created,
      amendments: current ? amendments : [],
      completion: current ? completion : null,
    };
  });
}

/** What a project's page needs beside the database: the OCID prefix and the red flags' thresholds. */
export interface ProjectDetailOptions {
  ocidPrefix: string;
  redFlags: RedFlagsContent;
  /** RA 12009 section 38's thresholds (content/bids-and-awards.json). */
  thresholds: ConferenceThresholds;
}

/** The options as the site's content sets them: its OCID prefix and thresholds. */
export function projectDetailOptions(content: Content): ProjectDetailOptions {
  return {
    ocidPrefix: content.site.openData.ocidPrefix,
    redFlags: content.redFlags,
    thresholds: content.bidsAndAwards.conferenceThresholds,
  };
}

/**
 * One procurement project as its page and the API show it, by OCID; undefined when the
 * site has no project with it. Withdrawn notices stay in the timeline (marked) but do not
 * set the summary's dates, amounts or supplier.
 */
export async function procurementProjectDetail(
  database: SiteDatabase,
  ocid: string,
  { ocidPrefix, redFlags, thresholds }: ProjectDetailOptions,
): Promise<ProcurementProjectDetail | undefined> {
  const key = ocid.startsWith(`${ocidPrefix}-`) ? processKeyOf(ocid) : undefined;
  const project = key === undefined ? undefined : await projectByKey(database, key);
  if (!project) return undefined;
  const notices = await timeline(database, project.id);
  const published = notices.filter((notice) => notice.status === 'published');
  const latest = (stage: string) =>
    published
      .filter((notice) => stageOf(notice) === stage && notice.contractAmount !== null)
      .at(-1);
  const winner = published.filter((notice) => notice.supplier).at(-1);
  const contractAmount = latest('contract')?.contractAmount ?? null;
  const awardAmount = latest('award')?.contractAmount ?? null;
  const completion = await projectCompletion(database, project.id);
  const amendments = await amendmentPath(database, project.id, contractAmount ?? awardAmount);
  const summary = summaryOf(
    { ...project, status: await projectStatus(database, project.id) },
    ocidPrefix,
  );
  const detail: FlaggedProject = {
    ...summary,
    supplier: winner?.supplier ?? null,
    awardAmount,
    contractAmount,
    dates: { ...datesOf(published), completion: completion?.date ?? null },
    plan: key === undefined ? null : await planOf(database, key),
    notices,
    moves: (await movesOfProject(database, project.id)).map((move) => ({
      collection: move.collection,
      id: move.record_id,
      at: move.at,
      reason: move.reason,
      from: `${ocidPrefix}-${move.from_key}`,
      to: `${ocidPrefix}-${move.to_key}`,
    })),
    amendments,
    completion,
    bids: await projectBids(database, project.id),
    awards: awardsOf(notices),
    contracts: contractsOf(notices, amendments, completion),
    ...(await projectConferences(database, project.id, summary.abc, thresholds)),
  };
  // The flags that compare projects come from one computation per data version.
  const across =
    (await flagsAcross(database, { ocidPrefix, redFlags })).byOcid.get(detail.ocid) ?? [];
  const flags = inIndicatorOrder([...projectFlags(detail, redFlags), ...across]);
  return { ...detail, flags: withAnswers(flags, await answersOfProject(database, project.id)) };
}
