import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { TrustedHtml } from '../components/content/TrustedHtml.tsx';
import { Page } from '../components/page/Page.tsx';
import { Picture } from '../components/picture/Picture.tsx';
import { services } from '../services-context.ts';

export async function newsDetailLoader({ params, context }: LoaderFunctionArgs) {
  const item = await services(context).newsItem(params.id ?? '');
  if (!item) throw new Response('Not Found', { status: 404 });
  return item;
}

export function NewsDetailPage() {
  const item = useLoaderData<typeof newsDetailLoader>();
  return (
    <Page title={item.title} description={item.summary}>
      <p className="card-date">{item.date}</p>
      <Picture
        image={item.picture}
        sizes="(min-width: 48rem) 46rem, 100vw"
        eager
        className="news-picture"
      />
      <TrustedHtml html={item.text} />
      <p>
        <Link to="/news">Back to More News</Link>
      </p>
    </Page>
  );
}
