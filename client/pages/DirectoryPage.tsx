import { Page } from '../components/page/Page.tsx';

export function DirectoryPage() {
  return <Page title="Directory" description="Contact numbers and addresses of municipal offices." />;
}
