import { Link } from 'react-router-dom';
import {
  MAX_ADVISORY_TEXT,
  MAX_ADVISORY_TITLE,
  SEVERITIES,
  type Advisory,
  type AdvisoryField,
  type AdvisoryFieldErrors,
} from '../../shared/advisories/advisories.ts';
import { toDateTimeLocal } from '../../shared/manila-time.ts';
import { useI18n } from '../i18n/useI18n.tsx';
import { useStaffI18n } from '../i18n/useStaffI18n.ts';
import { STAFF_PAGES } from '../staff/staff-pages.ts';
import { FormMessage } from '../staff/FormMessage.tsx';
import { ChangeForm } from '../staff/ChangeForm.tsx';
import { FieldError } from '../staff/FieldError.tsx';
import { ADVISORY_FIELD_KEYS, SEVERITY_KEYS } from './advisory-words.ts';

// The forms of /staff/advisories: real HTML forms with the CSRF token, so they work without JavaScript.

/** A refused form: why, per field, and what was typed, so nothing is lost. */
export interface AdvisoryFormFailure {
  intent: 'post' | 'amend' | 'end';
  id: number | null;
  message: string;
  fieldErrors: AdvisoryFieldErrors;
  values: Partial<Record<string, string>>;
}

/** The advisory's own fields, labelled and described, each with its error beside it. */
export function AdvisoryFields({
  idPrefix,
  values,
  errors,
}: {
  idPrefix: string;
  values: Partial<Record<string, string>>;
  errors: AdvisoryFieldErrors;
}) {
  // The field and severity names are the public pages' words (the history and banners use them).
  const publicWords = useI18n();
  const { t } = useStaffI18n();
  const label = (name: AdvisoryField) => publicWords.t(ADVISORY_FIELD_KEYS[name]);
  const field = (name: AdvisoryField, hinted = false) => {
    const id = `${idPrefix}-${name}`;
    const error = errors[name];
    const describedBy = [hinted ? `${id}-hint` : '', error ? `${id}-error` : '']
      .filter(Boolean)
      .join(' ');
    return {
      id,
      name,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy || undefined,
      defaultValue: values[name] ?? '',
      required: true,
    };
  };
  const hint = (id: string, text: string) => (
    <p className="field-hint" id={`${id}-hint`}>
      {text}
    </p>
  );
  return (
    <>
      <div className="form-field">
        <label htmlFor={`${idPrefix}-severity`}>{label('severity')}</label>
        {hint(`${idPrefix}-severity`, t('staff.advisories.hint.severity'))}
        <select {...field('severity', true)}>
          {SEVERITIES.map((severity) => (
            <option key={severity} value={severity}>
              {publicWords.t(SEVERITY_KEYS[severity])}
            </option>
          ))}
        </select>
        <FieldError id={`${idPrefix}-severity`} error={errors.severity} />
      </div>
      <div className="form-field">
        <label htmlFor={`${idPrefix}-title`}>{label('title')}</label>
        <input type="text" maxLength={MAX_ADVISORY_TITLE} {...field('title')} />
        <FieldError id={`${idPrefix}-title`} error={errors.title} />
      </div>
      <div className="form-field">
        <label htmlFor={`${idPrefix}-text`}>{label('text')}</label>
        {hint(`${idPrefix}-text`, t('staff.advisories.hint.text', { max: MAX_ADVISORY_TEXT }))}
        <textarea rows={3} maxLength={MAX_ADVISORY_TEXT} {...field('text', true)} />
        <FieldError id={`${idPrefix}-text`} error={errors.text} />
      </div>
      {(['starts', 'ends'] as const).map((name) => (
        <div className="form-field" key={name}>
          <label htmlFor={`${idPrefix}-${name}`}>{label(name)}</label>
          {hint(`${idPrefix}-${name}`, t('staff.advisories.hint.time'))}
          <input type="datetime-local" {...field(name, true)} />
          <FieldError id={`${idPrefix}-${name}`} error={errors[name]} />
        </div>
      ))}
    </>
  );
}

/** Correct or end one advisory: two real forms with the CSRF token, the correction with its version. */
export function ChangeAdvisory({
  advisory,
  csrfToken,
  failure,
}: {
  advisory: Advisory;
  csrfToken: string;
  failure: AdvisoryFormFailure | null;
}) {
  const { t, localPath } = useStaffI18n();
  const mine = failure?.id === advisory.id ? failure : null;
  const amendFailure = mine?.intent === 'amend' ? mine : null;
  const endFailure = mine?.intent === 'end' ? mine : null;
  /** Why a correction or an early end is made; the public reads it on /advisories. */
  const reasonOf = (id: string, refused: AdvisoryFormFailure | null) => ({
    id,
    label: t('staff.advisories.reason.label'),
    hint: t('staff.advisories.reason.hint'),
    rows: 2,
    value: refused?.values.reason ?? '',
    error: refused?.fieldErrors.reason,
  });
  const stored = {
    severity: advisory.severity,
    title: advisory.title,
    text: advisory.text,
    starts: toDateTimeLocal(advisory.starts),
    ends: toDateTimeLocal(advisory.ends),
  };
  return (
    <section className="change-record" aria-labelledby={`change-${advisory.id}`}>
      <h3 id={`change-${advisory.id}`}>
        {t('staff.advisories.correct.heading', { title: advisory.title })}
      </h3>
      <FormMessage tone="error" message={amendFailure?.message ?? null} />
      <ChangeForm
        csrfToken={csrfToken}
        noValidate
        hidden={{ id: advisory.id, version: advisory.version }}
        reason={reasonOf(`amend-${advisory.id}-reason`, amendFailure)}
        submit={{ label: t('staff.advisories.correct.button'), intent: 'amend' }}
        inRow={false}
      >
        <AdvisoryFields
          idPrefix={`amend-${advisory.id}`}
          values={amendFailure?.values ?? stored}
          errors={amendFailure?.fieldErrors ?? {}}
        />
      </ChangeForm>
      <h3>{t('staff.advisories.end.heading', { title: advisory.title })}</h3>
      <FormMessage tone="error" message={endFailure?.message ?? null} />
      <ChangeForm
        csrfToken={csrfToken}
        noValidate
        hidden={{ id: advisory.id }}
        reason={reasonOf(`end-${advisory.id}-reason`, endFailure)}
        submit={{ label: t('staff.advisories.end.button'), intent: 'end' }}
        inRow={false}
      />
      <p>
        <Link to={localPath(STAFF_PAGES.advisories)}>{t('staff.advisories.close')}</Link>
      </p>
    </section>
  );
}
