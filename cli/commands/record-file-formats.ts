import path from 'node:path';

/** The file formats records are imported from and exported to, one record per row or item. */
export const RECORD_FILE_FORMATS = ['csv', 'json', 'ndjson'] as const;
export type RecordFileFormat = (typeof RECORD_FILE_FORMATS)[number];

const FORMAT_BY_EXTENSION: Record<string, RecordFileFormat> = {
  '.csv': 'csv',
  '.json': 'json',
  '.ndjson': 'ndjson',
  '.jsonl': 'ndjson',
};

/** The format a file's extension names, if it names one. */
export function recordFileFormatOf(file: string): RecordFileFormat | undefined {
  return FORMAT_BY_EXTENSION[path.extname(file).toLowerCase()];
}
