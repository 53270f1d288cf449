import { Page } from '../components/page/Page.tsx';

export function AccountingPage() {
  return <Page title="Financial Report" description="Report on the utilization of the Local Government Support Fund, by quarter." />;
}
