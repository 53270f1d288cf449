import { Page } from '../components/page/Page.tsx';

export function FestivalPage() {
  return <Page title="Festival" description="The history of the town's annual festival." />;
}
