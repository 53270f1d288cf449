import { documentTypes, type DocumentType } from './sniff-type.ts';

const MAX_STEM_LENGTH = 80;

/**
 * A name fit for a URL segment and a Content-Disposition header: the uploaded name
 * without folders, with letters and digits of any script kept and everything else
 * (spaces, quotes, slashes, control characters) folded into dashes, and the extension
 * of the type the bytes really are.
 */
export function safeDocumentName(uploaded: string | undefined, type: DocumentType): string {
  const base = (uploaded ?? '').normalize('NFC').split(/[/\\]/).pop() ?? '';
  const stem = base.includes('.') ? base.slice(0, base.lastIndexOf('.')) : base;
  const cleaned = [...stem.replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^[.-]+|[.-]+$/g, '')]
    .slice(0, MAX_STEM_LENGTH)
    .join('')
    .replace(/[.-]+$/, '');
  return `${cleaned || 'document'}.${documentTypes[type].extension}`;
}

/** The public path of a stored document; the name segment is only for people and browsers. */
export function documentPath(sha256: string, name: string): string {
  return `/documents/${sha256}/${encodeURIComponent(name)}`;
}

/** RFC 6266 / RFC 8187: the UTF-8 form, percent-encoded, so any script survives. */
export function inlineDisposition(name: string): string {
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `inline; filename*=UTF-8''${encoded}`;
}
