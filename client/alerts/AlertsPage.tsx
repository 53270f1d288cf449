import {
  Link,
  useParams,
  useRouteLoaderData,
  useSearchParams,
  type LoaderFunctionArgs,
} from 'react-router-dom';
import {
  ALERT_FREQUENCIES,
  ALERT_OUTCOMES,
  ALL_LISTS,
  type AlertOutcome,
  type AlertProblem,
} from '../../shared/alerts/alert-subscription.ts';
import type { MessageKey } from '../../shared/i18n/messages-en.ts';
import { AlertPrivacyNotice } from './AlertPrivacyNotice.tsx';
import { AlertSignup } from './AlertSignup.tsx';
import type { AlertFormValues } from './AlertSettingsFields.tsx';
import { Page } from '../components/page/Page.tsx';
import { useI18n } from '../i18n/useI18n.tsx';
import type { RootData } from '../root-data.ts';
import './alerts.css';

const PROBLEMS: readonly AlertProblem[] = ['email', 'lists', 'keyword', 'frequency', 'lang'];

/** What a form sent back with its problems (never the address) fills the form again. */
export function formValuesOf(
  search: URLSearchParams,
  fallbackLists: readonly string[],
): AlertFormValues {
  const lists = search.getAll('lists');
  const frequency =
    ALERT_FREQUENCIES.find((value) => value === search.get('frequency')) ?? 'immediate';
  return {
    lists: lists.length > 0 ? lists : fallbackLists,
    keyword: search.get('keyword') ?? '',
    frequency,
  };
}

export function problemsOf(search: URLSearchParams): AlertProblem[] {
  return PROBLEMS.filter((problem) => search.getAll('problem').includes(problem));
}

/** /alerts: the subscribe form on its own, what a form with a problem comes back to, and the privacy notice. */
export function AlertsPage() {
  const [search] = useSearchParams();
  const { t } = useI18n();
  const root = useRouteLoaderData('root') as RootData | undefined;
  const problems = problemsOf(search);
  // A form sent back says so in the tab's title too, the first thing a screen reader reads.
  const title =
    problems.length > 0 ? t('alerts.errorTitle', { title: t('alerts.title') }) : t('alerts.title');
  return (
    <Page title={title} heading={t('alerts.title')} description={t('alerts.description')}>
      {root?.alertsEnabled ? (
        <>
          <p className="lead">{t('alerts.lead')}</p>
          <AlertSignup
            heading={t('alerts.subscribe')}
            // "All lists" is not shown ticked beside "choose at least one list".
            values={formValuesOf(search, problems.includes('lists') ? [] : [ALL_LISTS])}
            problems={problems}
            summary
          />
        </>
      ) : (
        <p>{t('alerts.off')}</p>
      )}
      <AlertPrivacyNotice />
    </Page>
  );
}

/** Each outcome page's title and text. */
const OUTCOME_TEXT: Record<AlertOutcome, { title: MessageKey; text: MessageKey }> = {
  sent: { title: 'alerts.outcome.sent.title', text: 'alerts.outcome.sent.text' },
  unsubscribed: {
    title: 'alerts.outcome.unsubscribed.title',
    text: 'alerts.outcome.unsubscribed.text',
  },
  expired: { title: 'alerts.outcome.expired.title', text: 'alerts.outcome.expired.text' },
  'too-many': { title: 'alerts.outcome.tooMany.title', text: 'alerts.outcome.tooMany.text' },
  'already-confirmed': {
    title: 'alerts.outcome.alreadyConfirmed.title',
    text: 'alerts.outcome.alreadyConfirmed.text',
  },
};

export function alertOutcomeLoader({ params }: LoaderFunctionArgs): AlertOutcome {
  const outcome = ALERT_OUTCOMES.find((value) => value === params.outcome);
  if (!outcome) throw new Response('Not Found', { status: 404 });
  return outcome;
}

/** /alerts/<outcome>: what a form did, after it redirected here. */
export function AlertOutcomePage() {
  const { outcome } = useParams();
  const { t, localPath } = useI18n();
  const keys = OUTCOME_TEXT[ALERT_OUTCOMES.find((value) => value === outcome) ?? 'expired'];
  const text = t(keys.text);
  return (
    <Page title={t(keys.title)} description={text}>
      <p role="status">{text}</p>
      <p>
        <Link to={localPath('/alerts')}>{t('alerts.bidAlerts')}</Link> ·{' '}
        <Link to={localPath('/bids-and-awards')}>{t('bids.title')}</Link>
      </p>
    </Page>
  );
}
