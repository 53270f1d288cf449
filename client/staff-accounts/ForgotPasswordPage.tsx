import { useEffect, useRef } from 'react';
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
import { langOfPath, pathInLang } from '../../shared/i18n/languages.ts';
import {
  FORGOT_PASSWORD_PATH,
  PASSWORD_LINK_HOURS,
  resetEmailProblem,
} from '../../shared/staff-accounts/staff-accounts.ts';
import { Page } from '../components/page/Page.tsx';
import { ErrorLinks, FormMessage } from '../staff/FormMessage.tsx';
import { FieldError } from '../staff/FieldError.tsx';
import { StaffCard } from '../staff/StaffCard.tsx';
import { useStaffI18n } from '../i18n/useStaffI18n.ts';
import { services } from '../services-context.ts';
import { STAFF_PAGES } from '../staff/staff-pages.ts';
// Staff styles load with the staff pages only; the server links them when it renders one.
import '../staff/staff.css';

/** After a request: the page says the same whatever became of it. */
export const SENT_PARAM = 'sent';

// The site mails a link only where it sends mail at all: SMTP_URL and an address for links,
// which is when bid alerts are on (`alertsEnabled`), as the link goes by the same sender.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = services(context);
  const [session, byMail] = await Promise.all([app.staffSession(), app.alertsEnabled()]);
  return {
    csrfToken: session.csrfToken,
    byMail,
    sent: new URL(request.url).searchParams.has(SENT_PARAM),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  // The form posts to the page's own address: /fil/… asks for a Filipino mail.
  const lang = langOfPath(new URL(request.url).pathname);
  const here = pathInLang(FORGOT_PASSWORD_PATH, lang);
  const app = services(context);
  // Without mail the page has no form; a post anyway goes back to the page saying whom to ask.
  if (!(await app.alertsEnabled())) return redirect(here, 303);
  const email = String(form.get('email') ?? '').trim();
  const problem = resetEmailProblem(email);
  // Only the address's shape is judged here, never whether an account uses it.
  if (problem) return data({ problem, email }, { status: 400 });
  await app.requestPasswordReset(email, lang, String(form.get('_csrf') ?? ''));
  // The same answer, status and page for every address: known, unknown, disabled or refused.
  return redirect(`${here}?${SENT_PARAM}`, 303);
}

/** Staff who forgot their password have a set-password link mailed to their address. */
export function Component() {
  const { csrfToken, byMail, sent } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const submitting = useNavigation().state === 'submitting';
  const { t, localPath } = useStaffI18n();
  // A refusal takes the focus, so it is read and in view; it links to the field.
  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (refused) errorRef.current?.focus();
  }, [refused]);
  const toSignIn = (
    <p>
      <Link to={localPath(STAFF_PAGES.login)}>{t('staff.setPassword.toSignIn')}</Link>
    </p>
  );
  const problem = refused ? t(`staff.forgot.problem.${refused.problem}`) : null;
  return (
    <Page title={t('staff.forgot.title')} description={t('staff.forgot.description')}>
      <StaffCard>
        {!byMail ? (
          <p>{t('staff.forgot.noMail')}</p>
        ) : sent ? (
          <FormMessage tone="success" message={t('staff.forgot.sent')} />
        ) : (
          <>
            <p>{t('staff.forgot.intro', { hours: PASSWORD_LINK_HOURS })}</p>
            <FormMessage
              tone="error"
              ref={errorRef}
              message={
                problem ? (
                  <>
                    <p>{problem}</p>
                    <ErrorLinks
                      problems={[{ fieldId: 'forgot-email', text: t('staff.forgot.email') }]}
                    />
                  </>
                ) : null
              }
            />
            <Form method="post" className="staff-form">
              <input type="hidden" name="_csrf" value={csrfToken} />
              <div className="form-field">
                <label htmlFor="forgot-email">{t('staff.forgot.email')}</label>
                <input
                  id="forgot-email"
                  name="email"
                  type="email"
                  autoComplete="username"
                  inputMode="email"
                  spellCheck={false}
                  defaultValue={refused?.email ?? ''}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? 'forgot-email-error' : undefined}
                />
                <FieldError id="forgot-email" error={problem ?? undefined} />
              </div>
              <button type="submit" className="button button-primary" disabled={submitting}>
                {t('staff.forgot.submit')}
              </button>
            </Form>
          </>
        )}
        {toSignIn}
      </StaffCard>
    </Page>
  );
}
