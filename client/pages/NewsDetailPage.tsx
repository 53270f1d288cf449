import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { Page } from '../components/page/Page.tsx';
import { services } from '../services.ts';

export async function newsDetailLoader({ params, context }: LoaderFunctionArgs) {
  const item = await services(context).newsItem(params.id ?? '');
  if (!item) throw new Response('Not Found', { status: 404 });
  return item;
}

export function NewsDetailPage() {
  const item = useLoaderData<typeof newsDetailLoader>();
  return <Page title={item.title} description={item.title} />;
}
