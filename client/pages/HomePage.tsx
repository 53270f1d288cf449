import { Page } from '../components/page/Page.tsx';

export function HomePage() {
  return <Page title="Home" description="Official website of the municipality: services, news, officials and procurement transparency." />;
}
