import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatManilaDate, formatManilaDay } from '../../shared/manila-time.ts';
import { pesosFromDecimal } from '../../shared/money.ts';
import type { BidOutcome } from '../../shared/procurement-projects/bid.ts';
import { procurementPath } from '../../shared/procurement-projects/procurement-project.ts';
import type { AnsweredFlag } from '../../shared/red-flags/flag-answers.ts';
import {
  RED_FLAGS_METHODOLOGY_PATH,
  RED_FLAGS_PATH,
  type RedFlag,
} from '../../shared/red-flags/red-flags.ts';
import { supplierPath } from '../../shared/suppliers/suppliers.ts';
import { useProjectText } from '../procurement-projects/useProjectText.ts';

/** A date of a flag's facts: an instant (ISO 8601) or a Manila calendar day (YYYY-MM-DD). */
function useFactDate() {
  const { lang } = useProjectText();
  return (value: string) =>
    /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? formatManilaDay(value, lang)
      : formatManilaDate(value, lang);
}

/** A link to a project's page, named by its OCID. */
function ProjectLink({ ocid }: { ocid: string }) {
  const { localPath } = useProjectText();
  return <Link to={localPath(procurementPath(ocid))}>{ocid}</Link>;
}

/** A link to a supplier's page, named as the award spells it. */
function SupplierLink({ id, name }: { id: string; name: string }) {
  const { localPath } = useProjectText();
  return <Link to={localPath(supplierPath(id))}>{name}</Link>;
}

/** The facts of the flags that compare projects: the awards and bids they name, linked. */
function FactsAcross({ flag }: { flag: RedFlag }) {
  const { pt, prich } = useProjectText();
  const date = useFactDate();
  switch (flag.indicator) {
    case 'split-purchase': {
      const { facts } = flag;
      return (
        <>
          <p>
            {prich('project.flag.split-purchase.facts', {
              count: facts.awards.length,
              supplier: <SupplierLink id={facts.supplierId} name={facts.supplier} />,
              days: facts.days,
              windowDays: facts.windowDays,
              ceiling: pesosFromDecimal(facts.ceiling),
              total: pesosFromDecimal(facts.total),
            })}
          </p>
          <ul>
            {facts.awards.map((award) => (
              <li key={award.notice}>
                {prich('project.flag.split-purchase.award', {
                  project: <ProjectLink ocid={award.ocid} />,
                  amount: pesosFromDecimal(award.amount),
                  date: date(award.date),
                })}
              </li>
            ))}
          </ul>
        </>
      );
    }
    case 'supplier-concentration': {
      const { facts } = flag;
      return (
        <p>
          {prich('project.flag.supplier-concentration.facts', {
            supplier: <SupplierLink id={facts.supplierId} name={facts.supplier} />,
            value: pesosFromDecimal(facts.value),
            total: pesosFromDecimal(facts.total),
            mode: facts.mode,
            year: facts.year,
            percent: facts.percent,
            threshold: facts.threshold,
          })}
        </p>
      );
    }
    case 'failed-bidder-negotiated': {
      const { facts } = flag;
      return (
        <>
          <p>
            {prich('project.flag.failed-bidder-negotiated.facts', {
              supplier: <SupplierLink id={facts.supplierId} name={facts.supplier} />,
              amount: pesosFromDecimal(facts.award.amount),
              mode: facts.mode,
              date: date(facts.award.date),
            })}
          </p>
          <ul>
            {facts.failedBids.map((bid, index) => (
              <li key={`bid-${index}`}>
                {prich('project.flag.failed-bidder-negotiated.bid', {
                  project: <ProjectLink ocid={bid.ocid} />,
                  amount: pesosFromDecimal(bid.amount),
                  outcome: pt(`project.bids.outcome.${bid.outcome as BidOutcome}`),
                })}
              </li>
            ))}
            {facts.notices.map((notice) => (
              <li key={notice.notice}>
                {prich('project.flag.failed-bidder-negotiated.notice', {
                  project: <ProjectLink ocid={notice.ocid} />,
                  date: date(notice.date),
                })}
              </li>
            ))}
          </ul>
        </>
      );
    }
    default:
      return null;
  }
}

/** The facts that raised one flag, in a sentence or two a resident can check against the page. */
function Facts({ flag }: { flag: RedFlag }) {
  const { pt } = useProjectText();
  const date = useFactDate();
  switch (flag.indicator) {
    case 'split-purchase':
    case 'supplier-concentration':
    case 'failed-bidder-negotiated':
      return <FactsAcross flag={flag} />;
    case 'single-bidder':
      return <p>{pt('project.flag.single-bidder.facts', flag.facts)}</p>;
    case 'bid-near-abc':
      return (
        <p>
          {pt('project.flag.bid-near-abc.facts', {
            ...flag.facts,
            winningBid: pesosFromDecimal(flag.facts.winningBid),
            abc: pesosFromDecimal(flag.facts.abc),
          })}
        </p>
      );
    case 'short-posting':
      return (
        <p>
          {pt('project.flag.short-posting.facts', {
            ...flag.facts,
            posted: date(flag.facts.posted),
            bidOpening: date(flag.facts.bidOpening),
          })}
        </p>
      );
    case 'all-but-winner-disqualified':
      return (
        <p>
          {pt('project.flag.all-but-winner-disqualified.facts', {
            failed: flag.facts.failed,
            bidders: flag.facts.bidders,
          })}
          {flag.facts.lowestBidFailed
            ? ` ${pt('project.flag.all-but-winner-disqualified.lowest')}`
            : ''}
        </p>
      );
    case 'contract-increase': {
      const { closestDays, windowDays } = flag.facts;
      return (
        <p>
          {pt('project.flag.contract-increase.facts', {
            original: pesosFromDecimal(flag.facts.original),
            current: pesosFromDecimal(flag.facts.current),
            percent: flag.facts.percent,
            threshold: flag.facts.threshold,
            amendments: flag.facts.amendments,
          })}
          {closestDays !== null && closestDays <= windowDays
            ? ` ${pt('project.flag.contract-increase.close', { closestDays, windowDays })}`
            : ''}
        </p>
      );
    }
    case 'impossible-dates':
      return (
        <p>
          {pt(`project.flag.impossible-dates.${flag.facts.problem}`, {
            earlier: date(flag.facts.earlier),
            later: date(flag.facts.later),
          })}
        </p>
      );
  }
}

/**
 * The BAC's answer under its flag, with its date (Manila) and its earlier wordings, newest
 * first; nothing when not answered.
 */
function FlagAnswer({ answer }: { answer: AnsweredFlag['answer'] }) {
  const { pt, lang } = useProjectText();
  if (answer === null) return null;
  return (
    <div className="project-flag-answer">
      <h4>{pt('project.flag.answer', { date: formatManilaDate(answer.answered, lang) })}</h4>
      <p className="project-flag-answer-text">{answer.text}</p>
      {answer.history.length > 0 ? (
        <details>
          <summary>{pt('project.flag.answer.history', { count: answer.history.length })}</summary>
          <ol>
            {answer.history.map((earlier) => (
              <li key={earlier.answered}>
                <p>
                  <strong>
                    {pt('project.flag.answer.historyItem', {
                      date: formatManilaDate(earlier.answered, lang),
                    })}
                  </strong>
                </p>
                <p className="project-flag-answer-text">{earlier.text}</p>
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </div>
  );
}

/**
 * The red flags a project raises (issue 35), each with the facts that raised it, under words
 * that say what they are: reasons to read the documents again, not findings. Each shows the
 * BAC's answer under it; `after` adds to each flag (the staff page's answer form), `first`
 * telling the first flag of its indicator (dates out of order can be raised twice).
 */
export function RedFlagsOfProcess({
  flags,
  after,
}: {
  flags: AnsweredFlag[];
  after?: (flag: AnsweredFlag, first: boolean) => ReactNode;
}) {
  const { pt, localPath } = useProjectText();
  return (
    <section aria-labelledby="project-flags">
      <h2 id="project-flags">{pt('project.flags')}</h2>
      <p>{pt('project.flags.intro')}</p>
      <p>
        <Link to={localPath(RED_FLAGS_METHODOLOGY_PATH)}>{pt('project.flags.method')}</Link>
        {' · '}
        <Link to={localPath(RED_FLAGS_PATH)}>{pt('project.flags.all')}</Link>
      </p>
      {flags.length === 0 ? (
        <p>{pt('project.flags.none')}</p>
      ) : (
        <ul className="project-flags">
          {flags.map((flag, index) => (
            <li key={`${flag.indicator}-${index}`} className="project-flag">
              <h3>{pt(`project.flag.${flag.indicator}`)}</h3>
              <Facts flag={flag} />
              <FlagAnswer answer={flag.answer} />
              {after?.(
                flag,
                flags.findIndex((each) => each.indicator === flag.indicator) === index,
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
