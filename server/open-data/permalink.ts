import { recordPath } from '../../shared/record-path.ts';
import type { RecordKind } from '../../shared/record-kinds.ts';

/** A record's permanent address: absolute from SITE_URL when it is set, else the site-relative path. */
export function permalink(kind: RecordKind, id: number, siteUrl: string | undefined): string {
  return `${siteUrl ?? ''}${recordPath(kind, id)}`;
}
