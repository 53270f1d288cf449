import { useEffect, useRef } from 'react';
import {
  data,
  Form,
  Link,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
  useRouteLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router-dom';
import { langOfPath } from '../../shared/i18n/languages.ts';
import { formatManilaClock } from '../../shared/manila-time.ts';
import { SIGN_IN_REFUSAL_KEYS, type SignInOutcome } from '../../shared/staff-services.ts';
import { Page } from '../components/page/Page.tsx';
import { ErrorLinks, FormMessage } from './FormMessage.tsx';
import { landingFor } from './staff-areas.ts';
import { PasswordField } from './PasswordField.tsx';
import { StaffCard } from './StaffCard.tsx';
import { staffFlash } from './staff-flash.ts';
import { staffI18n, useStaffI18n, type StaffI18n } from '../i18n/useStaffI18n.ts';
import type { RootData } from '../root-data.ts';
import { services } from '../services-context.ts';
import { STAFF_PAGES } from '../staff/staff-pages.ts';
// Staff styles load with the staff pages only; the server links them when it renders one.
import './staff.css';

export const SIGNED_OUT_PARAM = 'signed-out';
/** After a set-password link was used: the new password is ready to sign in with. */
export const PASSWORD_SET_PARAM = 'password-set';

/** The staff words in the language of the page a request is for (/fil/bac-login is Filipino). */
function requestI18n(request: Request): StaffI18n {
  return staffI18n(langOfPath(new URL(request.url).pathname));
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await services(context).staffSession();
  const i18n = requestI18n(request);
  if (session.user) throw redirect(i18n.localPath(landingFor(session.user.roles)));
  const params = new URL(request.url).searchParams;
  return {
    csrfToken: session.csrfToken,
    flash: params.has(SIGNED_OUT_PARAM)
      ? i18n.t('staff.login.signedOut')
      : params.has(PASSWORD_SET_PARAM)
        ? i18n.t('staff.login.passwordSet')
        : staffFlash(session.flash, i18n),
  };
}

/** Why a sign-in was refused, in the page's language, from the refusal's code. */
function refusal(outcome: Extract<SignInOutcome, { ok: false }>, { t, lang }: StaffI18n): string {
  if (outcome.code === 'TOO_MANY_ATTEMPTS' && outcome.retryAt) {
    return t('staff.login.throttled', { time: formatManilaClock(outcome.retryAt, lang) });
  }
  return t(SIGN_IN_REFUSAL_KEYS[outcome.code]);
}

/** The sign-in form's fields, by their input names, with their ids and labels. */
const LOGIN_FIELDS = [
  { name: 'email', id: 'login-email', label: 'staff.login.username' },
  { name: 'password', id: 'login-password', label: 'staff.login.password' },
] as const;

type LoginField = (typeof LOGIN_FIELDS)[number]['name'];

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const i18n = requestI18n(request);
  const email = String(form.get('email') ?? '');
  const password = String(form.get('password') ?? '');
  // A form sent with a field left empty says which, not "Wrong Credentials"; nothing is
  // tried, so it does not count as a failed sign-in either.
  const empty: LoginField[] = LOGIN_FIELDS.filter(
    ({ name }) => (name === 'email' ? email.trim() : password) === '',
  ).map(({ name }) => name);
  if (empty.length > 0) {
    const fields = LOGIN_FIELDS.filter(({ name }) => empty.includes(name))
      .map(({ label }) => i18n.t(label))
      .join(i18n.t('staff.login.and'));
    return data({ error: i18n.t('staff.login.fillIn', { fields }), empty }, { status: 400 });
  }
  const outcome = await services(context).signIn(
    { email, password },
    String(form.get('_csrf') ?? ''),
  );
  // The 'Login successful' flash waits in the session for the page this leads to, which is
  // in the language the form was sent from.
  if (outcome.ok) return redirect(i18n.localPath(landingFor(outcome.roles)), 303);
  return data(
    { error: refusal(outcome, i18n), empty: [] as LoginField[] },
    { status: outcome.status },
  );
}

export function Component() {
  const { csrfToken, flash } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const submitting = useNavigation().state === 'submitting';
  const { t, localPath } = useStaffI18n();
  // A forgotten password is reset by a mailed link only where the site sends mail, which is
  // when bid alerts are on; elsewhere an administrator resets it.
  const byMail = (useRouteLoaderData('root') as RootData | undefined)?.alertsEnabled === true;
  const empty = result?.empty ?? [];
  // A refusal takes the focus, so it is read and in view; it links to any empty field.
  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result) errorRef.current?.focus();
  }, [result]);
  const invalid = (name: LoginField) =>
    empty.includes(name) ? { 'aria-invalid': true as const } : {};
  return (
    <Page title={t('staff.login.title')} description={t('staff.login.description')}>
      <StaffCard>
        <FormMessage tone="success" message={result ? null : flash} />
        <FormMessage
          tone="error"
          ref={errorRef}
          message={
            result ? (
              <>
                <p>{result.error}</p>
                <ErrorLinks
                  problems={LOGIN_FIELDS.filter(({ name }) => empty.includes(name)).map(
                    ({ id, label }) => ({ fieldId: id, text: t(label) }),
                  )}
                />
              </>
            ) : null
          }
        />
        <Form method="post" className="staff-form">
          <input type="hidden" name="_csrf" value={csrfToken} />
          <div className="form-field">
            <label htmlFor="login-email">{t('staff.login.username')}</label>
            <p className="field-hint" id="login-email-hint">
              {t('staff.login.usernameHint')}
            </p>
            <input
              id="login-email"
              name="email"
              type="email"
              aria-describedby="login-email-hint"
              {...invalid('email')}
              autoComplete="username"
              inputMode="email"
              spellCheck={false}
            />
          </div>
          <PasswordField
            id="login-password"
            name="password"
            label={t('staff.login.password')}
            purpose="sign-in"
            invalid={empty.includes('password')}
          />
          <button type="submit" className="button button-primary" disabled={submitting}>
            {t('staff.login.submit')}
          </button>
        </Form>
        {byMail ? (
          <p>
            <Link to={localPath(STAFF_PAGES.forgotPassword)}>{t('staff.login.forgot')}</Link>
          </p>
        ) : null}
      </StaffCard>
    </Page>
  );
}
