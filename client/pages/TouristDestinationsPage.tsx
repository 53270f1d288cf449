import { useLoaderData } from 'react-router-dom';
import { partsLoader } from '../components/content/parts-loader.ts';
import { Page } from '../components/page/Page.tsx';
import { CardPicture } from '../components/picture/CardPicture.tsx';

export const touristDestinationsLoader = partsLoader('touristDestinations');

/** A dialable link from a number as people write it, e.g. "(045) 123-4610". */
function telHref(number: string): string {
  return `tel:${number.replace(/[^\d+]/g, '')}`;
}

export function TouristDestinationsPage() {
  const { touristDestinations } = useLoaderData<typeof touristDestinationsLoader>();
  return (
    <Page
      title="Tourist Destinations"
      description="Places to visit in the municipality, with contact numbers."
      headerImage={touristDestinations.headerImage}
    >
      <p className="lead">{touristDestinations.intro}</p>
      <ul className="card-grid tourist-cards">
        {touristDestinations.destinations.map((place, index) => (
          <li key={place.title} className="card tourist-card">
            <CardPicture image={place.image} eager={index === 0} />
            <h2>{place.title}</h2>
            <p>{place.description}</p>
            <p className="contact-numbers">
              Contact:{' '}
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
