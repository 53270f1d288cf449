import { Link, useLoaderData } from 'react-router-dom';
import { partsLoader } from '../components/content/parts-loader.ts';
import { Page } from '../components/page/Page.tsx';
import { CardPicture } from '../components/picture/CardPicture.tsx';

export const newsLoader = partsLoader('news');

export function NewsPage() {
  const { news } = useLoaderData<typeof newsLoader>();
  return (
    <Page title="More News" description="News and announcements from the municipality.">
      <ul className="card-grid news-cards">
        {news.map((item, index) => (
          <li key={item.id} className="card news-card">
            <CardPicture image={item.picture} eager={index === 0} />
            <h2>{item.title}</h2>
            <p className="card-date">{item.date}</p>
            <p>{item.summary}</p>
            <Link className="button" to={`/view-news/${item.id}`}>
              Read More<span className="visually-hidden">: {item.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Page>
  );
}
