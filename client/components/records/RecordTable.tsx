import { useId } from 'react';
import type { ProcurementRecord } from '../../../shared/list-query.ts';
import { fieldLabel, type FieldName, type RecordKind } from '../../../shared/record-kinds.ts';
import { isWebAddress } from '../../../shared/record-validation.ts';
import { ExternalIcon } from '../icons.tsx';

function text(record: ProcurementRecord, field: FieldName): string {
  const value = record[field];
  return typeof value === 'string' ? value : '';
}

/**
 * The seed's columns in order plus Click to View. The table scrolls inside its own box,
 * so a wide list never widens the page on a phone; the box is focusable so keyboard users
 * can scroll it too.
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
  const captionId = useId();
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling box must take focus so a keyboard can scroll it (WCAG 2.1.1)
    <div className="record-table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="record-table">
        <caption id={captionId} className="visually-hidden">
          {caption}
        </caption>
        <thead>
          <tr>
            {kind.columns.map((column) => (
              <th key={column} scope="col">
                {fieldLabel(kind, column)}
              </th>
            ))}
            <th scope="col">Click to View</th>
          </tr>
        </thead>
        <tbody>
          {items.map((record) => {
            const link = text(record, 'link');
            const name = text(record, kind.nameField);
            return (
              <tr key={record.id}>
                {kind.columns.map((column) => (
                  <td key={column}>{text(record, column)}</td>
                ))}
                <td className="record-view">
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
    </div>
  );
}
