import { Form } from 'react-router-dom';
import { formatManilaDateTime } from '../../shared/manila-time.ts';
import type { StaffAccount } from '../../shared/staff-accounts/staff-accounts.ts';
import type { StaffMessageKey } from '../../shared/i18n/staff-messages-en.ts';
import { useStaffI18n } from '../i18n/useStaffI18n.ts';
import { roleNames } from '../staff/role-names.ts';
import { PasswordChoiceInputs, RoleInputs } from './AccountInputs.tsx';

function accountStatus(account: StaffAccount): StaffMessageKey {
  if (!account.active) return 'staff.accounts.disabled';
  if (account.awaitingPassword) return 'staff.accounts.awaiting';
  // Enabled is not usable: a link revoked by disabling (or run out) leaves no password to sign in with.
  return account.passwordSet ? 'staff.accounts.active' : 'staff.accounts.needsLink';
}

/** One account: what it is, and its actions as plain forms posted to /staff/accounts. */
export function AccountItem({
  account,
  index,
  csrfToken,
  busy,
}: {
  account: StaffAccount;
  index: number;
  csrfToken: string;
  busy: boolean;
}) {
  const { t, lang } = useStaffI18n();
  const id = `account-${index}`;
  const hidden = (
    <>
      <input type="hidden" name="_csrf" value={csrfToken} />
      <input type="hidden" name="email" value={account.email} />
    </>
  );
  const whose = (
    <span className="visually-hidden">{t('staff.accounts.of', { name: account.displayName })}</span>
  );
  return (
    <li className="staff-account">
      <h3>{account.displayName}</h3>
      <dl>
        <dt>{t('staff.accounts.field.email')}</dt>
        <dd>{account.email}</dd>
        <dt>{t('staff.accounts.field.roles')}</dt>
        <dd>{roleNames(t, account.roles)}</dd>
        <dt>{t('staff.accounts.status')}</dt>
        <dd>{t(accountStatus(account))}</dd>
        <dt>{t('staff.accounts.lastSignIn')}</dt>
        <dd>
          {account.lastSignIn
            ? formatManilaDateTime(account.lastSignIn, lang)
            : t('staff.accounts.never')}
        </dd>
      </dl>
      <details>
        <summary>
          {t('staff.accounts.changeRoles')}
          {whose}
        </summary>
        <Form method="post">
          {hidden}
          <fieldset>
            <legend>{t('staff.accounts.rolesOf', { name: account.displayName })}</legend>
            <RoleInputs idPrefix={`${id}-role`} held={account.roles} />
          </fieldset>
          <button
            type="submit"
            name="intent"
            value="roles"
            className="button button-primary"
            disabled={busy}
          >
            {t('staff.accounts.saveRoles')}
            {whose}
          </button>
        </Form>
      </details>
      <details>
        <summary>
          {t('staff.accounts.resetPassword')}
          {whose}
        </summary>
        <Form method="post">
          {hidden}
          <p>{t('staff.accounts.resetHint')}</p>
          <fieldset>
            <legend>{t('staff.accounts.newPasswordFor', { name: account.displayName })}</legend>
            <PasswordChoiceInputs idPrefix={`${id}-password`} checked="link" />
          </fieldset>
          <button
            type="submit"
            name="intent"
            value="reset"
            className="button button-primary"
            disabled={busy}
          >
            {t('staff.accounts.resetPassword')}
            {whose}
          </button>
        </Form>
      </details>
      <Form method="post" className="button-row">
        {hidden}
        <button
          type="submit"
          name="intent"
          value={account.active ? 'disable' : 'enable'}
          className="button button-secondary"
          disabled={busy}
        >
          {t(account.active ? 'staff.accounts.disable' : 'staff.accounts.enable')}
          <span className="visually-hidden"> {account.displayName}</span>
        </button>
      </Form>
    </li>
  );
}
