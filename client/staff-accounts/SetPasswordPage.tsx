import {
  data,
  Form,
  Link,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router-dom';
import { formatManilaDateTime } from '../../shared/manila-time.ts';
import { langOfPath, pathInLang } from '../../shared/i18n/languages.ts';
import {
  LINK_STATE_KEYS,
  PASSWORD_LENGTHS,
  PASSWORD_LINK_HOURS,
  PASSWORD_PROBLEM_KEYS,
  type SetPasswordOutcome,
} from '../../shared/staff-accounts/staff-accounts.ts';
import { staffI18n, useStaffI18n, type StaffI18n } from '../i18n/useStaffI18n.ts';
import { Page } from '../components/page/Page.tsx';
import { FormMessage } from '../staff/FormMessage.tsx';
import { PasswordField } from '../staff/PasswordField.tsx';
import { StaffCard } from '../staff/StaffCard.tsx';
import { services } from '../services-context.ts';
import { STAFF_PAGES } from '../staff/staff-pages.ts';
import { PASSWORD_SET_PARAM } from '../staff/StaffLoginPage.tsx';
// Staff styles load with the staff pages only; the server links them when it renders one.
import '../staff/staff.css';

/** A link that no longer works is gone for good: 410, with the reason on the page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = services(context);
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const [link, session] = await Promise.all([app.passwordLink(token), app.staffSession()]);
  const loaded = { token, link, csrfToken: session.csrfToken };
  return link.state === 'valid' ? loaded : data(loaded, { status: 410 });
}

interface Refused {
  message: string;
  fieldErrors: Record<string, string>;
}

/** Why the password was not set, in the page's language, from the services' code. */
function refusalText(t: StaffI18n['t'], code: Extract<SetPasswordOutcome, { ok: false }>['code']) {
  if (Object.hasOwn(PASSWORD_PROBLEM_KEYS, code)) {
    const problem = PASSWORD_PROBLEM_KEYS[code as keyof typeof PASSWORD_PROBLEM_KEYS];
    return t('staff.setPassword.refused', { problem: t(problem, PASSWORD_LENGTHS) });
  }
  return t(LINK_STATE_KEYS[code as keyof typeof LINK_STATE_KEYS], { hours: PASSWORD_LINK_HOURS });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  // The form posts to the page's own address, so /fil/… answers in Filipino.
  const lang = langOfPath(new URL(request.url).pathname);
  const { t } = staffI18n(lang);
  const password = String(form.get('password') ?? '');
  if (password !== String(form.get('confirm') ?? '')) {
    const message = t('staff.setPassword.differ');
    return data({ message, fieldErrors: { confirm: message } } satisfies Refused, { status: 400 });
  }
  const outcome = await services(context).setPasswordWithLink(
    String(form.get('token') ?? ''),
    password,
    String(form.get('_csrf') ?? ''),
  );
  if (outcome.ok) {
    return redirect(`${pathInLang(STAFF_PAGES.login, lang)}?${PASSWORD_SET_PARAM}`, 303);
  }
  const message = refusalText(t, outcome.code);
  // A refused password is shown beside its box too; a link that stopped working is not the box's.
  const fieldErrors: Record<string, string> = outcome.status === 400 ? { password: message } : {};
  return data({ message, fieldErrors } satisfies Refused, { status: outcome.status });
}

/** Whoever holds a valid set-password link chooses the account's password here, once. */
export function Component() {
  const { token, link, csrfToken } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const submitting = useNavigation().state === 'submitting';
  const { t, lang, localPath } = useStaffI18n();
  const title = t('staff.setPassword.title');
  const description = t('staff.setPassword.description');
  if (link.state !== 'valid' || !link.email) {
    const state = link.state === 'valid' ? 'unknown' : link.state;
    return (
      <Page title={title} description={description}>
        <StaffCard>
          <FormMessage
            tone="error"
            message={t(LINK_STATE_KEYS[state], { hours: PASSWORD_LINK_HOURS })}
          />
          <p>
            <Link to={localPath(STAFF_PAGES.login)}>{t('staff.setPassword.toSignIn')}</Link>
          </p>
        </StaffCard>
      </Page>
    );
  }
  const errors: Record<string, string> = refused?.fieldErrors ?? {};
  return (
    <Page title={title} description={description}>
      <StaffCard>
        <p>
          {t('staff.setPassword.intro', {
            email: link.email,
            time: formatManilaDateTime(link.expires!, lang),
          })}
        </p>
        <FormMessage tone="error" message={refused?.message} />
        <Form method="post" className="staff-form">
          <input type="hidden" name="_csrf" value={csrfToken} />
          <input type="hidden" name="token" value={token} />
          {/* For password managers, which save the new password under this name. */}
          <input type="hidden" name="username" autoComplete="username" value={link.email} />
          <PasswordField
            id="password"
            label={t('staff.setPassword.password')}
            purpose="new"
            hint={t('staff.setPassword.passwordHint', PASSWORD_LENGTHS)}
            error={errors.password}
          />
          <PasswordField
            id="confirm"
            label={t('staff.setPassword.confirm')}
            purpose="new"
            error={errors.confirm}
          />
          <button type="submit" className="button button-primary" disabled={submitting}>
            {t('staff.setPassword.submit')}
          </button>
        </Form>
      </StaffCard>
    </Page>
  );
}
