import { Form } from 'react-router-dom';
import type { DisclosureFrequency } from '../../shared/full-disclosure/full-disclosure.ts';
import type {
  DisclosureGrid,
  DisclosureRow,
} from '../../shared/full-disclosure/full-disclosure-grid.ts';
import { Localized } from '../components/content/Localized.tsx';
import { DisclosureCellContent } from './DisclosureCellContent.tsx';
import { useI18n } from '../i18n/useI18n.tsx';
import type { MessageKey } from '../../shared/i18n/messages-en.ts';

const SECTIONS: { frequency: DisclosureFrequency; heading: MessageKey }[] = [
  { frequency: 'annual', heading: 'disclosure.annual' },
  { frequency: 'quarterly', heading: 'disclosure.quarterly' },
];

function DisclosureTable({ rows, caption }: { rows: DisclosureRow[]; caption: string }) {
  const { t } = useI18n();
  const periods = rows[0]?.cells.map((cell) => cell.period) ?? [];
  return (
    <table className="record-table disclosure-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('disclosure.document')}</th>
          {periods.map((period) => (
            <th key={period} scope="col">
              {period}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <th scope="row" className="disclosure-type">
              <span className="disclosure-type-name">
                <Localized text={row.name} />
              </span>
              <span className="disclosure-basis">
                <Localized text={row.basis} />
              </span>
            </th>
            {row.cells.map((cell) => (
              <td key={cell.period} data-label={cell.period}>
                <DisclosureCellContent cell={cell} typeName={row.name} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A year's grid of document types by period, annual and quarterly types apart (they have
 * different periods). A real table for screen readers and wide screens; on a phone each
 * type is a card whose periods carry their names, as the record lists do.
 */
export function DisclosureGridTables({
  grid,
  headingLevel = 2,
}: {
  grid: DisclosureGrid;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { t } = useI18n();
  return (
    <>
      {SECTIONS.map(({ frequency, heading }) => {
        const rows = grid.types.filter((type) => type.frequency === frequency);
        if (rows.length === 0) return null;
        const id = `disclosure-${frequency}`;
        return (
          <section key={frequency} aria-labelledby={id} className="disclosure-section">
            <Heading id={id}>{`${t(heading)}, ${grid.year}`}</Heading>
            <DisclosureTable
              rows={rows}
              caption={t('disclosure.caption', { heading: t(heading), year: grid.year })}
            />
          </section>
        );
      })}
    </>
  );
}

/**
 * The year picker: a plain GET form, so it works without JavaScript (with it, the router
 * loads the year without a full page load). A year asked for by URL is offered too.
 */
export function DisclosureYearForm({
  grid,
  action,
  id,
}: {
  grid: DisclosureGrid;
  action: string;
  id: string;
}) {
  const years = grid.years.includes(grid.year) ? grid.years : [grid.year, ...grid.years];
  const { t, localPath } = useI18n();
  return (
    <Form method="get" action={localPath(action)} className="disclosure-year-form">
      <label htmlFor={id}>{t('disclosure.fiscalYear')}</label>
      <select id={id} name="year" defaultValue={grid.year} key={grid.year}>
        {years.map((year) => (
          <option key={year} value={year}>
            {year}
            {year === grid.currentYear ? t('disclosure.current') : ''}
          </option>
        ))}
      </select>
      <button type="submit" className="button">
        {t('disclosure.show')}
      </button>
    </Form>
  );
}

/** "12 posted, 3 due, 5 overdue, 40 not yet due". */
export function DisclosureCounts({ grid }: { grid: DisclosureGrid }) {
  const { counts } = grid;
  const { t } = useI18n();
  return (
    <ul className="disclosure-counts" aria-label={t('disclosure.summary', { year: grid.year })}>
      <li className="disclosure-count disclosure-state-posted">
        <strong>{counts.posted}</strong> {t('disclosure.countPosted')}
      </li>
      <li className="disclosure-count disclosure-state-due">
        <strong>{counts.due}</strong> {t('disclosure.countDue')}
      </li>
      <li className="disclosure-count disclosure-state-overdue">
        <strong>{counts.overdue}</strong> {t('disclosure.countOverdue')}
      </li>
      <li className="disclosure-count disclosure-state-not-yet-due">
        <strong>{counts['not-yet-due']}</strong> {t('disclosure.countNotYetDue')}
      </li>
      {counts['not-tracked'] > 0 ? (
        <li className="disclosure-count disclosure-state-not-tracked">
          <strong>{counts['not-tracked']}</strong> {t('disclosure.countNotTracked')}
        </li>
      ) : null}
    </ul>
  );
}
