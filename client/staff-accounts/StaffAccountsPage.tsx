import {
  data,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router-dom';
import {
  type AccountOutcome,
  type IssuedPassword,
  type PasswordChoice,
  type StaffAccount,
} from '../../shared/staff-accounts/staff-accounts.ts';
import { isStaffRole, type StaffRole } from '../../shared/staff-roles.ts';
import { Page } from '../components/page/Page.tsx';
import { AccountItem } from './AccountItem.tsx';
import { AddAccountForm, type AddValues } from './AddAccountForm.tsx';
import { IssuedSecret } from './IssuedSecret.tsx';
import { FormMessage } from '../staff/FormMessage.tsx';
import { StaffCard } from '../staff/StaffCard.tsx';
import { StaffNav } from '../staff/StaffNav.tsx';
import { langOfPath } from '../../shared/i18n/languages.ts';
import { refusalWords } from './account-words.ts';
import { shortRoleNames } from '../staff/role-names.ts';
import { staffI18n, useStaffI18n } from '../i18n/useStaffI18n.ts';
import { services } from '../services-context.ts';
import { refusedStatus, staffPageSession } from '../staff/staff-page-loader.ts';
// Staff styles load with the staff pages only; the server links them when it renders one.
import '../staff/staff.css';

export async function loader(args: LoaderFunctionArgs) {
  const { user, csrfToken, flash, allowed } = await staffPageSession(args, 'admin');
  const base = { user, csrfToken, flash };
  // The server refuses every account call but an administrator's; this only words the page.
  if (!allowed) return data({ ...base, accounts: null }, { status: 403 });
  return { ...base, accounts: await services(args.context).staffAccounts() };
}

type Intent = 'add' | 'roles' | 'disable' | 'enable' | 'reset';

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

const rolesOf = (form: FormData): StaffRole[] =>
  form.getAll('roles').map(String).filter(isStaffRole);

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const app = services(context);
  // The page's language: its forms post to its own address, /fil/staff/accounts in Filipino.
  const { t } = staffI18n(langOfPath(new URL(request.url).pathname));
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
    const { message, fieldErrors } = refusalWords(t, outcome, email);
    return data({ intent, ok: false, email, message, fieldErrors, values } satisfies ActionResult, {
      status: outcome.status,
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
          (account) =>
            t('staff.accounts.added', {
              email: account.email,
              roles: shortRoleNames(t, account.roles),
            }),
        );
      case 'roles':
        return shown(
          await app.changeStaffAccount(email, { roles: rolesOf(form) }, csrfToken),
          (account) =>
            t('staff.accounts.rolesChanged', {
              email: account.email,
              roles: shortRoleNames(t, account.roles),
            }),
        );
      case 'disable':
      case 'enable':
        return shown(
          await app.changeStaffAccount(email, { disabled: intent === 'disable' }, csrfToken),
          (account) =>
            t(account.active ? 'staff.accounts.enabled' : 'staff.accounts.disabledDone', {
              email: account.email,
            }),
        );
      case 'reset':
        return shown(await app.resetAccountPassword(email, setPassword, csrfToken), (account) =>
          t('staff.accounts.reset', { email: account.email }),
        );
      default:
        return data(
          {
            intent: 'add',
            ok: false,
            email,
            message: t('staff.accounts.unknownIntent'),
            fieldErrors: {},
            values: null,
          } satisfies ActionResult,
          { status: 400 },
        );
    }
  } catch (error) {
    refusedStatus(error, request);
    throw error;
  }
}

/** Staff accounts for administrators: the list, the add form and each account's actions. */
export function Component() {
  const { user, csrfToken, flash, accounts } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const busy = useNavigation().state === 'submitting';
  const addRefused = result && !result.ok && result.intent === 'add' ? result : null;
  const otherRefused = result && !result.ok && result.intent !== 'add' ? result : null;
  const added = result?.ok === true && result.intent === 'add';
  const { t } = useStaffI18n();
  return (
    <Page title={t('staff.accounts.title')} description={t('staff.accounts.description')}>
      <StaffCard wide>
        <StaffNav user={user} csrfToken={csrfToken} />
        <FormMessage tone="success" message={result?.ok ? result.message : flash} />
        {accounts === null ? (
          <FormMessage tone="error" message={t('staff.accounts.notAdmin')} />
        ) : (
          <>
            {result?.ok && result.issued ? (
              <IssuedSecret email={result.email} issued={result.issued} />
            ) : null}
            <FormMessage tone="error" message={otherRefused?.message} />

            <AddAccountForm
              key={added ? `added ${result.email}` : 'add'}
              csrfToken={csrfToken}
              busy={busy}
              refused={addRefused}
            />

            <section aria-labelledby="accounts-heading">
              <h2 id="accounts-heading" className="staff-heading">
                {t('staff.accounts.listHeading')}
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
