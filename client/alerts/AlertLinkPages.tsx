import {
  Link,
  useLoaderData,
  useParams,
  useSearchParams,
  type LoaderFunctionArgs,
} from 'react-router-dom';
import {
  describeLists,
  type AlertSubscriptionView,
} from '../../shared/alerts/alert-subscription.ts';
import { isLang } from '../../shared/i18n/languages.ts';
import type { MessageKey } from '../../shared/i18n/messages-en.ts';
import { AlertLanguageField, AlertSettingsFields } from './AlertSettingsFields.tsx';
import { Page } from '../components/page/Page.tsx';
import { useI18n } from '../i18n/useI18n.tsx';
import { services } from '../services-context.ts';
import { problemsOf, formValuesOf } from './AlertsPage.tsx';
import './alerts.css';

// The pages an alert e-mail links to. Opening a link changes nothing (mail scanners open
// links too); the button on the page does, by a form post to the same address. The e-mails
// of a Filipino subscriber link to these pages under /fil, whose forms post there too.

/** /alerts/confirm/:token: the double opt-in's second step. */
export function AlertConfirmPage() {
  const { token = '' } = useParams();
  const { t, localPath } = useI18n();
  return (
    <Page title={t('alerts.confirm.title')} description={t('alerts.confirm.description')}>
      <p>{t('alerts.confirm.text')}</p>
      <form method="post" action={localPath(`/alerts/confirm/${encodeURIComponent(token)}`)}>
        <button type="submit">{t('alerts.confirm.button')}</button>
      </form>
    </Page>
  );
}

/** /alerts/unsubscribe/:token: the unsubscribe link's page (mail programs post to the same address). */
export function AlertUnsubscribePage() {
  const { token = '' } = useParams();
  const { t, localPath } = useI18n();
  return (
    <Page title={t('alerts.unsubscribe.title')} description={t('alerts.unsubscribe.description')}>
      <p>{t('alerts.unsubscribe.text')}</p>
      <form method="post" action={localPath(`/alerts/unsubscribe/${encodeURIComponent(token)}`)}>
        <button type="submit">{t('alerts.unsubscribe.button')}</button>
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

/** What the manage page says after a form, by `?done=`. */
const DONE_TEXT: Record<string, MessageKey> = {
  confirmed: 'alerts.manage.confirmed',
  saved: 'alerts.manage.saved',
};

/** /alerts/manage/:token: the subscription's settings, to change or to end. */
export function AlertManagePage() {
  const subscription = useLoaderData() as AlertSubscriptionView;
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const { t, rich, lang, localPath } = useI18n();
  const done = DONE_TEXT[search.get('done') ?? ''];
  const problems = problemsOf(search);
  const values =
    problems.length > 0
      ? formValuesOf(search, subscription.lists)
      : { ...subscription, keyword: subscription.keyword ?? '' };
  const sentLang = search.get('lang') ?? '';
  const mailLang = problems.length > 0 && isLang(sentLang) ? sentLang : subscription.lang;
  const path = encodeURIComponent(token);
  return (
    <Page title={t('alerts.manage.title')} description={t('alerts.manage.description')}>
      {done ? <p role="status">{t(done)}</p> : null}
      <p>
        {rich('alerts.manage.summary', {
          email: <strong>{subscription.email}</strong>,
          lists: describeLists(subscription.lists, lang, t('alerts.manage.allLists')),
          keyword: subscription.keyword
            ? t('alerts.manage.matching', { keyword: subscription.keyword })
            : '',
          frequency: t(
            subscription.frequency === 'daily' ? 'alerts.manage.daily' : 'alerts.manage.immediate',
          ),
        })}
      </p>
      <section className="alert-signup" aria-labelledby="change-alerts">
        <h2 id="change-alerts">{t('alerts.manage.change')}</h2>
        <form method="post" action={localPath(`/alerts/manage/${path}`)} className="alert-form">
          <AlertSettingsFields values={values} problems={problems} />
          <AlertLanguageField value={mailLang} problems={problems} />
          <p>
            <button type="submit">{t('alerts.manage.save')}</button>
          </p>
        </form>
      </section>
      <section aria-labelledby="stop-alerts">
        <h2 id="stop-alerts">{t('alerts.manage.stop')}</h2>
        <form method="post" action={localPath(`/alerts/unsubscribe/${path}`)}>
          <p>{t('alerts.manage.stopText')}</p>
          <button type="submit">{t('alerts.unsubscribe.button')}</button>
        </form>
      </section>
      <p>
        <Link to={localPath('/alerts#privacy')}>{t('alerts.privacy')}</Link>
      </p>
    </Page>
  );
}
