import { useLoaderData } from 'react-router-dom';
import { partsLoader } from '../components/content/parts-loader.ts';
import { Page } from '../components/page/Page.tsx';
import { Picture } from '../components/picture/Picture.tsx';
import { Localized } from '../components/content/Localized.tsx';
import { useI18n } from '../i18n/useI18n.tsx';

export const officialsLoader = partsLoader('officials');

export function LocalOfficialsPage() {
  const { officials } = useLoaderData<typeof officialsLoader>();
  const { t } = useI18n();
  return (
    <Page
      title={t('officials.title')}
      description={t('officials.description')}
      headerImage={officials.headerImage}
    >
      <p className="lead">
        <Localized text={officials.intro} />
      </p>
      <ul className="card-grid official-cards">
        {officials.officials.map((official) => (
          <li key={official.name} className="card official-card">
            <Picture image={official.photo} sizes="(min-width: 40rem) 240px, 45vw" />
            <h2>{official.name}</h2>
            <p>
              <Localized text={official.title} />
            </p>
          </li>
        ))}
      </ul>
    </Page>
  );
}
