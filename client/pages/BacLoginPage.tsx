import { Page } from '../components/page/Page.tsx';

export function BacLoginPage() {
  return <Page title="Login" description="Sign-in for staff of the Bids and Awards Committee." />;
}
