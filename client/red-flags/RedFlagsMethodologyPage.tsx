import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { indicatorNameKey, indicatorRuleKey } from '../../shared/red-flags/red-flag-messages-en.ts';
import {
  RED_FLAG_INDICATORS,
  RED_FLAGS_PATH,
  type RedFlagIndicator,
  type RedFlagsContent,
} from '../../shared/red-flags/red-flags.ts';
import { pesosFromDecimal } from '../../shared/money.ts';
import { Localized } from '../components/content/Localized.tsx';
import { Page } from '../components/page/Page.tsx';
import { services } from '../services-context.ts';
import './red-flags.css';
import { useRedFlagText } from './useRedFlagText.ts';

export async function methodologyLoader({ context }: LoaderFunctionArgs) {
  const [redFlags, bidsAndAwards] = await Promise.all([
    services(context).contentPart('redFlags'),
    services(context).contentPart('bidsAndAwards'),
  ]);
  return { redFlags, headerImage: bidsAndAwards.headerImage };
}

/** The values a rule's sentence names: its thresholds as content/red-flags.json sets them. */
function ruleValues(
  indicator: RedFlagIndicator,
  content: RedFlagsContent,
): Record<string, string | number> {
  const competitive = { modes: content.competitiveModes.join(', ') };
  const { indicators } = content;
  switch (indicator) {
    case 'single-bidder':
      return competitive;
    case 'split-purchase': {
      const { windowDays, ceiling, modes } = indicators['split-purchase'];
      return { windowDays, ceiling: pesosFromDecimal(ceiling), modes: modes.join(', ') };
    }
    case 'failed-bidder-negotiated':
      return { modes: indicators['failed-bidder-negotiated'].modes.join(', ') };
    case 'bid-near-abc':
      return { percentOfAbc: indicators['bid-near-abc'].percentOfAbc };
    case 'short-posting':
      return { minimumDays: indicators['short-posting'].minimumDays };
    case 'contract-increase': {
      const { totalIncreasePercent, windowDays } = indicators['contract-increase'];
      return { totalIncreasePercent, windowDays };
    }
    case 'supplier-concentration':
      return { sharePercent: indicators['supplier-concentration'].sharePercent };
    case 'all-but-winner-disqualified':
    case 'impossible-dates':
      return {};
  }
}

/**
 * /red-flags/methodology: each indicator in plain words, the threshold the municipality
 * set for it (read from content/red-flags.json, so the page never disagrees with what is
 * computed) and the rule or guidance it follows.
 */
export function RedFlagsMethodologyPage() {
  const { redFlags, headerImage } = useLoaderData<typeof methodologyLoader>();
  const { ft, localPath } = useRedFlagText();
  return (
    <Page
      title={ft('methodology.title')}
      description={ft('methodology.description')}
      headerImage={headerImage}
    >
      <p className="lead">{ft('methodology.lead')}</p>
      {RED_FLAG_INDICATORS.map((indicator) => (
        <section key={indicator} className="red-flags-indicator" aria-labelledby={indicator}>
          <h2 id={indicator}>{ft(indicatorNameKey(indicator))}</h2>
          <dl className="red-flags-method">
            <dt>{ft('methodology.rule')}</dt>
            <dd>{ft(indicatorRuleKey(indicator), ruleValues(indicator, redFlags))}</dd>
            <dt>{ft('methodology.basis')}</dt>
            <dd>
              <Localized text={redFlags.indicators[indicator].basis} />
            </dd>
          </dl>
        </section>
      ))}
      <p>
        <Link to={localPath(RED_FLAGS_PATH)}>{ft('methodology.back')}</Link>
      </p>
    </Page>
  );
}
