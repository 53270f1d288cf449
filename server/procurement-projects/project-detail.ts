import type { AppDatabase } from '../../db/connection.ts';
import { movesOfProject } from '../../db/procurement-projects/attach-notice.ts';
import { amendmentsOfProject } from '../../db/procurement-projects/contract-amendments.ts';
import { hostedDocumentOf, projectCompletion } from './project-completion-detail.ts';
import { projectBids } from './project-bids.ts';
import { projectConferences } from './project-conferences.ts';
import type { ConferenceThresholds } from '../../shared/procurement-projects/conference.ts';
import { projectStatus, summaryOf } from '../../db/procurement-projects/project-list.ts';
import { noticesOfProject, projectByKey } from '../../db/procurement-projects/project-notices.ts';
import { findRecordDetail } from '../../db/records/record-detail-queries.ts';
import type {
  ProcurementProjectDetail,
  ProjectDates,
  ProjectNotice,
} from '../../shared/procurement-projects/procurement-project.ts';
import type { ContractAmendment } from '../../shared/procurement-projects/contract-amendment.ts';
import { processKeyOf } from '../../shared/procurement-projects/project-services.ts';
import { formatDecimal } from '../../shared/money.ts';
import { kindByCollection, type RecordKind } from '../../shared/record-kinds.ts';

/** Every notice of a project, oldest first, each with what the summary reads from it. */
function timeline(database: AppDatabase, projectId: number): ProjectNotice[] {
  return noticesOfProject(database, projectId)
    .flatMap(({ collection, record_id }) => {
      const kind = kindByCollection(collection);
      const record = kind && findRecordDetail(database, kind, record_id);
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
function amendmentPath(
  database: AppDatabase,
  projectId: number,
  original: string | null,
): ContractAmendment[] {
  let previous = original;
  return amendmentsOfProject(database, projectId).map((row) => {
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

/**
 * One procurement project as its page and the API show it, by OCID; undefined when the
 * site has no project with it. Withdrawn notices stay in the timeline (marked) but do not
 * set the summary's dates, amounts or supplier.
 */
export function procurementProjectDetail(
  database: AppDatabase,
  ocid: string,
  ocidPrefix: string,
  thresholds: ConferenceThresholds,
): ProcurementProjectDetail | undefined {
  const key = ocid.startsWith(`${ocidPrefix}-`) ? processKeyOf(ocid) : undefined;
  const project = key === undefined ? undefined : projectByKey(database, key);
  if (!project) return undefined;
  const notices = timeline(database, project.id);
  const published = notices.filter((notice) => notice.status === 'published');
  const latest = (stage: string) =>
    published
      .filter((notice) => stageOf(notice) === stage && notice.contractAmount !== null)
      .at(-1);
  const winner = published.filter((notice) => notice.supplier).at(-1);
  const contractAmount = latest('contract')?.contractAmount ?? null;
  const awardAmount = latest('award')?.contractAmount ?? null;
  const completion = projectCompletion(database, project.id);
  const summary = summaryOf(
    { ...project, status: projectStatus(database, project.id) },
    ocidPrefix,
  );
  return {
    ...summary,
    supplier: winner?.supplier ?? null,
    awardAmount,
    contractAmount,
    dates: { ...datesOf(published), completion: completion?.date ?? null },
    notices,
    moves: movesOfProject(database, project.id).map((move) => ({
      collection: move.collection,
      id: move.record_id,
      at: move.at,
      reason: move.reason,
      from: `${ocidPrefix}-${move.from_key}`,
      to: `${ocidPrefix}-${move.to_key}`,
    })),
    amendments: amendmentPath(database, project.id, contractAmount ?? awardAmount),
    completion,
    bids: projectBids(database, project.id),
    ...projectConferences(database, project.id, summary.abc, thresholds),
  };
}
