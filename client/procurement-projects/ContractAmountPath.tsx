import { formatManilaDay } from '../../shared/manila-time.ts';
import { formatPesos, parseMoney, pesosFromDecimal } from '../../shared/money.ts';
import {
  amendmentChange,
  type ContractAmendment,
} from '../../shared/procurement-projects/contract-amendment.ts';
import { InLang } from '../components/content/InLang.tsx';
import { HostedDocumentDetails } from '../records/HostedDocumentDetails.tsx';
import { useProjectText } from './useProjectText.ts';

const centavosOf = (decimal: string | null): number | null => {
  const parsed = decimal === null ? undefined : parseMoney(decimal);
  return parsed?.ok ? parsed.centavos : null;
};

/** "+₱190,000.00 (+10.0%)": the sign always written, so a cut reads as one. */
function Change({ amendment }: { amendment: ContractAmendment }) {
  const { pt } = useProjectText();
  const change = amendmentChange(
    centavosOf(amendment.previousAmount),
    centavosOf(amendment.amount) ?? 0,
  );
  if (change.centavos === null) return null;
  const sign = change.centavos > 0 ? '+' : '';
  const percent =
    change.percent === null ? '–' : `${change.percent > 0 ? '+' : ''}${change.percent.toFixed(1)}%`;
  return (
    <p>
      {pt('project.amountPath.change', {
        amount: `${sign}${formatPesos(change.centavos)}`,
        percent,
      })}
    </p>
  );
}

/**
 * The contract amount's path (issue 34): the original amount (the Notice to Proceed's, else
 * the award's), then each amendment with its date, new amount, change and reason. A list of
 * cards styled like the timeline's, not a table, so it reads at 360 px without scrolling sideways.
 */
export function ContractAmountPath({ amendments }: { amendments: ContractAmendment[] }) {
  const { lang, pt, prich } = useProjectText();
  const original = amendments[0]?.previousAmount ?? null;
  return (
    <section aria-labelledby="project-amount-path">
      <h2 id="project-amount-path">{pt('project.amountPath')}</h2>
      <p>
        {original === null
          ? pt('project.amountPath.originalUnknown')
          : pt('project.amountPath.original', { amount: pesosFromDecimal(original) })}
      </p>
      <ol className="project-amendments">
        {amendments.map((amendment) => (
          <li key={`${amendment.date}-${amendment.created}`} className="project-amendment">
            <h3>
              {pt('project.amountPath.amendment', { date: formatManilaDay(amendment.date, lang) })}
            </h3>
            <p>
              {pt('project.amountPath.newAmount', { amount: pesosFromDecimal(amendment.amount) })}
            </p>
            <Change amendment={amendment} />
            <p className="project-amendment-reason">
              {prich('project.amountPath.reason', { reason: <InLang text={amendment.reason} /> })}
            </p>
            {amendment.document ? (
              <>
                <p>{pt('project.amountPath.document')}</p>
                <HostedDocumentDetails document={amendment.document} />
              </>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
