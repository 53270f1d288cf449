import { useLoaderData } from 'react-router-dom';
import { partsLoader } from '../components/content/parts-loader.ts';
import { TrustedHtml } from '../components/content/TrustedHtml.tsx';
import { Page } from '../components/page/Page.tsx';

export const festivalLoader = partsLoader('festival', 'festivalArticle');

export function FestivalPage() {
  const { festival, festivalArticle } = useLoaderData<typeof festivalLoader>();
  return (
    <Page
      title="Festival"
      heading={festival.name}
      description={`The history of the ${festival.name}, the town's annual festival.`}
      headerImage={festival.headerImage}
    >
      <p className="lead">{festival.when}</p>
      <TrustedHtml html={festivalArticle} />
    </Page>
  );
}
