import { recordPath } from '../../shared/records/record-path.ts';
import { hostedDocumentSha256 } from '../../shared/records/record-validation.ts';
import type { RecordKind } from '../../shared/record-kinds.ts';

/** A record's permanent address: absolute from SITE_URL when it is set, else the site-relative path. */
export function permalink(kind: RecordKind, id: number, siteUrl: string | undefined): string {
  return `${siteUrl ?? ''}${recordPath(kind, id)}`;
}

/**
 * A record's link as a download or feed gives it: a hosted document's path (/documents/…)
 * made absolute from SITE_URL, since a file or feed reader has no page to resolve it
 * against; a web address as it is.
 */
export function absoluteLink(link: string, siteUrl: string | undefined): string {
  return siteUrl && hostedDocumentSha256(link) !== undefined ? `${siteUrl}${link}` : link;
}
