import {
  data,
  Form,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router-dom';
import { formatManilaMinute } from '../../shared/manila-time.ts';
import {
  ACCOUNT_FIELD_LABELS,
  type AccountOutcome,
  type IssuedPassword,
  type PasswordChoice,
  type StaffAccount,
} from '../../shared/staff-accounts.ts';
import {
  holdsRole,
  isStaffRole,
  ROLE_LABELS,
  STAFF_ROLES,
  type StaffRole,
} from '../../shared/staff-roles.ts';
import { ApiError } from '../api-client.ts';
import { Page } from '../components/page/Page.tsx';
import { FormMessage } from '../components/staff/FormMessage.tsx';
import { StaffCard } from '../components/staff/StaffCard.tsx';
import { StaffNav } from '../components/staff/StaffNav.tsx';
import { services } from '../services-context.ts';
import { STAFF_PAGES } from '../staff/staff-pages.ts';
// Staff styles load with the staff pages only; the server links them when it renders one.
import '../styles/staff.css';

export async function loader({ context }: LoaderFunctionArgs) {
  const app = services(context);
  const session = await app.staffSession();
  if (!session.user) throw redirect(STAFF_PAGES.login);
  const base = { user: session.user, csrfToken: session.csrfToken, flash: session.flash };
  // The server refuses every account call but an administrator's; this only words the page.
  if (!holdsRole(session.user.roles, 'admin')) {
    return data({ ...base, accounts: null }, { status: 403 });
  }
  return { ...base, accounts: await app.staffAccounts() };
}

type Intent = 'add' | 'roles' | 'disable' | 'enable' | 'reset';

/** What the add form held, given back with its refusal so nothing typed is lost. */
interface AddValues {
  email: string;
  displayName: string;
  roles: string[];
  setPassword: string;
}

type ActionResult =
  | { intent: Intent; ok: true; email: string; message: string; issued: IssuedPassword | null }
  | {
      intent: Intent;
      ok: false;
      email: string;
      message: string;
      fieldErrors: Record<string, string>;
      values: AddValues | null;
    };

/** A session that ended meanwhile: on the server the services throw with statusCode 401, in the browser the API answers it. */
function signedOut(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 401;
  return (error as { statusCode?: unknown } | null)?.statusCode === 401;
}

const rolesOf = (form: FormData): StaffRole[] =>
  form.getAll('roles').map(String).filter(isStaffRole);

const roleNames = (roles: readonly StaffRole[]) => roles.join(', ');

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const app = services(context);
  const csrfToken = String(form.get('_csrf') ?? '');
  const intent = String(form.get('intent') ?? '') as Intent;
  const email = String(form.get('email') ?? '').trim();
  const setPassword = String(form.get('setPassword') ?? '') as PasswordChoice;
  const values: AddValues | null =
    intent === 'add'
      ? {
          email,
          displayName: String(form.get('displayName') ?? ''),
          roles: form.getAll('roles').map(String),
          setPassword,
        }
      : null;

  /** The outcome as the page shows it: what was done (and the secret, once), or why not. */
  function shown<T extends { account: StaffAccount; issued?: IssuedPassword }>(
    outcome: AccountOutcome<T>,
    done: (account: StaffAccount) => string,
  ) {
    if (outcome.ok) {
      const result: ActionResult = {
        intent,
        ok: true,
        email: outcome.account.email,
        message: done(outcome.account),
        issued: outcome.issued ?? null,
      };
      return result;
    }
    const { message, fieldErrors, status } = outcome;
    return data({ intent, ok: false, email, message, fieldErrors, values } satisfies ActionResult, {
      status,
    });
  }

  try {
    switch (intent) {
      case 'add':
        return shown(
          await app.addStaffAccount(
            {
              email,
              displayName: values!.displayName,
              roles: rolesOf(form),
              setPassword,
            },
            csrfToken,
          ),
          (account) => `Added ${account.email} with the roles: ${roleNames(account.roles)}.`,
        );
      case 'roles':
        return shown(
          await app.changeStaffAccount(email, { roles: rolesOf(form) }, csrfToken),
          (account) => `${account.email} now has the roles: ${roleNames(account.roles)}.`,
        );
      case 'disable':
      case 'enable':
        return shown(
          await app.changeStaffAccount(email, { disabled: intent === 'disable' }, csrfToken),
          (account) =>
            account.active
              ? `Enabled ${account.email}.`
              : `Disabled ${account.email}; its open sessions have ended.`,
        );
      case 'reset':
        return shown(
          await app.resetAccountPassword(email, setPassword, csrfToken),
          (account) =>
            `New password for ${account.email}: its open sessions have ended and its old password no longer works.`,
        );
      default:
        return data(
          {
            intent: 'add',
            ok: false,
            email,
            message: 'Nothing was changed: the form sent no known action.',
            fieldErrors: {},
            values: null,
          } satisfies ActionResult,
          { status: 400 },
        );
    }
  } catch (error) {
    if (signedOut(error)) throw redirect(STAFF_PAGES.login);
    throw error;
  }
}

/** The link or password, shown once, with what to do with it. */
function IssuedSecret({ email, issued }: { email: string; issued: IssuedPassword }) {
  return (
    <section className="change-record" aria-labelledby="issued-heading">
      <h2 id="issued-heading">
        {issued.password !== undefined ? 'The new password' : 'The set-password link'} for {email}
      </h2>
      <code className="issued-secret">{issued.password ?? issued.setPasswordLink}</code>
      <p>
        It is shown only this once and kept nowhere readable: copy it now and give it to its owner
        by a safe route (in person, by phone or a message separate from the e-mail address).
      </p>
      {issued.linkExpires ? (
        <p>
          The link works once, until {formatManilaMinute(issued.linkExpires)} (Manila time); its
          owner chooses a password with it.
        </p>
      ) : (
        <p>Its owner should keep it in a password manager.</p>
      )}
    </section>
  );
}

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
  const listed = Object.entries(fieldErrors).filter(([field]) => ADD_FIELD_TARGETS[field]);
  if (listed.length === 0) return <>{message}</>;
  return (
    <div className="error-summary">
      The account was not added:
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

function PasswordChoiceInputs({ idPrefix, checked }: { idPrefix: string; checked: string }) {
  return (
    <>
      <div className="choice">
        <input
          type="radio"
          id={`${idPrefix}-link`}
          name="setPassword"
          value="link"
          defaultChecked={checked !== 'generated'}
        />
        <label htmlFor={`${idPrefix}-link`}>
          A set-password link for its owner (works once, for 24 hours)
        </label>
      </div>
      <div className="choice">
        <input
          type="radio"
          id={`${idPrefix}-generated`}
          name="setPassword"
          value="generated"
          defaultChecked={checked === 'generated'}
        />
        <label htmlFor={`${idPrefix}-generated`}>A generated strong password</label>
      </div>
    </>
  );
}

function RoleInputs({ idPrefix, held }: { idPrefix: string; held: readonly string[] }) {
  return STAFF_ROLES.map((role) => (
    <div className="choice" key={role}>
      <input
        type="checkbox"
        id={`${idPrefix}-${role}`}
        name="roles"
        value={role}
        defaultChecked={held.includes(role)}
      />
      <label htmlFor={`${idPrefix}-${role}`}>{ROLE_LABELS[role]}</label>
    </div>
  ));
}

function accountStatus(account: StaffAccount): string {
  if (!account.active) return 'Disabled';
  return account.awaitingPassword ? 'Active; waiting for its owner to set a password' : 'Active';
}

function AccountItem({
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

/** Staff accounts for administrators: the list, the add form and each account's actions. */
export function Component() {
  const { user, csrfToken, flash, accounts } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const busy = useNavigation().state === 'submitting';
  const addRefused = result && !result.ok && result.intent === 'add' ? result : null;
  const otherRefused = result && !result.ok && result.intent !== 'add' ? result : null;
  const added = result?.ok && result.intent === 'add';
  // A refused add keeps what was typed; a done add starts the form afresh.
  const values: AddValues = addRefused?.values ?? {
    email: '',
    displayName: '',
    roles: [],
    setPassword: 'link',
  };
  const fieldErrors = addRefused?.fieldErrors ?? {};
  const fieldError = (field: string, id: string) =>
    fieldErrors[field] ? (
      <p className="field-error" id={`${id}-error`}>
        {fieldErrors[field]}
      </p>
    ) : null;
  const invalid = (field: string, id: string) =>
    fieldErrors[field] ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};

  return (
    <Page title="Staff accounts" description="Staff accounts and what each may do.">
      <StaffCard wide>
        <StaffNav user={user} csrfToken={csrfToken} />
        <FormMessage tone="success" message={result?.ok ? result.message : flash} />
        {accounts === null ? (
          <FormMessage
            tone="error"
            message="Your account cannot manage staff accounts: it needs the Administrator role. Ask an administrator."
          />
        ) : (
          <>
            {result?.ok && result.issued ? (
              <IssuedSecret email={result.email} issued={result.issued} />
            ) : null}
            <FormMessage tone="error" message={otherRefused?.message} />

            <section aria-labelledby="add-account-heading">
              <h2 id="add-account-heading" className="staff-heading">
                Add an account
              </h2>
              <FormMessage
                tone="error"
                message={
                  addRefused ? (
                    <AddErrors message={addRefused.message} fieldErrors={fieldErrors} />
                  ) : null
                }
              />
              <Form
                method="post"
                className="staff-form"
                noValidate
                key={added ? `added ${result.email}` : 'add'}
              >
                <input type="hidden" name="_csrf" value={csrfToken} />
                <div className="form-field">
                  <label htmlFor="add-email">{ACCOUNT_FIELD_LABELS.email}</label>
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
                  <label htmlFor="add-name">{ACCOUNT_FIELD_LABELS.displayName}</label>
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
                  <legend>{ACCOUNT_FIELD_LABELS.roles}</legend>
                  {fieldError('roles', 'add-roles')}
                  <RoleInputs idPrefix="add-role" held={values.roles} />
                </fieldset>
                <fieldset>
                  <legend>{ACCOUNT_FIELD_LABELS.setPassword}</legend>
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
                    Add account
                  </button>
                </div>
              </Form>
            </section>

            <section aria-labelledby="accounts-heading">
              <h2 id="accounts-heading" className="staff-heading">
                Accounts
              </h2>
              <ul className="staff-accounts">
                {accounts.map((account, index) => (
                  <AccountItem
                    key={`${account.email} ${account.roles.join()} ${String(account.active)}`}
                    account={account}
                    index={index}
                    csrfToken={csrfToken}
                    busy={busy}
                  />
                ))}
              </ul>
            </section>
          </>
        )}
      </StaffCard>
    </Page>
  );
}
