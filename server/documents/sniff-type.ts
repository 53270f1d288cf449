/**
 * The document types the site hosts, each known by the bytes it starts with: a declared
 * Content-Type or a file name says nothing about what a file is.
 */
export const documentTypes = {
  'application/pdf': { extension: 'pdf', magic: Buffer.from('%PDF-', 'latin1') },
  'image/jpeg': { extension: 'jpg', magic: Buffer.from([0xff, 0xd8, 0xff]) },
  'image/png': {
    extension: 'png',
    magic: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
} as const;

export type DocumentType = keyof typeof documentTypes;

/** The longest signature: this many leading bytes decide the type. */
export const SNIFF_BYTES = Math.max(
  ...Object.values(documentTypes).map((entry) => entry.magic.length),
);

export function isDocumentType(value: string): value is DocumentType {
  return Object.hasOwn(documentTypes, value);
}

/** The type whose signature `head` starts with, or undefined for anything else. */
export function sniffDocumentType(head: Uint8Array): DocumentType | undefined {
  const bytes = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  for (const [type, { magic }] of Object.entries(documentTypes)) {
    if (bytes.length >= magic.length && bytes.subarray(0, magic.length).equals(magic)) {
      return type as DocumentType;
    }
  }
  return undefined;
}
