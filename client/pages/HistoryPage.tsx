import { Page } from '../components/page/Page.tsx';

export function HistoryPage() {
  return <Page title="History" description="History of the municipality, with its vision, mission and goal." />;
}
