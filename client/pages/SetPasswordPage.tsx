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
import { formatManilaMinute } from '../../shared/manila-time.ts';
import { LINK_STATE_MESSAGES } from '../../shared/staff-accounts.ts';
import { Page } from '../components/page/Page.tsx';
import { FormMessage } from '../components/staff/FormMessage.tsx';
import { StaffCard } from '../components/staff/StaffCard.tsx';
import { services } from '../services-context.ts';
import { STAFF_PAGES } from '../staff/staff-pages.ts';
import { PASSWORD_SET_PARAM } from './StaffLoginPage.tsx';
// Staff styles load with the staff pages only; the server links them when it renders one.
import '../styles/staff.css';

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

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const password = String(form.get('password') ?? '');
  if (password !== String(form.get('confirm') ?? '')) {
    const message = 'The two passwords differ: type the same password in both boxes.';
    return data({ message, fieldErrors: { confirm: message } } satisfies Refused, { status: 400 });
  }
  const outcome = await services(context).setPasswordWithLink(
    String(form.get('token') ?? ''),
    password,
    String(form.get('_csrf') ?? ''),
  );
  if (outcome.ok) return redirect(`${STAFF_PAGES.login}?${PASSWORD_SET_PARAM}`, 303);
  return data({ message: outcome.message, fieldErrors: outcome.fieldErrors } satisfies Refused, {
    status: outcome.status,
  });
}

/** Whoever holds a valid set-password link chooses the account's password here, once. */
export function Component() {
  const { token, link, csrfToken } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const submitting = useNavigation().state === 'submitting';
  if (link.state !== 'valid' || !link.email) {
    const state = link.state === 'valid' ? 'unknown' : link.state;
    return (
      <Page title="Set your password" description="Set the password of a staff account.">
        <StaffCard>
          <FormMessage tone="error" message={LINK_STATE_MESSAGES[state]} />
          <p>
            <Link to={STAFF_PAGES.login}>Go to the staff sign-in</Link>
          </p>
        </StaffCard>
      </Page>
    );
  }
  const errors: Record<string, string> = refused?.fieldErrors ?? {};
  /** A refused field is marked invalid and described by its hint and its error. */
  const described = (field: string, hint?: string) => ({
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby':
      [hint, errors[field] ? `${field}-error` : undefined].filter(Boolean).join(' ') || undefined,
  });
  return (
    <Page title="Set your password" description="Set the password of a staff account.">
      <StaffCard>
        <p>
          Choose the password for <strong>{link.email}</strong>. This link works once, until{' '}
          {formatManilaMinute(link.expires!)} (Manila time).
        </p>
        <FormMessage tone="error" message={refused?.message} />
        <Form method="post" className="staff-form">
          <input type="hidden" name="_csrf" value={csrfToken} />
          <input type="hidden" name="token" value={token} />
          {/* For password managers, which save the new password under this name. */}
          <input type="hidden" name="username" autoComplete="username" value={link.email} />
          <div className="form-field">
            <label htmlFor="password">New password</label>
            <p className="field-hint" id="password-hint">
              At least 8 characters; 15 or more is better, and a few unrelated words are easy to
              remember. Not a commonly used password, and not your e-mail address.
            </p>
            <input
              id="password"
              name="password"
              type="password"
              autoComplete="new-password"
              {...described('password', 'password-hint')}
            />
            {errors.password ? (
              <p className="field-error" id="password-error">
                {errors.password}
              </p>
            ) : null}
          </div>
          <div className="form-field">
            <label htmlFor="confirm">Repeat the new password</label>
            <input
              id="confirm"
              name="confirm"
              type="password"
              autoComplete="new-password"
              {...described('confirm')}
            />
            {errors.confirm ? (
              <p className="field-error" id="confirm-error">
                {errors.confirm}
              </p>
            ) : null}
          </div>
          <button type="submit" className="button button-primary" disabled={submitting}>
            Set password
          </button>
        </Form>
      </StaffCard>
    </Page>
  );
}
