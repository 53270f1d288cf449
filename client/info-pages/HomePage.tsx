import { Link, useLoaderData, useRouteLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { InLang } from '../components/content/InLang.tsx';
import { HOME_NEWS_COUNT } from '../../shared/news/news.ts';
import { langOfPath } from '../../shared/i18n/languages.ts';
import { partsLoader } from '../components/content/parts-loader.ts';
import { TrustedHtml } from '../components/content/TrustedHtml.tsx';
import { BusinessServices } from './BusinessServices.tsx';
import { Slideshow } from './Slideshow.tsx';
import { VideoPlayer } from './VideoPlayer.tsx';
import { ExternalIcon } from '../components/icons.tsx';
import { Page } from '../components/page/Page.tsx';
import { Picture } from '../components/picture/Picture.tsx';
import { CardPicture } from '../components/picture/CardPicture.tsx';
import type { RootData } from '../root-data.ts';
import { Localized } from '../components/content/Localized.tsx';
import { services } from '../services-context.ts';
import { NewsDate } from '../news/NewsDate.tsx';
import { useI18n } from '../i18n/useI18n.tsx';

/** How many of each the home grid previews; See More leads to the rest. */
const PREVIEW_COUNT = HOME_NEWS_COUNT;

const contentLoader = partsLoader('home', 'mayorMessage', 'mayorMessageFil', 'touristDestinations');

/**
 * Only what the page shows: the server writes the loader's data into the page for hydration,
 * and the full news texts and all destinations would be sent for three previews of each.
 */
export async function homeLoader(args: LoaderFunctionArgs) {
  const [{ home, mayorMessage, mayorMessageFil, touristDestinations }, news] = await Promise.all([
    contentLoader(args),
    services(args.context).newsPage(1),
  ]);
  return {
    home,
    // The message in the page's language only, as the page sends its data along.
    mayorMessage:
      langOfPath(new URL(args.request.url).pathname) === 'fil' ? mayorMessageFil : mayorMessage,
    news: news.items.slice(0, PREVIEW_COUNT),
    destinations: touristDestinations.destinations
      .slice(0, PREVIEW_COUNT)
      .map(({ title, description, image }) => ({ title, description, image })),
  };
}

export function HomePage() {
  const { home, mayorMessage, news, destinations } = useLoaderData<typeof homeLoader>();
  const root = useRouteLoaderData('root') as RootData | undefined;
  const municipality = root?.site.municipality;
  const { t, localPath } = useI18n();
  return (
    <Page
      title={t('home.title')}
      heading={municipality?.name ?? t('home.title')}
      description={t('home.description', { name: municipality?.name ?? '' })}
      banner={
        <Slideshow slides={home.slides}>
          <p className="slideshow-province">{municipality?.province}</p>
          <p className="slideshow-headline">
            <Localized text={home.headline} />
          </p>
        </Slideshow>
      }
    >
      <section className="home-section mayor" aria-labelledby="mayor-heading">
        <Picture
          image={home.mayor.photo}
          sizes="(min-width: 40rem) 240px, 60vw"
          className="mayor-photo"
        />
        <div>
          <h2 id="mayor-heading">{t('home.mayor')}</h2>
          <TrustedHtml html={mayorMessage} />
          <p className="mayor-signature">
            <strong>{home.mayor.name}</strong>
            <br />
            <Localized text={home.mayor.title} />
          </p>
        </div>
      </section>

      <section className="home-section" aria-labelledby="awards-heading">
        <h2 id="awards-heading">{t('home.awards')}</h2>
        <ul className="card-grid award-cards">
          {home.awards.map((award) => (
            <li key={JSON.stringify(award.title)} className="card award-card">
              <CardPicture image={award.image} />
              <h3>
                <Localized text={award.title} />
              </h3>
              <p>
                <Localized text={award.description} />
              </p>
            </li>
          ))}
        </ul>
        <div className="service-actions">
          <BusinessServices services={home.businessServices} />
          <a
            className="button"
            href={home.realPropertyBilling.url}
            target="_blank"
            rel="noopener noreferrer"
          >
            <Localized text={home.realPropertyBilling.label} />
            <ExternalIcon />
            <span className="visually-hidden"> {t('frame.opensInNewTab')}</span>
          </a>
        </div>
      </section>

      <section className="home-section" aria-labelledby="latest-heading">
        <h2 id="latest-heading">{t('home.latest')}</h2>
        <ul className="card-grid latest-cards">
          {news.map((item) => (
            <li key={item.id} className="card news-card">
              <CardPicture image={item.picture} />
              <h3>
                <Link to={localPath(`/view-news/${item.id}`)}>
                  <InLang text={item.title} />
                </Link>
              </h3>
              <NewsDate date={item.date} />
              <p>
                <InLang text={item.summary} />
              </p>
            </li>
          ))}
          {destinations.map((place) => (
            <li key={JSON.stringify(place.title)} className="card tourist-card">
              <CardPicture image={place.image} />
              <h3>
                <Localized text={place.title} />
              </h3>
              <p>
                <Localized text={place.description} />
              </p>
            </li>
          ))}
        </ul>
        <p className="see-more">
          {/* Each says where it goes: two buttons both reading "See More" told nobody which was which. */}
          <Link className="button" to={localPath('/news')}>
            {t('home.moreNews')}
          </Link>
          <Link className="button" to={localPath('/tourist-destination')}>
            {t('home.moreTourism')}
          </Link>
        </p>
      </section>

      <section className="home-section" id="videos" aria-labelledby="videos-heading">
        <h2 id="videos-heading">{t('home.videos')}</h2>
        <VideoPlayer videos={home.videos} />
      </section>
    </Page>
  );
}
