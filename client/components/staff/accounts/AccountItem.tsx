import { Form } from 'react-router-dom';
import { formatManilaMinute } from '../../../../shared/manila-time.ts';
import type { StaffAccount } from '../../../../shared/staff-accounts.ts';
import { ROLE_LABELS } from '../../../../shared/staff-roles.ts';
import { PasswordChoiceInputs, RoleInputs } from './AccountInputs.tsx';

function accountStatus(account: StaffAccount): string {
  if (!account.active) return 'Disabled';
  return account.awaitingPassword ? 'Active; waiting for its owner to set a password' : 'Active';
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
  const id = `account-${index}`;
  const hidden = (
    <>
      <input type="hidden" name="_csrf" value={csrfToken} />
      <input type="hidden" name="email" value={account.email} />
    </>
  );
  const whose = <span className="visually-hidden"> of {account.displayName}</span>;
  return (
    <li className="staff-account">
      <h3>{account.displayName}</h3>
      <dl>
        <dt>E-mail</dt>
        <dd>{account.email}</dd>
        <dt>Roles</dt>
        <dd>{account.roles.map((role) => ROLE_LABELS[role]).join('; ')}</dd>
        <dt>Status</dt>
        <dd>{accountStatus(account)}</dd>
        <dt>Last sign-in</dt>
        <dd>
          {account.lastSignIn ? `${formatManilaMinute(account.lastSignIn)} (Manila)` : 'Never'}
        </dd>
      </dl>
      <details>
        <summary>Change roles{whose}</summary>
        <Form method="post">
          {hidden}
          <fieldset>
            <legend>Roles of {account.displayName}</legend>
            <RoleInputs idPrefix={`${id}-role`} held={account.roles} />
          </fieldset>
          <button
            type="submit"
            name="intent"
            value="roles"
            className="button button-primary"
            disabled={busy}
          >
            Save roles{whose}
          </button>
        </Form>
      </details>
      <details>
        <summary>Reset password{whose}</summary>
        <Form method="post">
          {hidden}
          <p>
            The old password stops working and the account’s open sessions end. The new password is
            shown to you once.
          </p>
          <fieldset>
            <legend>New password for {account.displayName}</legend>
            <PasswordChoiceInputs idPrefix={`${id}-password`} checked="link" />
          </fieldset>
          <button
            type="submit"
            name="intent"
            value="reset"
            className="button button-primary"
            disabled={busy}
          >
            Reset password{whose}
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
          {account.active ? 'Disable' : 'Enable'}
          <span className="visually-hidden"> {account.displayName}</span>
        </button>
      </Form>
    </li>
  );
}
