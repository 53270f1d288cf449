import { Link } from 'react-router-dom';
import type { ProcurementRecord } from '../../../shared/list-query.ts';
import { fieldLabel, type FieldName, type RecordKind } from '../../../shared/record-kinds.ts';
import { isWebAddress } from '../../../shared/record-validation.ts';
import { ExternalIcon } from '../icons.tsx';
import { ManilaTime } from './ManilaTime.tsx';
import { recordPath } from '../../../shared/record-path.ts';

function text(record: ProcurementRecord, field: FieldName): string {
  const value = record[field];
  return typeof value === 'string' ? value : '';
}

const DATE_POSTED = 'Date Posted';
const CLICK_TO_VIEW = 'Click to View';

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
  items: ProcurementRecord[];
  caption: string;
}) {
  return (
    <table className="record-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {kind.columns.map((column) => (
            <th key={column} scope="col">
              {fieldLabel(kind, column)}
            </th>
          ))}
          <th scope="col">{DATE_POSTED}</th>
          <th scope="col">{CLICK_TO_VIEW}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((record) => {
          const link = text(record, 'link');
          const name = text(record, kind.nameField);
          return (
            <tr key={record.id}>
              {kind.columns.map((column) => (
                <td key={column} data-label={fieldLabel(kind, column)}>
                  {column === kind.nameField ? (
                    <Link to={recordPath(kind, record.id)}>{name || `Record ${record.id}`}</Link>
                  ) : (
                    text(record, column)
                  )}
                </td>
              ))}
              <td data-label={DATE_POSTED}>
                <ManilaTime iso={record.created} />
              </td>
              <td className="record-view" data-label={CLICK_TO_VIEW}>
                {/* Rows written straight into the database skip validation: never link a non-web address. */}
                {isWebAddress(link) ? (
                  <a
                    href={link}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="record-view-link"
                    aria-label={`View the document for ${name} (opens in a new tab)`}
                  >
                    <ExternalIcon />
                  </a>
                ) : (
                  <span className="record-view-missing">No valid link</span>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
