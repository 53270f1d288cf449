import { useLoaderData } from 'react-router-dom';
import { partsLoader } from '../components/content/parts-loader.ts';
import { Page } from '../components/page/Page.tsx';
import { Localized } from '../components/content/Localized.tsx';
import { useI18n } from '../i18n/useI18n.tsx';

export const directoryLoader = partsLoader('directory');

export function DirectoryPage() {
  const { directory } = useLoaderData<typeof directoryLoader>();
  const { t } = useI18n();
  return (
    <Page
      title={t('directory.title')}
      description={t('directory.description')}
      headerImage={directory.headerImage}
    >
      <p className="lead">
        <Localized text={directory.intro} />
      </p>
      <ul className="card-grid directory-cards">
        {directory.entries.map((entry) => (
          <li key={JSON.stringify(entry.title)} className="card directory-card">
            <h2>
              <Localized text={entry.title} />
            </h2>
            {entry.lines.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </li>
        ))}
      </ul>
    </Page>
  );
}
