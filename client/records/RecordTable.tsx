import { Link } from 'react-router-dom';
import { InLang } from '../components/content/InLang.tsx';
import type { ListedRecord, ProcurementRecord } from '../../shared/records/list-query.ts';
import { useProjectPath } from '../procurement-projects/useProjectPath.ts';
import type { FieldName, RecordKind } from '../../shared/record-kinds.ts';
import { isRecordLink } from '../../shared/records/record-validation.ts';
import { ExternalIcon } from '../components/icons.tsx';
import { ManilaTime } from '../components/time/ManilaTime.tsx';
import { recordPath } from '../../shared/records/record-path.ts';
import { useI18n } from '../i18n/useI18n.tsx';
import { useKindText } from '../i18n/useKindText.ts';

function text(record: ProcurementRecord, field: FieldName): string {
  const value = record[field];
  return typeof value === 'string' ? value : '';
}

/**
 * The seed's columns in order, Date Posted, and Click to View. A real table for screen
 * readers and wide screens; on a phone the stylesheet stacks each row into a card and
 * labels each cell from its `data-label`, so the page never scrolls sideways.
 */
export function RecordTable({
  kind,
  items,
  caption,
}: {
  kind: RecordKind;
  items: ListedRecord[];
  caption: string;
}) {
  const { t, localPath } = useI18n();
  const { fieldLabel } = useKindText(kind);
  const datePosted = t('list.datePosted');
  const clickToView = t('list.clickToView');
  const projectPath = useProjectPath();
  return (
    <table className="record-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {kind.columns.map((column) => (
            <th key={column} scope="col">
              {fieldLabel(column)}
            </th>
          ))}
          <th scope="col">{datePosted}</th>
          <th scope="col">{clickToView}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((record) => {
          const link = text(record, 'link');
          const name = text(record, kind.nameField);
          const project = projectPath(record.project);
          return (
            <tr key={record.id}>
              {kind.columns.map((column) => (
                <td key={column} data-label={fieldLabel(column)}>
                  {column === kind.nameField ? (
                    <>
                      <Link to={localPath(recordPath(kind, record.id))}>
                        {name ? (
                          <InLang text={name} />
                        ) : (
                          t('list.recordFallback', { id: record.id })
                        )}
                      </Link>
                      {/* The whole process this notice is one step of (issue 34). */}
                      {project ? (
                        <Link className="record-project-link" to={project}>
                          {t('list.wholeProcurement')}
                        </Link>
                      ) : null}
                    </>
                  ) : (
                    // Typed by the committee in English or Filipino, whatever the page's language.
                    <InLang text={text(record, column)} />
                  )}
                </td>
              ))}
              <td data-label={datePosted}>
                <ManilaTime iso={record.created} />
              </td>
              <td className="record-view" data-label={clickToView}>
                {/* Rows written straight into the database skip validation: link only a web address or a hosted document. */}
                {isRecordLink(link) ? (
                  <a
                    href={link}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="record-view-link"
                    aria-label={t('list.viewDocument', { name })}
                  >
                    <ExternalIcon />
                  </a>
                ) : (
                  <span className="record-view-missing">{t('list.noValidLink')}</span>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
