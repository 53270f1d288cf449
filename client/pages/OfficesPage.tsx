import { Page } from '../components/page/Page.tsx';

export function OfficesPage() {
  return <Page title="LGU Offices" description="The offices and departments of the local government unit." />;
}
