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
} from '../../shared/alert-subscription.ts';
import { AlertPrivacyNotice } from '../components/alerts/AlertPrivacyNotice.tsx';
import { AlertSignup } from '../components/alerts/AlertSignup.tsx';
import type { AlertFormValues } from '../components/alerts/AlertSettingsFields.tsx';
import { Page } from '../components/page/Page.tsx';
import type { RootData } from '../root-data.ts';
import '../components/alerts/alerts.css';

const PROBLEMS: readonly AlertProblem[] = ['email', 'lists', 'keyword', 'frequency'];

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
  const root = useRouteLoaderData('root') as RootData | undefined;
  const problems = problemsOf(search);
  return (
    <Page
      title="Bid alerts by e-mail"
      description="Hear of procurement notices by e-mail the moment they are posted."
    >
      {root?.alertsEnabled ? (
        <>
          <p className="lead">
            Get an e-mail when a notice is posted on the procurement lists you choose, at once or as
            a daily digest. No account needed: we send a confirmation link first, and every alert
            has a one-click unsubscribe link.
          </p>
          {problems.length > 0 ? (
            <p className="alert-problem" role="alert">
              Please correct the form below and send it again.
            </p>
          ) : null}
          <AlertSignup
            heading="Subscribe"
            values={formValuesOf(search, [ALL_LISTS])}
            problems={problems}
          />
        </>
      ) : (
        <p>
          This site does not send e-mail alerts at the moment. The lists&apos; Atom feeds announce
          new notices too.
        </p>
      )}
      <AlertPrivacyNotice />
    </Page>
  );
}

const OUTCOME_TEXT: Record<AlertOutcome, { title: string; text: string }> = {
  sent: {
    title: 'Check your e-mail',
    text: 'We sent a confirmation link to the address you gave. Open it within 48 hours and press Confirm to start your alerts. Nothing else is sent until you do; if you do not, the address is deleted after 7 days.',
  },
  unsubscribed: {
    title: 'Unsubscribed',
    text: 'Your address and its alert settings are deleted. You will receive no more alerts.',
  },
  expired: {
    title: 'This link no longer works',
    text: 'The link has expired or its subscription was removed. You can subscribe again below.',
  },
  'too-many': {
    title: 'Too many requests',
    text: 'This address or network has asked for alerts too often today. Please try again tomorrow, or use the confirmation link already sent.',
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
  const text = OUTCOME_TEXT[ALERT_OUTCOMES.find((value) => value === outcome) ?? 'expired'];
  return (
    <Page title={text.title} description={text.text}>
      <p role="status">{text.text}</p>
      <p>
        <Link to="/alerts">Bid alerts</Link> · <Link to="/bids-and-awards">Bids and Awards</Link>
      </p>
    </Page>
  );
}
