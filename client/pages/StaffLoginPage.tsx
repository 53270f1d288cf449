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
import { Page } from '../components/page/Page.tsx';
import { FormMessage } from '../components/staff/FormMessage.tsx';
import { landingFor } from '../components/staff/staff-areas.ts';
import { StaffCard } from '../components/staff/StaffCard.tsx';
import { services } from '../services-context.ts';
// Staff styles load with the staff pages only; the server links them when it renders one.
import '../styles/staff.css';

export const SIGNED_OUT_PARAM = 'signed-out';
/** After a set-password link was used: the new password is ready to sign in with. */
export const PASSWORD_SET_PARAM = 'password-set';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await services(context).staffSession();
  if (session.user) throw redirect(landingFor(session.user.roles));
  const params = new URL(request.url).searchParams;
  return {
    csrfToken: session.csrfToken,
    flash: params.has(SIGNED_OUT_PARAM)
      ? 'You have signed out.'
      : params.has(PASSWORD_SET_PARAM)
        ? 'Your password is set. Sign in with it.'
        : session.flash,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const outcome = await services(context).signIn(
    { email: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') },
    String(form.get('_csrf') ?? ''),
  );
  // The 'Login successful' flash waits in the session for the page this leads to.
  if (outcome.ok) return redirect(landingFor(outcome.roles), 303);
  return data({ error: outcome.message }, { status: outcome.status });
}

export function Component() {
  const { csrfToken, flash } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const submitting = useNavigation().state === 'submitting';
  return (
    <Page title="Login" description="Sign-in for staff of the Bids and Awards Committee.">
      <StaffCard>
        <FormMessage tone="success" message={result ? null : flash} />
        <FormMessage tone="error" message={result?.error} />
        <Form method="post" className="staff-form">
          <input type="hidden" name="_csrf" value={csrfToken} />
          <div className="form-field">
            <label htmlFor="login-email">Username</label>
            <p className="field-hint" id="login-email-hint">
              Your e-mail address
            </p>
            <input
              id="login-email"
              name="email"
              type="email"
              aria-describedby="login-email-hint"
              autoComplete="username"
              inputMode="email"
              spellCheck={false}
            />
          </div>
          <div className="form-field">
            <label htmlFor="login-password">Password</label>
            <input
              id="login-password"
              name="password"
              type="password"
              autoComplete="current-password"
            />
          </div>
          <button type="submit" className="button button-primary" disabled={submitting}>
            Login
          </button>
        </Form>
      </StaffCard>
    </Page>
  );
}
