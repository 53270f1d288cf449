import { Page } from '../components/page/Page.tsx';

export function NewsPage() {
  return <Page title="More News" description="News and announcements from the municipality." />;
}
