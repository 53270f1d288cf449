import { Page } from '../components/page/Page.tsx';

export function TouristDestinationsPage() {
  return <Page title="Tourist Destinations" description="Places to visit in the municipality, with contact numbers." />;
}
