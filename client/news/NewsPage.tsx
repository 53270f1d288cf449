import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { InLang } from '../components/content/InLang.tsx';
import { NewsDate } from './NewsDate.tsx';
import { Page } from '../components/page/Page.tsx';
import { CardPicture } from '../components/picture/CardPicture.tsx';
import { RecordPager } from '../records/RecordPager.tsx';
import '../records/records.css';
import { NEWS_PAGE_SIZE } from '../../shared/news/news.ts';
import { services } from '../services-context.ts';
import { useI18n } from '../i18n/useI18n.tsx';

const PAGE = /^[1-9][0-9]{0,5}$/;

/** One page of the news, newest first; `?page=` past the last page or malformed is no page. */
export async function newsLoader({ request, context }: LoaderFunctionArgs) {
  const text = new URL(request.url).searchParams.get('page') ?? '1';
  if (!PAGE.test(text)) throw new Response('Not Found', { status: 404 });
  const page = await services(context).newsPage(Number(text));
  if (page.page > page.pages) throw new Response('Not Found', { status: 404 });
  return page;
}

export function NewsPage() {
  const { items, page, total } = useLoaderData<typeof newsLoader>();
  const { t, localPath } = useI18n();
  return (
    <Page title={t('news.title')} description={t('news.description')}>
      <ul className="card-grid news-cards">
        {items.map((item, index) => (
          <li key={item.id} className="card news-card">
            <CardPicture image={item.picture} eager={index === 0} />
            <h2>
              <InLang text={item.title} />
            </h2>
            <NewsDate date={item.date} />
            <p>
              <InLang text={item.summary} />
            </p>
            <Link className="button" to={localPath(`/view-news/${item.id}`)}>
              {t('news.readMore')}
              <span className="visually-hidden">
                : <InLang text={item.title} />
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {total > NEWS_PAGE_SIZE ? (
        <RecordPager query={{ q: '', page }} total={total} pageSize={NEWS_PAGE_SIZE} />
      ) : null}
      <p>
        <a href="/news.atom">{t('news.feed')}</a>
      </p>
    </Page>
  );
}
