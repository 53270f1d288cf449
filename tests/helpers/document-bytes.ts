import { createHash } from 'node:crypto';

/** The smallest PDF a reader opens: a catalog and a trailer. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/** A PNG by its signature only, then text: what a file-type check by content takes for a PNG. */
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('not a real image body, but a PNG by its signature'),
]);

/** A DOS/Windows executable header, then filler: what a renamed .exe starts with. */
export const EXE = Buffer.concat([
  Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'),
  Buffer.alloc(200),
]);

/** A file's SHA-256 in hex, as the document store names it. */
export const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
