import type { RecordKind } from '../../db/record-kinds.ts';
import { Page } from '../components/page/Page.tsx';

export function RecordListPage({ kind }: { kind: RecordKind }) {
  return (
    <Page
      title={kind.title}
      description={`${kind.title}: procurement documents published by the Bids and Awards Committee.`}
    />
  );
}
