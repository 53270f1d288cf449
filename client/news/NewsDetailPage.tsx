import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { TrustedHtml } from '../components/content/TrustedHtml.tsx';
import { NewsDate } from './NewsDate.tsx';
import { NewsHistory } from './NewsHistory.tsx';
import { Page } from '../components/page/Page.tsx';
import { Picture } from '../components/picture/Picture.tsx';
import { HistoryStep } from '../components/history/ChangeHistory.tsx';
import '../records/records.css';
import { services } from '../services-context.ts';
import { useI18n } from '../i18n/useI18n.tsx';
import { textLang } from '../../shared/i18n/text-language.ts';

export async function newsDetailLoader({ params, context }: LoaderFunctionArgs) {
  const item = await services(context).newsDetail(params.id ?? '');
  if (!item) throw new Response('Not Found', { status: 404 });
  return item;
}

/** One news item: its text (HTML the server made from the Markdown), picture and history. */
export function NewsDetailPage() {
  const item = useLoaderData<typeof newsDetailLoader>();
  const { t, localPath } = useI18n();
  return (
    <Page
      title={item.title}
      description={item.summary}
      headingLang={textLang(item.title) ?? undefined}
    >
      {item.withdrawn ? (
        <div className="record-withdrawn">
          <p>
            <HistoryStep
              action={t('record.withdrawn')}
              at={item.withdrawn.at}
              reason={item.withdrawn.reason}
            />
          </p>
          <p>{t('news.noLongerListed')}</p>
        </div>
      ) : null}
      <NewsDate date={item.date} />
      <Picture
        image={item.picture}
        sizes="(min-width: 48rem) 46rem, 100vw"
        eager
        className="news-picture"
      />
      <TrustedHtml html={item.html} lang={textLang(`${item.title} ${item.summary}`)} />
      <section aria-labelledby="news-history">
        <h2 id="news-history">{t('record.history')}</h2>
        <NewsHistory history={item.history} />
      </section>
      <p>
        <Link to={localPath('/news')}>{t('news.backToList')}</Link>
      </p>
    </Page>
  );
}
