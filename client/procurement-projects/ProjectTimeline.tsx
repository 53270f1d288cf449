import { Fragment, type ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { localize } from '../../shared/i18n/localized-text.ts';
import { formatManilaDay } from '../../shared/manila-time.ts';
import { pesosFromDecimal } from '../../shared/money.ts';
import type { ContractAmendment } from '../../shared/procurement-projects/contract-amendment.ts';
import { PLAN_PATH } from '../../shared/procurement-projects/procurement-plan.ts';
import type {
  ProcurementProjectDetail,
  ProjectNotice,
  ProjectPlanLine,
} from '../../shared/procurement-projects/procurement-project.ts';
import { kindByCollection } from '../../shared/record-kinds.ts';
import { recordPath } from '../../shared/records/record-path.ts';
import { InLang } from '../components/content/InLang.tsx';
import { ManilaTime } from '../components/time/ManilaTime.tsx';
import { HostedDocumentDetails } from '../records/HostedDocumentDetails.tsx';
import { CompletionNotice } from './ProjectCompletion.tsx';
import { useProjectText } from './useProjectText.ts';

/** The plan line the project started as: the year's plan, the line's code and budget. */
function PlanEntry({ plan }: { plan: ProjectPlanLine }) {
  const { localPath, pt } = useProjectText();
  return (
    <li className="project-notice">
      <h3>
        <ManilaTime iso={plan.created} />: {pt('project.timeline.plan', { year: plan.year })}
      </h3>
      <p>
        {pt('project.timeline.planLine', {
          code: plan.appCode,
          budget: pesosFromDecimal(plan.budget),
        })}
      </p>
      <p>
        <Link to={localPath(`${PLAN_PATH}?year=${plan.year}`)}>
          {pt('project.timeline.seePlan', { year: plan.year })}
        </Link>
      </p>
    </li>
  );
}

/** One notice: what it is, when, its document and its record page. */
function NoticeEntry({ notice }: { notice: ProjectNotice }) {
  const { t, lang, localPath, pt, prich } = useProjectText();
  const kind = kindByCollection(notice.collection);
  const label = kind ? localize(kind.label, lang).text : notice.collection;
  return (
    <li className="project-notice">
      <h3>
        <ManilaTime iso={notice.created} />: {label}
        {notice.status === 'withdrawn' ? ` (${t('record.withdrawn')})` : ''}
      </h3>
      <p>
        <InLang text={notice.title} />
      </p>
      {notice.document ? (
        <HostedDocumentDetails document={notice.document} />
      ) : notice.link ? (
        <p>
          {prich('project.noHostedDocument', { link: <a href={notice.link}>{notice.link}</a> })}
        </p>
      ) : null}
      {kind ? (
        <p>
          <Link to={localPath(recordPath(kind, notice.id))}>
            {pt('project.viewNotice', { kind: label })}
          </Link>
        </p>
      ) : null}
    </li>
  );
}

/** The abstract of bids, when its first bid was posted; the table is its own section above. */
function BidsEntry({ since }: { since: string }) {
  const { pt } = useProjectText();
  return (
    <li className="project-notice">
      <h3>
        <ManilaTime iso={since} />: {pt('project.bids')}
      </h3>
      <p>
        <a href="#project-bids">{pt('project.timeline.seeBids')}</a>
      </p>
    </li>
  );
}

/** A contract amendment, when it was posted; its reason and document are in the amount's path. */
function AmendmentEntry({ amendment }: { amendment: ContractAmendment }) {
  const { lang, pt } = useProjectText();
  return (
    <li className="project-notice">
      <h3>
        <ManilaTime iso={amendment.created} />: {pt('project.timeline.amendment')}
      </h3>
      <p>
        {pt('project.timeline.amendmentAmount', {
          date: formatManilaDay(amendment.date, lang),
          amount: pesosFromDecimal(amendment.amount),
        })}
      </p>
      <p>
        <a href="#project-amount-path">{pt('project.timeline.seeAmendments')}</a>
      </p>
    </li>
  );
}

/** Whether nothing of the process is posted yet: no plan line, notice, bid, amendment or completion. */
export function timelineIsEmpty(project: ProcurementProjectDetail): boolean {
  return (
    !project.plan &&
    project.notices.length === 0 &&
    project.bids.length === 0 &&
    project.amendments.length === 0 &&
    !project.completion
  );
}

/**
 * Everything of the process in the order it was posted: the plan line, the notices, the
 * abstract of bids, the contract's amendments, and the completion last.
 */
export function ProjectTimeline({ project }: { project: ProcurementProjectDetail }) {
  const firstBid = project.bids.map((bid) => bid.created).sort()[0];
  const entries: { at: string; key: string; entry: ReactElement }[] = [
    ...(project.plan
      ? [{ at: project.plan.created, key: 'plan', entry: <PlanEntry plan={project.plan} /> }]
      : []),
    ...project.notices.map((notice) => ({
      at: notice.created,
      key: `${notice.collection}-${notice.id}`,
      entry: <NoticeEntry notice={notice} />,
    })),
    ...(firstBid
      ? [
          {
            at: firstBid,
            key: 'bids',
            entry: <BidsEntry since={firstBid} />,
          },
        ]
      : []),
    ...project.amendments.map((amendment) => ({
      at: amendment.created,
      key: `amendment-${amendment.created}-${amendment.date}`,
      entry: <AmendmentEntry amendment={amendment} />,
    })),
  ];
  // A stable sort: entries posted in the same instant keep the order above.
  entries.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  return (
    <ol className="project-timeline">
      {entries.map(({ key, entry }) => (
        <Fragment key={key}>{entry}</Fragment>
      ))}
      {project.completion ? <CompletionNotice completion={project.completion} /> : null}
    </ol>
  );
}
