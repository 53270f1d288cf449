import { Form, Link } from 'react-router-dom';
import type { RecordDetail } from '../../shared/records/record-detail.ts';
import type { RecordKind } from '../../shared/record-kinds.ts';
import { localize } from '../../shared/i18n/localized-text.ts';
import { useStaffI18n } from '../i18n/useStaffI18n.ts';
import { STAFF_PAGES } from '../staff/staff-pages.ts';
import { FormMessage } from '../staff/FormMessage.tsx';
import { ReasonField } from '../staff/ReasonField.tsx';
import { RecordFieldInputs } from './RecordFieldInputs.tsx';
import { formValues, type ChangeMode } from './record-change.ts';

/** What a failed amendment or withdrawal sends back: why, per field, and what was typed. */
export interface ChangeFailure {
  message: string;
  fieldErrors: Record<string, string>;
  values: Record<string, string>;
  reason: string;
}

/**
 * Edit or Withdraw one record: a real form post with the CSRF token, so it works without
 * JavaScript. Edit sends the version it was opened at, so a change made meanwhile by
 * someone else is refused rather than overwritten; what was typed is then kept.
 */
export function ChangeRecordPanel({
  mode,
  kind,
  record,
  csrfToken,
  failure,
  submitting,
}: {
  mode: ChangeMode;
  kind: RecordKind;
  record: RecordDetail;
  csrfToken: string;
  failure: ChangeFailure | null;
  submitting: boolean;
}) {
  const { t, localPath, lang } = useStaffI18n();
  const kindLabel = localize(kind.label, lang).text;
  const name = record[kind.nameField] ?? `${kindLabel} ${record.id}`;
  const headingId = 'change-record-heading';
  return (
    <section id="change-record" className="change-record" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {t(mode === 'edit' ? 'staff.change.editHeading' : 'staff.change.withdrawHeading', {
          name,
        })}
      </h2>
      <p className="field-hint">
        {t('staff.change.version', { kind: kindLabel, version: record.version })}{' '}
        {t(mode === 'edit' ? 'staff.change.editNote' : 'staff.change.withdrawNote')}
      </p>
      <FormMessage tone="error" message={failure?.message} />
      <Form method="post" className="staff-form" noValidate>
        <input type="hidden" name="_csrf" value={csrfToken} />
        <input type="hidden" name="intent" value={mode === 'edit' ? 'amend' : 'withdraw'} />
        <input type="hidden" name="collection" value={kind.collection} />
        <input type="hidden" name="id" value={record.id} />
        {mode === 'edit' ? (
          <>
            <input type="hidden" name="version" value={record.version} />
            <RecordFieldInputs
              kind={kind}
              idPrefix="amend"
              values={failure?.values ?? formValues(kind, record)}
              errors={failure?.fieldErrors ?? {}}
            />
          </>
        ) : null}
        <ReasonField
          id={`${mode}-reason`}
          label={t('staff.change.reason')}
          hint={t(
            mode === 'edit' ? 'staff.change.editReasonHint' : 'staff.change.withdrawReasonHint',
          )}
          error={failure?.fieldErrors.reason}
          value={failure?.reason ?? ''}
        />
        <div className="button-row">
          <button type="submit" className="button button-primary" disabled={submitting}>
            {t(mode === 'edit' ? 'staff.change.save' : 'staff.change.withdrawSubmit')}
          </button>
          <Link to={localPath(STAFF_PAGES.input)} className="button button-secondary">
            {t('staff.change.cancel')}
          </Link>
        </div>
      </Form>
    </section>
  );
}
