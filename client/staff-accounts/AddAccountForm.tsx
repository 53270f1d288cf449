import { Form } from 'react-router-dom';
import { STAFF_ROLES } from '../../shared/staff-roles.ts';
import { useStaffI18n } from '../i18n/useStaffI18n.ts';
import { FieldError } from '../staff/FieldError.tsx';
import { FormMessage } from '../staff/FormMessage.tsx';
import { PasswordChoiceInputs, RoleInputs } from './AccountInputs.tsx';

/** What the add form held, given back with its refusal so nothing typed is lost. */
export interface AddValues {
  email: string;
  displayName: string;
  roles: string[];
  setPassword: string;
}

const EMPTY: AddValues = { email: '', displayName: '', roles: [], setPassword: 'link' };

const ADD_FIELD_TARGETS: Record<string, string> = {
  email: 'add-email',
  displayName: 'add-name',
  roles: `add-role-${STAFF_ROLES[0]}`,
  setPassword: 'add-password-link',
};

/** An error summary: each refusal linked to its field. */
function AddErrors({
  message,
  fieldErrors,
}: {
  message: string;
  fieldErrors: Record<string, string>;
}) {
  const { t } = useStaffI18n();
  const listed = Object.entries(fieldErrors).filter(([field]) => ADD_FIELD_TARGETS[field]);
  if (listed.length === 0) return <>{message}</>;
  return (
    <div className="error-summary">
      {t('staff.accounts.notAdded')}
      <ul>
        {listed.map(([field, text]) => (
          <li key={field}>
            <a href={`#${ADD_FIELD_TARGETS[field]}`}>{text}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Add an account: a refused add shows an error summary and keeps what was typed; the page
 * gives a done add a new key, so the form starts afresh.
 */
export function AddAccountForm({
  csrfToken,
  busy,
  refused,
}: {
  csrfToken: string;
  busy: boolean;
  refused: {
    message: string;
    fieldErrors: Record<string, string>;
    values: AddValues | null;
  } | null;
}) {
  const { t } = useStaffI18n();
  const values = refused?.values ?? EMPTY;
  const fieldErrors = refused?.fieldErrors ?? {};
  const fieldError = (field: string, id: string) => (
    <FieldError id={id} error={fieldErrors[field]} />
  );
  const invalid = (field: string, id: string) =>
    fieldErrors[field] ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};

  return (
    <section aria-labelledby="add-account-heading">
      <h2 id="add-account-heading" className="staff-heading">
        {t('staff.accounts.addHeading')}
      </h2>
      <FormMessage
        tone="error"
        message={refused ? <AddErrors message={refused.message} fieldErrors={fieldErrors} /> : null}
      />
      <Form method="post" className="staff-form" noValidate>
        <input type="hidden" name="_csrf" value={csrfToken} />
        <div className="form-field">
          <label htmlFor="add-email">{t('staff.accounts.field.email')}</label>
          <input
            id="add-email"
            name="email"
            type="email"
            autoComplete="off"
            spellCheck={false}
            defaultValue={values.email}
            {...invalid('email', 'add-email')}
          />
          {fieldError('email', 'add-email')}
        </div>
        <div className="form-field">
          <label htmlFor="add-name">{t('staff.accounts.field.displayName')}</label>
          <input
            id="add-name"
            name="displayName"
            type="text"
            autoComplete="off"
            defaultValue={values.displayName}
            {...invalid('displayName', 'add-name')}
          />
          {fieldError('displayName', 'add-name')}
        </div>
        <fieldset>
          <legend>{t('staff.accounts.field.roles')}</legend>
          {fieldError('roles', 'add-roles')}
          <RoleInputs idPrefix="add-role" held={values.roles} />
        </fieldset>
        <fieldset>
          <legend>{t('staff.accounts.field.setPassword')}</legend>
          {fieldError('setPassword', 'add-password')}
          <PasswordChoiceInputs idPrefix="add-password" checked={values.setPassword} />
        </fieldset>
        <div className="button-row">
          <button
            type="submit"
            name="intent"
            value="add"
            className="button button-primary"
            disabled={busy}
          >
            {t('staff.accounts.addButton')}
          </button>
        </div>
      </Form>
    </section>
  );
}
