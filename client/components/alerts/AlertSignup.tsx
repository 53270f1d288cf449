import { useId } from 'react';
import { useRouteLoaderData } from 'react-router-dom';
import type { AlertProblem } from '../../../shared/alert-subscription.ts';
import type { RootData } from '../../root-data.ts';
import { AlertPrivacyShort } from './AlertPrivacyNotice.tsx';
import { AlertSettingsFields, type AlertFormValues } from './AlertSettingsFields.tsx';
import './alerts.css';
import { useI18n } from '../../i18n/useI18n.tsx';

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
}: {
  values: AlertFormValues;
  problems?: readonly AlertProblem[];
  heading?: string;
}) {
  const id = useId();
  const { t, localPath } = useI18n();
  const root = useRouteLoaderData('root') as RootData | undefined;
  if (!root?.alertsEnabled) return null;
  return (
    <section className="alert-signup" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading ?? t('alerts.signupHeading')}</h2>
      <form method="post" action={localPath('/alerts')} className="alert-form">
        <p className="alert-field">
          <label htmlFor={`${id}-email`}>{t('alerts.email')}</label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            required
            aria-invalid={problems.includes('email') || undefined}
            aria-describedby={problems.includes('email') ? `${id}-email-problem` : undefined}
          />
        </p>
        {problems.includes('email') ? (
          <p className="alert-problem" id={`${id}-email-problem`}>
            {t('alerts.problem.email')}
          </p>
        ) : null}
        <AlertSettingsFields values={values} problems={problems} />
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
