import { Link } from 'react-router-dom';
import type { DisclosureCell } from '../../shared/full-disclosure/full-disclosure-grid.ts';
import { sitePath } from '../../shared/full-disclosure/full-disclosure-paths.ts';
import { formatManilaDay } from '../../shared/manila-time.ts';
import { documentSize } from '../records/HostedDocumentDetails.tsx';
import { ManilaTime } from '../components/time/ManilaTime.tsx';
import { useI18n } from '../i18n/useI18n.tsx';
import type { LocalizedText } from '../../shared/i18n/localized-text.ts';
import { Localized } from '../components/content/Localized.tsx';

/** A Manila day (YYYY-MM-DD) as residents read it, inside a `<time>`. */
function ManilaDay({ day }: { day: string }) {
  const { lang } = useI18n();
  return <time dateTime={day}>{formatManilaDay(day, lang)}</time>;
}

/**
 * One period of one document type: the posted file (date, size, hash, link and its
 * history), or in words whether it is not yet due, due by its deadline or overdue. The
 * state is always written out, never shown by colour alone.
 */
export function DisclosureCellContent({
  cell,
  typeName,
}: {
  cell: DisclosureCell;
  typeName: LocalizedText;
}) {
  const { document } = cell;
  const i18n = useI18n();
  const { t, rich, localPath } = i18n;
  if (cell.state === 'posted' && document) {
    return (
      <div className="disclosure-posted">
        <p className="disclosure-state disclosure-state-posted">
          {rich('disclosure.postedOn', { time: <ManilaTime iso={document.postedAt} /> })}
          {document.version > 1 ? t('disclosure.corrected', { version: document.version }) : ''}
        </p>
        <p>
          <a href={sitePath(document.url)} type={document.mediaType}>
            {document.fileName}
            <span className="visually-hidden">
              {' '}
              (<Localized text={typeName} />, {cell.period})
            </span>
          </a>{' '}
          <span className="disclosure-size">{documentSize(document.bytes, i18n)}</span>
        </p>
        <p className="disclosure-hash">
          SHA-256 <code className="record-sha256">{document.sha256}</code>
        </p>
        {cell.permalink ? (
          <p>
            <Link to={localPath(sitePath(cell.permalink))}>
              {t('disclosure.history')}
              <span className="visually-hidden">
                {' '}
                {rich('disclosure.historyOf', {
                  name: <Localized text={typeName} />,
                  period: cell.period,
                })}
              </span>
            </Link>
          </p>
        ) : null}
      </div>
    );
  }
  if (cell.state === 'not-yet-due') {
    return (
      <p className="disclosure-state disclosure-state-not-yet-due">{t('disclosure.notYetDue')}</p>
    );
  }
  if (cell.state === 'not-tracked') {
    return (
      <p className="disclosure-state disclosure-state-not-tracked">{t('disclosure.notTracked')}</p>
    );
  }
  if (cell.state === 'due') {
    return (
      <p className="disclosure-state disclosure-state-due">
        {rich('disclosure.dueBy', { day: <ManilaDay day={cell.deadline} /> })}
      </p>
    );
  }
  return (
    <p className="disclosure-state disclosure-state-overdue">
      {rich('disclosure.overdueSince', {
        day: <ManilaTime iso={cell.overdueFrom} to="day" />,
      })}
    </p>
  );
}
