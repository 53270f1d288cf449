import { Page } from '../components/page/Page.tsx';

export function BacInputPage() {
  return <Page title="Add a procurement record" description="Data entry for staff of the Bids and Awards Committee." />;
}
