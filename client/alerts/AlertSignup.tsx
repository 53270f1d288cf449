import { useEffect, useId, useRef } from 'react';
import { useRouteLoaderData } from 'react-router-dom';
import type { AlertProblem } from '../../shared/alerts/alert-subscription.ts';
import { MAX_SEARCH_LENGTH } from '../../shared/records/list-query.ts';
import type { RootData } from '../root-data.ts';
import { AlertPrivacyShort } from './AlertPrivacyNotice.tsx';
import { AlertSettingsFields, type AlertFormValues } from './AlertSettingsFields.tsx';
import './alerts.css';
import { useI18n } from '../i18n/useI18n.tsx';
import { ErrorLinks } from '../staff/FormMessage.tsx';

/**
 * The address typed before the form was sent, kept for the form's page when it comes back
 * with a problem: the server never puts an address in a URL, so the browser keeps it, for
 * this tab only, and forgets it once it is back in the form.
 */
const TYPED_EMAIL = 'alert-signup-email';

/** Where each problem is fixed: the id suffix of its first input. */
const PROBLEM_FIELDS = {
  email: 'email',
  lists: 'lists',
  keyword: 'keyword',
  frequency: 'frequency',
  lang: 'lang',
} as const satisfies Record<AlertProblem, string>;

/**
 * The bid-alert subscribe form: a plain form post to /alerts (no JavaScript needed), shown
 * only when the site sends mail (SMTP_URL). `values` preselects the lists of the page. On a
 * Filipino page it posts to /fil/alerts: the subscriber's mail is written in the language
 * of the page they subscribed from, and the pages after the form stay in it.
 */
export function AlertSignup({
  values,
  problems = [],
  heading,
  summary = false,
}: {
  values: AlertFormValues;
  problems?: readonly AlertProblem[];
  heading?: string;
  /** Whether the problems are listed above the form, each linking to its field, and take the focus. */
  summary?: boolean;
}) {
  const id = useId();
  const { t, localPath } = useI18n();
  const root = useRouteLoaderData('root') as RootData | undefined;
  const summaryRef = useRef<HTMLDivElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const showSummary = summary && problems.length > 0;
  useEffect(() => {
    if (!showSummary) return;
    const typed = sessionStorage.getItem(TYPED_EMAIL);
    sessionStorage.removeItem(TYPED_EMAIL);
    if (typed && emailRef.current && !emailRef.current.value) emailRef.current.value = typed;
    summaryRef.current?.focus();
  }, [showSummary]);
  if (!root?.alertsEnabled) return null;
  return (
    <section className="alert-signup" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading ?? t('alerts.signupHeading')}</h2>
      {showSummary ? (
        <div className="alert-summary" role="alert" tabIndex={-1} ref={summaryRef}>
          <p className="alert-problem">{t('alerts.correctForm')}</p>
          <ErrorLinks
            problems={problems.map((problem) => ({
              fieldId: `${id}-${PROBLEM_FIELDS[problem]}`,
              text: t(`alerts.problem.${problem}`, { max: MAX_SEARCH_LENGTH }),
            }))}
          />
        </div>
      ) : null}
      <form
        method="post"
        action={localPath('/alerts')}
        className="alert-form"
        onSubmit={() => {
          if (summary && emailRef.current) {
            sessionStorage.setItem(TYPED_EMAIL, emailRef.current.value);
          }
        }}
      >
        <p className="alert-field">
          <label htmlFor={`${id}-email`}>{t('alerts.email')}</label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            required
            ref={emailRef}
            aria-invalid={problems.includes('email') || undefined}
            aria-describedby={problems.includes('email') ? `${id}-email-problem` : undefined}
          />
        </p>
        {problems.includes('email') ? (
          <p className="alert-problem" id={`${id}-email-problem`}>
            {t('alerts.problem.email')}
          </p>
        ) : null}
        <AlertSettingsFields values={values} problems={problems} id={id} />
        <p>
          {/* The site's button style: unstyled, it looked like the browser's default grey box. */}
          <button type="submit" className="button button-primary">
            {t('alerts.subscribe')}
          </button>
        </p>
        <AlertPrivacyShort />
      </form>
    </section>
  );
}
