import { Form, Link } from 'react-router-dom';
import { useStaffI18n } from '../i18n/useStaffI18n.ts';
import { FormMessage } from './FormMessage.tsx';
import { DELETION_ROLE } from '../../shared/deletion.ts';
import { holdsRole, type StaffRole } from '../../shared/staff-roles.ts';
import { ReasonField } from './ReasonField.tsx';

/**
 * Whether the news and advisories pages offer an account deleting: to administrators alone
 * (shared/deletion.ts). The service checks the role whoever asks.
 */
export function offersDeletion(user: { roles: readonly StaffRole[] }): boolean {
  return holdsRole(user.roles, DELETION_ROLE);
}

/**
 * The administrator's form deleting a news item or an advisory posted by mistake
 * (shared/deletion.ts): what it does, the reason the audit log keeps, and the button. A
 * plain form posted to the page's action with intent "delete", so it works without JavaScript.
 */
export function DeleteForm({
  id,
  title,
  csrfToken,
  cancelTo,
  failure,
}: {
  id: string;
  title: string;
  csrfToken: string;
  cancelTo: string;
  failure: { message: string; reason: string; reasonError: string | undefined } | null;
}) {
  const { t } = useStaffI18n();
  return (
    <section aria-labelledby={`delete-heading-${id}`} className="change-record">
      <h2 id={`delete-heading-${id}`} className="staff-heading">
        {t('staff.delete.heading', { title })}
      </h2>
      <p>{t('staff.delete.explain')}</p>
      <FormMessage tone="error" message={failure?.message ?? null} />
      <Form method="post" className="staff-form">
        <input type="hidden" name="_csrf" value={csrfToken} />
        <input type="hidden" name="id" value={id} />
        <ReasonField
          id={`delete-reason-${id}`}
          label={t('staff.delete.reason.label')}
          hint={t('staff.delete.reason.hint')}
          value={failure?.reason ?? ''}
          error={failure?.reasonError}
        />
        <div className="button-row">
          <button type="submit" name="intent" value="delete" className="button button-primary">
            {t('staff.delete.button')}
          </button>
          <Link to={cancelTo} className="button button-secondary">
            {t('staff.news.cancel')}
          </Link>
        </div>
      </Form>
    </section>
  );
}
