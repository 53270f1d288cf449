import { useLoaderData } from 'react-router-dom';
import { partsLoader } from '../components/content/parts-loader.ts';
import { PurposeBlocks } from '../components/content/PurposeBlocks.tsx';
import { TrustedHtml } from '../components/content/TrustedHtml.tsx';
import { Page } from '../components/page/Page.tsx';
import { useI18n } from '../i18n/useI18n.tsx';

export const historyLoader = partsLoader('history', 'historyArticle');

export function HistoryPage() {
  const { history, historyArticle } = useLoaderData<typeof historyLoader>();
  const { t } = useI18n();
  return (
    <Page
      title={t('history.title')}
      description={t('history.description')}
      headerImage={history.headerImage}
    >
      <TrustedHtml html={historyArticle} />
      <PurposeBlocks vision={history.vision} mission={history.mission} goal={history.goal} />
    </Page>
  );
}
