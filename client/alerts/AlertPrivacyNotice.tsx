import { Link } from 'react-router-dom';
import type { MessageKey } from '../../shared/i18n/messages-en.ts';
import { useI18n } from '../i18n/useI18n.tsx';

/** The short notice beside every subscribe form; the whole notice is on /alerts. */
export function AlertPrivacyShort() {
  const { t, localPath } = useI18n();
  return (
    <p className="alert-privacy">
      {t('alerts.privacyShort')}{' '}
      <Link to={localPath('/alerts#privacy')}>{t('alerts.privacyLink')}</Link>
    </p>
  );
}

/** Each point of the notice: its title and its text. */
const POINTS: readonly (readonly [MessageKey, MessageKey])[] = [
  ['alerts.privacyWhatTitle', 'alerts.privacyWhat'],
  ['alerts.privacyWhyTitle', 'alerts.privacyWhy'],
  ['alerts.privacyWhoTitle', 'alerts.privacyWho'],
  ['alerts.privacyHowLongTitle', 'alerts.privacyHowLong'],
  ['alerts.privacyMisuseTitle', 'alerts.privacyMisuse'],
];

/** What is kept about a subscriber and why, under the Data Privacy Act of 2012 (RA 10173). */
export function AlertPrivacyNotice() {
  const { t, rich, localPath } = useI18n();
  return (
    <section className="alert-privacy-notice" aria-labelledby="privacy">
      <h2 id="privacy">{t('alerts.privacy')}</h2>
      <p>{t('alerts.privacyIntro')}</p>
      <ul>
        {POINTS.map(([title, text]) => (
          <li key={title}>
            <strong>{t(title)}</strong> {t(text)}
          </li>
        ))}
        <li>
          <strong>{t('alerts.privacyRightsTitle')}</strong>{' '}
          {rich('alerts.privacyRights', {
            directory: <Link to={localPath('/directory')}>{t('alerts.directory')}</Link>,
          })}
        </li>
      </ul>
    </section>
  );
}
