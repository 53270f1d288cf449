import {
  Link,
  useLoaderData,
  useParams,
  useSearchParams,
  type LoaderFunctionArgs,
} from 'react-router-dom';
import { describeLists, type AlertSubscriptionView } from '../../shared/alert-subscription.ts';
import { AlertSettingsFields } from '../components/alerts/AlertSettingsFields.tsx';
import { Page } from '../components/page/Page.tsx';
import { services } from '../services-context.ts';
import { problemsOf, formValuesOf } from './AlertsPage.tsx';
import '../components/alerts/alerts.css';

// The pages an alert e-mail links to. Opening a link changes nothing (mail scanners open
// links too); the button on the page does, by a form post to the same address.

/** /alerts/confirm/:token: the double opt-in's second step. */
export function AlertConfirmPage() {
  const { token = '' } = useParams();
  return (
    <Page
      title="Confirm your bid alerts"
      description="Confirm your e-mail address to start bid alerts."
    >
      <p>
        Press Confirm to start the alerts you asked for. You can change or stop them from any alert.
      </p>
      <form method="post" action={`/alerts/confirm/${encodeURIComponent(token)}`}>
        <button type="submit">Confirm</button>
      </form>
    </Page>
  );
}

/** /alerts/unsubscribe/:token: the unsubscribe link's page (mail programs post to the same address). */
export function AlertUnsubscribePage() {
  const { token = '' } = useParams();
  return (
    <Page
      title="Unsubscribe from bid alerts"
      description="Stop bid alerts and delete your address."
    >
      <p>Press Unsubscribe to stop these alerts. Your address and its settings are deleted.</p>
      <form method="post" action={`/alerts/unsubscribe/${encodeURIComponent(token)}`}>
        <button type="submit">Unsubscribe</button>
      </form>
    </Page>
  );
}

export async function alertManageLoader({
  params,
  context,
}: LoaderFunctionArgs): Promise<AlertSubscriptionView> {
  const subscription = await services(context).alertSubscription(params.token ?? '');
  if (!subscription) throw new Response('Not Found', { status: 404 });
  return subscription;
}

const DONE_TEXT: Record<string, string> = {
  confirmed: 'Thank you: your address is confirmed and your alerts have started.',
  saved: 'Your alert settings are saved.',
};

/** /alerts/manage/:token: the subscription's settings, to change or to end. */
export function AlertManagePage() {
  const subscription = useLoaderData() as AlertSubscriptionView;
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const done = DONE_TEXT[search.get('done') ?? ''];
  const problems = problemsOf(search);
  const values =
    problems.length > 0
      ? formValuesOf(search, subscription.lists)
      : { ...subscription, keyword: subscription.keyword ?? '' };
  const path = encodeURIComponent(token);
  return (
    <Page title="Your bid alerts" description="Change or stop your bid alerts.">
      {done ? <p role="status">{done}</p> : null}
      <p>
        Alerts to <strong>{subscription.email}</strong> for {describeLists(subscription.lists)}
        {subscription.keyword ? ` matching “${subscription.keyword}”` : ''},{' '}
        {subscription.frequency === 'daily' ? 'as a daily digest' : 'as each notice is posted'}.
      </p>
      <section className="alert-signup" aria-labelledby="change-alerts">
        <h2 id="change-alerts">Change</h2>
        <form method="post" action={`/alerts/manage/${path}`} className="alert-form">
          <AlertSettingsFields values={values} problems={problems} />
          <p>
            <button type="submit">Save</button>
          </p>
        </form>
      </section>
      <section aria-labelledby="stop-alerts">
        <h2 id="stop-alerts">Stop</h2>
        <form method="post" action={`/alerts/unsubscribe/${path}`}>
          <p>Unsubscribing deletes your address and its settings.</p>
          <button type="submit">Unsubscribe</button>
        </form>
      </section>
      <p>
        <Link to="/alerts#privacy">Privacy notice</Link>
      </p>
    </Page>
  );
}
