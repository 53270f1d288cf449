import { ADVISORY_LABELS, SEVERITY_LABELS, type Advisory } from '../../../shared/advisories.ts';
import { ManilaTime } from '../records/ManilaTime.tsx';

/** How a changed value reads: times in Manila, the rest as they are. */
function changedValue(field: string, value: string) {
  return field === 'starts' || field === 'ends' ? <ManilaTime iso={value} to="minute" /> : value;
}

/**
 * One advisory in full: severity in words, title, text, when it runs, and, if it was
 * ended early or corrected, when and why. Its id is the anchor banners and the feed link to.
 */
export function AdvisoryArticle({ advisory }: { advisory: Advisory }) {
  return (
    <article
      id={`advisory-${advisory.id}`}
      className={`advisory-article advisory-article-${advisory.severity}`}
    >
      <h3>
        <span className="advisory-severity">{SEVERITY_LABELS[advisory.severity]}:</span>{' '}
        {advisory.title}
      </h3>
      <p>{advisory.text}</p>
      <p className="advisory-when">
        From <ManilaTime iso={advisory.starts} to="minute" /> to{' '}
        <ManilaTime iso={advisory.ends} to="minute" /> (Manila time).
      </p>
      {advisory.ended ? (
        <p className="advisory-when">
          <strong>Ended early</strong> on <ManilaTime iso={advisory.ended.at} to="minute" />:{' '}
          {advisory.ended.reason}
        </p>
      ) : null}
      {advisory.history.some((change) => change.action === 'amended') ? (
        <ul className="advisory-history">
          {advisory.history
            .filter((change) => change.action === 'amended')
            .map((change) => (
              <li key={change.version}>
                Corrected on <ManilaTime iso={change.at} to="minute" />: {change.reason} (
                {change.changes.map((item, index) => (
                  <span key={item.field}>
                    {index > 0 ? '; ' : ''}
                    {ADVISORY_LABELS[item.field]} was {changedValue(item.field, item.before)}
                  </span>
                ))}
                )
              </li>
            ))}
        </ul>
      ) : null}
    </article>
  );
}
