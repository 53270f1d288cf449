import { useLoaderData } from 'react-router-dom';
import { partsLoader } from '../components/content/parts-loader.ts';
import { PurposeBlocks } from '../components/content/PurposeBlocks.tsx';
import { TrustedHtml } from '../components/content/TrustedHtml.tsx';
import { Page } from '../components/page/Page.tsx';

export const historyLoader = partsLoader('history', 'historyArticle');

export function HistoryPage() {
  const { history, historyArticle } = useLoaderData<typeof historyLoader>();
  return (
    <Page
      title="History"
      description="History of the municipality, with its vision, mission and goal."
      headerImage={history.headerImage}
    >
      <TrustedHtml html={historyArticle} />
      <PurposeBlocks vision={history.vision} mission={history.mission} goal={history.goal} />
    </Page>
  );
}
