import { formatManilaDay, manilaDate } from '../../shared/manila-time.ts';
import type { ProjectCompletion } from '../../shared/procurement-projects/project-completion.ts';
import { InLang } from '../components/content/InLang.tsx';
import { useProjectText } from './useProjectText.ts';
import { HostedDocumentDetails } from '../records/HostedDocumentDetails.tsx';

/** Whole days from the Manila day of an instant to a Manila calendar day. */
function daysToDay(fromIso: string, day: string): number {
  return Math.round(
    (Date.parse(`${day}T00:00:00Z`) - Date.parse(`${manilaDate(fromIso)}T00:00:00Z`)) / 86_400_000,
  );
}

/**
 * The completion among the project's dates: a Manila calendar day (not an instant, so not
 * shown with a time), with the days since the date before it (the Notice to Proceed's).
 */
export function CompletionDate({ day, previous }: { day: string | null; previous: string | null }) {
  const { lang, pt } = useProjectText();
  return (
    <div>
      <dt>{pt('project.completion')}</dt>
      <dd>
        {day ? formatManilaDay(day, lang) : pt('project.notYet')}
        {day && previous ? (
          <span className="project-days">
            {' '}
            ({pt('project.daysAfter', { days: daysToDay(previous, day) })})
          </span>
        ) : null}
      </dd>
    </div>
  );
}

/**
 * The completion as the timeline's last card: its day, its certificate with the SHA-256,
 * and each correction with the day it said before and the reason.
 */
export function CompletionNotice({ completion }: { completion: ProjectCompletion }) {
  const { lang, pt, prich } = useProjectText();
  const statements = [...completion.earlier, completion];
  return (
    <li className="project-notice">
      <h3>
        {formatManilaDay(completion.date, lang)}: {pt('project.completion.timeline')}
      </h3>
      {completion.document ? <HostedDocumentDetails document={completion.document} /> : null}
      {statements.slice(1).map((statement, index) => (
        <p key={statement.created} className="record-hint project-amendment-reason">
          {prich('project.completion.corrected', {
            date: formatManilaDay(manilaDate(statement.created), lang),
            previous: formatManilaDay(statements[index]!.date, lang),
            reason: <InLang text={statement.reason ?? ''} />,
          })}
        </p>
      ))}
    </li>
  );
}
