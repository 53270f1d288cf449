import { Page } from '../components/page/Page.tsx';

export function LocalOfficialsPage() {
  return <Page title="Local Officials" description="The mayor, vice mayor and members of the Sangguniang Bayan." />;
}
