import { useLoaderData } from 'react-router-dom';
import { partsLoader } from '../components/content/parts-loader.ts';
import { Localized } from '../components/content/Localized.tsx';
import { Page } from '../components/page/Page.tsx';
import { useI18n } from '../i18n/useI18n.tsx';
import { formatManilaDate } from '../../shared/manila-time.ts';

export const accessibilityLoader = partsLoader('accessibility');

/**
 * The accessibility statement, in the form government sites use: the standard aimed at,
 * how and when it was tested, the known exceptions and whom to tell. Its words are the
 * municipality's (content/accessibility.json), so another municipality edits them there.
 */
export function AccessibilityPage() {
  const { accessibility } = useLoaderData<typeof accessibilityLoader>();
  const { t, rich, lang } = useI18n();
  const { contact } = accessibility;
  // Noon in Manila, so the day is the one written whatever the server's zone.
  const lastTested = formatManilaDate(`${accessibility.lastTested}T12:00:00+08:00`, lang);
  return (
    <Page title={t('accessibility.title')} description={t('accessibility.description')}>
      <div className="prose">
        <h2>{t('accessibility.standardHeading')}</h2>
        <p>
          <Localized text={accessibility.standard} />
        </p>
        <h2>{t('accessibility.testingHeading')}</h2>
        <p>
          <Localized text={accessibility.testing} />
        </p>
        <p>
          {rich('accessibility.lastTested', {
            date: <time dateTime={accessibility.lastTested}>{lastTested}</time>,
          })}
        </p>
        <h2>{t('accessibility.exceptionsHeading')}</h2>
        {accessibility.exceptions.length > 0 ? (
          <ul>
            {accessibility.exceptions.map((exception) => (
              <li key={JSON.stringify(exception)}>
                <Localized text={exception} />
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('accessibility.noExceptions')}</p>
        )}
        <h2>{t('accessibility.reportHeading')}</h2>
        <p>{rich('accessibility.reportText', { office: <Localized text={contact.office} /> })}</p>
        <ul>
          <li>
            {rich('accessibility.email', {
              email: <a href={`mailto:${contact.email}`}>{contact.email}</a>,
            })}
          </li>
          <li>
            {rich('accessibility.phone', {
              phone: <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</a>,
            })}
          </li>
        </ul>
        <p>
          <Localized text={contact.response} />
        </p>
      </div>
    </Page>
  );
}
