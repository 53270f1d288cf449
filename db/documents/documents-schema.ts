import type { Generated } from 'kysely';

/** A hosted document: the file DATA_DIR/documents/<sha256>.<extension of type>. */
export interface DocumentsTable {
  sha256: string;
  bytes: number;
  /** application/pdf, image/jpeg, image/png or (from migration 0014) an XLSX workbook, as sniffed from the bytes. */
  type: string;
  /** The name it was first uploaded under, made safe for URLs and headers. */
  file_name: string;
  created: Generated<string>;
  /** The staff account that first uploaded it. */
  uploaded_by: number;
}

export interface DocumentsSchema {
  documents: DocumentsTable;
}
