import { ADVISORIES_PATH, type Advisory } from '../../shared/advisories/advisories.ts';
import { InLang } from '../components/content/InLang.tsx';
import { useI18n } from '../i18n/useI18n.tsx';
import { SEVERITY_KEYS } from './advisory-words.ts';
import { ManilaTime } from '../components/time/ManilaTime.tsx';
import { useCurrentAdvisories } from './useCurrentAdvisories.ts';

/**
 * The advisories running, at the top of every page (useCurrentAdvisories says which). A labelled
 * region, not an alert: it is there on arrival, so screen readers find it among the
 * landmarks without it interrupting or taking focus. Each banner starts with its severity
 * in words ("Warning:"), so nothing rests on its colour.
 */
export function AdvisoryBanners({ rendered }: { rendered: readonly Advisory[] }) {
  const advisories = useCurrentAdvisories(rendered);
  const { t, rich, localPath } = useI18n();
  if (advisories.length === 0) return null;
  return (
    <div className="advisories" role="region" aria-label={t('advisory.region')}>
      <ul>
        {advisories.map((advisory) => (
          <li key={advisory.id} className={`advisory advisory-${advisory.severity}`}>
            <p>
              <strong>{t(SEVERITY_KEYS[advisory.severity])}:</strong>{' '}
              <a href={localPath(`${ADVISORIES_PATH}#advisory-${advisory.id}`)}>
                <InLang text={advisory.title} />
              </a>
              {'. '}
              <InLang text={advisory.text} />{' '}
              <span className="advisory-until">
                {rich('advisory.until', { time: <ManilaTime iso={advisory.ends} /> })}
              </span>
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
