import { useLoaderData } from 'react-router-dom';
import { partsLoader } from '../components/content/parts-loader.ts';
import { Page } from '../components/page/Page.tsx';
import { CardPicture } from '../components/picture/CardPicture.tsx';
import { Localized } from '../components/content/Localized.tsx';
import { useI18n } from '../i18n/useI18n.tsx';

export const touristDestinationsLoader = partsLoader('touristDestinations');

/** A dialable link from a number as people write it, e.g. "(045) 123-4610". */
function telHref(number: string): string {
  return `tel:${number.replace(/[^\d+]/g, '')}`;
}

export function TouristDestinationsPage() {
  const { touristDestinations } = useLoaderData<typeof touristDestinationsLoader>();
  const { t } = useI18n();
  return (
    <Page
      title={t('tourism.title')}
      description={t('tourism.description')}
      headerImage={touristDestinations.headerImage}
    >
      <p className="lead">
        <Localized text={touristDestinations.intro} />
      </p>
      <ul className="card-grid tourist-cards">
        {touristDestinations.destinations.map((place, index) => (
          <li key={JSON.stringify(place.title)} className="card tourist-card">
            <CardPicture image={place.image} eager={index === 0} />
            <h2>
              <Localized text={place.title} />
            </h2>
            <p>
              <Localized text={place.description} />
            </p>
            <p className="contact-numbers">
              {t('tourism.contact')}{' '}
              {place.contactNumbers.map((number, numberIndex) => (
                <span key={number}>
                  {numberIndex > 0 ? ', ' : null}
                  <a href={telHref(number)}>{number}</a>
                </span>
              ))}
            </p>
          </li>
        ))}
      </ul>
    </Page>
  );
}
