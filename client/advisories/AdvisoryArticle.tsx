import type { Advisory } from '../../shared/advisories/advisories.ts';
import { useI18n } from '../i18n/useI18n.tsx';
import { ADVISORY_FIELD_KEYS, SEVERITY_KEYS } from './advisory-words.ts';
import { ManilaTime } from '../components/time/ManilaTime.tsx';
import { HistoryStep } from '../components/history/ChangeHistory.tsx';

/** How a changed value reads: times in Manila, the rest as they are. */
function changedValue(field: string, value: string) {
  return field === 'starts' || field === 'ends' ? <ManilaTime iso={value} /> : value;
}

/**
 * One advisory in full: severity in words, title, text, when it runs, and, if it was
 * ended early or corrected, when and why. Its id is the anchor banners and the feed link to.
 */
export function AdvisoryArticle({ advisory }: { advisory: Advisory }) {
  const { t, rich } = useI18n();
  return (
    <article
      id={`advisory-${advisory.id}`}
      className={`advisory-article advisory-article-${advisory.severity}`}
    >
      <h3>
        <span className="advisory-severity">{t(SEVERITY_KEYS[advisory.severity])}:</span>{' '}
        {advisory.title}
      </h3>
      <p>{advisory.text}</p>
      <p className="advisory-when">
        {rich('advisory.when', {
          starts: <ManilaTime iso={advisory.starts} />,
          ends: <ManilaTime iso={advisory.ends} />,
        })}
      </p>
      {advisory.ended ? (
        <p className="advisory-when">
          <HistoryStep
            action={t('advisory.endedEarly')}
            at={advisory.ended.at}
            reason={advisory.ended.reason}
          />
        </p>
      ) : null}
      {advisory.history.some((change) => change.action === 'amended') ? (
        <ul className="advisory-history">
          {advisory.history
            .filter((change) => change.action === 'amended')
            .map((change) => (
              <li key={change.version}>
                {rich('advisory.corrected', {
                  time: <ManilaTime iso={change.at} />,
                  reason: change.reason,
                  changes: change.changes.map((item, index) => (
                    <span key={item.field}>
                      {index > 0 ? '; ' : ''}
                      {t('advisory.was', { field: t(ADVISORY_FIELD_KEYS[item.field]) })}{' '}
                      {changedValue(item.field, item.before)}
                    </span>
                  )),
                })}
              </li>
            ))}
        </ul>
      ) : null}
    </article>
  );
}
