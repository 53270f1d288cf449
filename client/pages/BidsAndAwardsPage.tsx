import { Page } from '../components/page/Page.tsx';

export function BidsAndAwardsPage() {
  return <Page title="Bids and Awards" description="Procurement documents published by the Bids and Awards Committee." />;
}
