import { Page } from '../components/page/Page.tsx';

export function InvitationToBidPage() {
  return <Page title="Invitation to Bid" description="Photos of the items offered for public bidding, by lot." />;
}
