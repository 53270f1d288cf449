import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { textLang } from '../../shared/i18n/text-language.ts';
import { formatManilaDate } from '../../shared/manila-time.ts';
import { pesosFromDecimal } from '../../shared/money.ts';
import {
  daysBetween,
  type ProcurementProjectDetail,
} from '../../shared/procurement-projects/procurement-project.ts';
import { categoryKey } from '../../shared/procurement-projects/conference.ts';
import { Page } from '../components/page/Page.tsx';
import { ManilaTime } from '../components/time/ManilaTime.tsx';
import { ContractAmountPath } from './ContractAmountPath.tsx';
import { CompletionDate } from './ProjectCompletion.tsx';
import { ProjectTimeline, timelineIsEmpty } from './ProjectTimeline.tsx';
import { RedFlagsOfProcess } from '../red-flags/RedFlagsOfProcess.tsx';
import { AbstractOfBids } from './AbstractOfBids.tsx';
import { ProjectConferences } from './ProjectConferences.tsx';
import { InLang } from '../components/content/InLang.tsx';
import { useProjectText } from './useProjectText.ts';
import { services } from '../services-context.ts';
import './procurement-projects.css';

/** Loads one project by its OCID; an unknown one is the 404 page. */
export async function projectPageLoader({
  params,
  context,
  request,
}: LoaderFunctionArgs): Promise<ProcurementProjectDetail> {
  const ocid = params.ocid ?? '';
  const project =
    ocid.length <= 200
      ? await services(context).procurementProject(ocid, request.signal)
      : undefined;
  if (!project) throw new Response('Not Found', { status: 404 });
  return project;
}

/** An amount in pesos, or "Not yet". */
function Amount({ decimal }: { decimal: string | null }) {
  const { pt } = useProjectText();
  return decimal === null ? <>{pt('project.notYet')}</> : <>{pesosFromDecimal(decimal)}</>;
}

/** Text typed by the committee, or "Not given". */
function Typed({ text }: { text: string | null }) {
  const { t } = useProjectText();
  return text ? <InLang text={text} /> : <>{t('record.notGiven')}</>;
}

/** The four dates in order, each with the days since the one before it that is known. */
function ProjectDates({ dates }: { dates: ProcurementProjectDetail['dates'] }) {
  const { pt } = useProjectText();
  const steps = [
    ['project.posted', dates.posted],
    ['project.bidOpening', dates.bidOpening],
    ['project.award', dates.award],
    ['project.noticeToProceed', dates.noticeToProceed],
  ] as const;
  let previous: string | null = null;
  return (
    <dl className="record-facts project-dates">
      {steps.map(([key, at]) => {
        const since = at && previous ? daysBetween(previous, at) : null;
        if (at) previous = at;
        return (
          <div key={key}>
            <dt>{pt(key)}</dt>
            <dd>
              {at ? <ManilaTime iso={at} /> : pt('project.notYet')}
              {since !== null ? (
                <span className="project-days"> ({pt('project.daysAfter', { days: since })})</span>
              ) : null}
            </dd>
          </div>
        );
      })}
      <CompletionDate day={dates.completion} previous={previous} />
    </dl>
  );
}

/**
 * One procurement project (contracting process), server-rendered: the facts a resident asks
 * first, the dates with the days between them, then every notice in time order.
 */
export function ProcurementProjectPage() {
  const project = useLoaderData() as ProcurementProjectDetail;
  const { lang, pt, prich } = useProjectText();
  const api = `/api/procurements/${encodeURIComponent(project.ocid)}`;
  const ocds = `/ocds/records/${encodeURIComponent(project.ocid)}.json`;
  return (
    <Page
      title={project.title}
      description={pt('project.description', { title: project.title })}
      headingLang={textLang(project.title) ?? undefined}
    >
      <p className="project-ocid">
        OCID <code>{project.ocid}</code>
      </p>
      <section aria-labelledby="project-facts">
        <h2 id="project-facts">{pt('project.facts')}</h2>
        <dl className="record-facts">
          <div>
            <dt>{pt('project.status')}</dt>
            <dd>{pt(`project.status.${project.status}`)}</dd>
          </div>
          <div>
            <dt>{pt('project.endUserOffice')}</dt>
            <dd>
              <Typed text={project.endUserOffice} />
            </dd>
          </div>
          <div>
            <dt>{pt('project.mode')}</dt>
            <dd>
              <Typed text={project.mode} />
            </dd>
          </div>
          <div>
            <dt>{pt('project.abc')}</dt>
            <dd>
              <Amount decimal={project.abc} />
            </dd>
          </div>
          <div>
            <dt>{pt('project.awardAmount')}</dt>
            <dd>
              <Amount decimal={project.awardAmount} />
            </dd>
          </div>
          <div>
            <dt>{pt('project.contractAmount')}</dt>
            <dd>
              <Amount decimal={project.contractAmount} />
            </dd>
          </div>
          <div>
            <dt>{pt('project.supplier')}</dt>
            <dd>{project.supplier ? <InLang text={project.supplier} /> : pt('project.notYet')}</dd>
          </div>
          {project.section38.category ? (
            <div>
              <dt>{pt('project.category')}</dt>
              <dd>{pt(categoryKey(project.section38.category))}</dd>
            </div>
          ) : null}
          {project.appCode ? (
            <div>
              <dt>{pt('project.appCode')}</dt>
              <dd>{project.appCode}</dd>
            </div>
          ) : null}
        </dl>
      </section>
      <ProjectConferences
        section38={project.section38}
        abc={project.abc}
        conferences={project.conferences}
        observers={project.observers}
      />
      <AbstractOfBids bids={project.bids} />
      {project.amendments.length > 0 ? (
        <ContractAmountPath amendments={project.amendments} />
      ) : null}
      <RedFlagsOfProcess flags={project.flags} />
      <section aria-labelledby="project-dates">
        <h2 id="project-dates">{pt('project.dates')}</h2>
        <ProjectDates dates={project.dates} />
      </section>
      <section aria-labelledby="project-timeline">
        <h2 id="project-timeline">{pt('project.timeline')}</h2>
        {timelineIsEmpty(project) ? (
          <p>{pt('project.noNotices')}</p>
        ) : (
          <ProjectTimeline project={project} />
        )}
        {project.moves.map((move) => (
          <p key={`${move.collection}-${move.id}-${move.at}`} className="record-hint">
            {pt('project.moved', {
              direction: pt(move.to === project.ocid ? 'project.movedIn' : 'project.movedOut'),
              date: formatManilaDate(move.at, lang),
              reason: move.reason,
            })}
          </p>
        ))}
      </section>
      <p>
        {prich('project.openData', {
          api: <a href={api}>JSON</a>,
          ocds: <a href={ocds}>{project.ocid}</a>,
        })}
      </p>
    </Page>
  );
}
