import { Link, useLoaderData } from 'react-router-dom';
import { partsLoader } from '../components/content/parts-loader.ts';
import { Page } from '../components/page/Page.tsx';
import { Localized } from '../components/content/Localized.tsx';
import { useI18n } from '../i18n/useI18n.tsx';

export const officesLoader = partsLoader('offices');

export function OfficesPage() {
  const { offices } = useLoaderData<typeof officesLoader>();
  const { t, localPath } = useI18n();
  return (
    <Page
      title={t('offices.title')}
      description={t('offices.description')}
      headerImage={offices.headerImage}
    >
      <p className="lead">
        <Localized text={offices.intro} />
      </p>
      <ul className="card-grid office-links">
        {offices.offices.map((office) => (
          <li key={office.path} className="card office-card">
            <h2>
              <Link to={localPath(office.path)}>
                <Localized text={office.name} />
              </Link>
            </h2>
            <p>
              <Localized text={office.summary} />
            </p>
          </li>
        ))}
      </ul>
    </Page>
  );
}
