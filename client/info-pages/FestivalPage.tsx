import { useLoaderData } from 'react-router-dom';
import { partsLoader } from '../components/content/parts-loader.ts';
import { TrustedHtml } from '../components/content/TrustedHtml.tsx';
import { Page } from '../components/page/Page.tsx';
import { Localized } from '../components/content/Localized.tsx';
import { useI18n } from '../i18n/useI18n.tsx';

export const festivalLoader = partsLoader('festival', 'festivalArticle');

export function FestivalPage() {
  const { festival, festivalArticle } = useLoaderData<typeof festivalLoader>();
  const { t, plain } = useI18n();
  const name = plain(festival.name);
  return (
    <Page
      title={t('festival.title')}
      heading={name}
      description={t('festival.description', { name })}
      headerImage={festival.headerImage}
    >
      <p className="lead">
        <Localized text={festival.when} />
      </p>
      <TrustedHtml html={festivalArticle} />
    </Page>
  );
}
