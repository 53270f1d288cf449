export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The document types the site hosts, each known by the bytes it starts with: a declared
 * Content-Type or a file name says nothing about what a file is. A workbook starts as any
 * ZIP file does, so the store also reads its content types (spreadsheet-check.ts).
 */
export const documentTypes = {
  'application/pdf': { extension: 'pdf', magic: Buffer.from('%PDF-', 'latin1') },
  'image/jpeg': { extension: 'jpg', magic: Buffer.from([0xff, 0xd8, 0xff]) },
  'image/png': {
    extension: 'png',
    magic: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  [XLSX_TYPE]: { extension: 'xlsx', magic: Buffer.from('PK\x03\x04', 'latin1') },
} as const;

export type DocumentType = keyof typeof documentTypes;

/** The longest signature: this many leading bytes decide the type. */
export const SNIFF_BYTES = Math.max(
  ...Object.values(documentTypes).map((entry) => entry.magic.length),
);

/** What procurement records link to: a notice as a PDF or a scan. */
export const PROCUREMENT_DOCUMENT_TYPES: readonly DocumentType[] = [
  'application/pdf',
  'image/jpeg',
  'image/png',
];

/** The Full Disclosure Policy's reports: as a PDF or as the XLSX workbook they are kept in. */
export const DISCLOSURE_DOCUMENT_TYPES: readonly DocumentType[] = ['application/pdf', XLSX_TYPE];

/** How a message names a type: "PDF", "XLSX". */
export function documentTypeName(type: DocumentType): string {
  return documentTypes[type].extension === 'jpg'
    ? 'JPEG'
    : documentTypes[type].extension.toUpperCase();
}

export function isDocumentType(value: string): value is DocumentType {
  return Object.hasOwn(documentTypes, value);
}

/** The type among `accepted` whose signature `head` starts with, or undefined for anything else. */
export function sniffDocumentType(
  head: Uint8Array,
  accepted: readonly DocumentType[] = PROCUREMENT_DOCUMENT_TYPES,
): DocumentType | undefined {
  const bytes = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  return accepted.find((type) => {
    const { magic } = documentTypes[type];
    return bytes.length >= magic.length && bytes.subarray(0, magic.length).equals(magic);
  });
}
