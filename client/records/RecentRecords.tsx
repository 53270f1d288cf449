import { Link } from 'react-router-dom';
import type { RecentRecord } from '../../shared/records/record-detail.ts';
import { kindByCollection } from '../../shared/record-kinds.ts';
import { ManilaTime } from '../components/time/ManilaTime.tsx';
import { recordPath } from '../../shared/records/record-path.ts';
import { localize } from '../../shared/i18n/localized-text.ts';
import { useStaffI18n } from '../i18n/useStaffI18n.ts';
import { changeSearch } from './record-change.ts';

/**
 * The newest records of every kind, each with its public page and, while it is published,
 * Edit and Withdraw. Both are plain links to this page with the record named in the URL,
 * so they work without JavaScript and can be opened in a new tab.
 */
export function RecentRecords({ records }: { records: RecentRecord[] }) {
  const { t, rich, localPath, lang } = useStaffI18n();
  if (records.length === 0) return <p>{t('staff.input.noRecords')}</p>;
  return (
    <ul className="recent-records">
      {records.map((record) => {
        const kind = kindByCollection(record.collection);
        if (!kind) return null;
        const withdrawn = record.status === 'withdrawn';
        return (
          <li key={`${record.collection}/${record.id}`} className="recent-record">
            <p className="recent-record-title">
              <Link to={localPath(recordPath(kind, record.id))}>{record.title}</Link>
            </p>
            <p className="recent-record-meta">
              {rich('staff.input.recordMeta', {
                kind: localize(kind.label, lang).text,
                time: <ManilaTime iso={record.created} />,
              })}
              {withdrawn
                ? t('staff.input.withdrawnMark')
                : record.version > 1
                  ? t('staff.input.amendedMark')
                  : ''}
            </p>
            {withdrawn ? null : (
              <p className="recent-record-actions">
                <Link
                  to={{ search: changeSearch('edit', record), hash: 'change-record' }}
                  className="button button-secondary"
                >
                  {t('staff.change.edit')}
                  <span className="visually-hidden"> {record.title}</span>
                </Link>
                <Link
                  to={{ search: changeSearch('withdraw', record), hash: 'change-record' }}
                  className="button button-secondary"
                >
                  {t('staff.change.withdraw')}
                  <span className="visually-hidden"> {record.title}</span>
                </Link>
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
