import type { RecordDetail } from '../../shared/records/record-detail.ts';
import type { RecordKind } from '../../shared/record-kinds.ts';
import { localize } from '../../shared/i18n/localized-text.ts';
import { useStaffI18n } from '../i18n/useStaffI18n.ts';
import { STAFF_PAGES } from '../staff/staff-pages.ts';
import { FormMessage } from '../staff/FormMessage.tsx';
import { ChangeForm } from '../staff/ChangeForm.tsx';
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
      <ChangeForm
        csrfToken={csrfToken}
        noValidate
        hidden={{
          intent: mode === 'edit' ? 'amend' : 'withdraw',
          collection: kind.collection,
          id: record.id,
          ...(mode === 'edit' ? { version: record.version } : {}),
        }}
        reason={{
          id: `${mode}-reason`,
          label: t('staff.change.reason'),
          hint: t(
            mode === 'edit' ? 'staff.change.editReasonHint' : 'staff.change.withdrawReasonHint',
          ),
          error: failure?.fieldErrors.reason,
          value: failure?.reason ?? '',
        }}
        submit={{
          label: t(mode === 'edit' ? 'staff.change.save' : 'staff.change.withdrawSubmit'),
          busy: submitting,
        }}
        cancel={{ to: localPath(STAFF_PAGES.input), label: t('staff.change.cancel') }}
      >
        {mode === 'edit' ? (
          <RecordFieldInputs
            kind={kind}
            idPrefix="amend"
            values={failure?.values ?? formValues(kind, record)}
            errors={failure?.fieldErrors ?? {}}
          />
        ) : null}
      </ChangeForm>
    </section>
  );
}
