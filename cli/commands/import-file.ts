import { Option, type Command } from 'commander';
import {
  kindByCollection,
  kindByValue,
  recordKinds,
  type RecordKind,
} from '../../shared/record-kinds.ts';
import { usageError } from '../exit-codes.ts';
import { addImportOptions, type ImportOptions } from '../import/import-options.ts';
import {
  RECORD_FILE_FORMATS,
  recordFileFormatOf,
  type RecordFileFormat,
} from './record-file-formats.ts';

/** Loaded when used, so that --help and the other commands start quickly. */
async function reader(format: RecordFileFormat) {
  switch (format) {
    case 'csv':
      return (await import('../import/csv-rows.ts')).readCsvRows;
    case 'json':
      return (await import('../import/json-rows.ts')).readJsonRows;
    case 'ndjson':
      return (await import('../import/ndjson-rows.ts')).readNdjsonRows;
  }
}

/** The collection name of the original site, or (as a convenience) its data-entry dropdown value. */
function kindNamed(name: string): RecordKind {
  const kind = kindByCollection(name) ?? kindByValue(name);
  if (!kind) {
    throw usageError(
      `Unknown collection "${name}". Collections: ${recordKinds.map((known) => known.collection).join(', ')}.`,
    );
  }
  return kind;
}

function formatOf(file: string, chosen: RecordFileFormat | undefined): RecordFileFormat {
  if (chosen) return chosen;
  const format = recordFileFormatOf(file);
  if (!format)
    throw usageError(
      `Cannot tell the format of ${file} from its extension; say --format csv, json or ndjson.`,
    );
  return format;
}

const fieldList = recordKinds
  .map(
    (kind) =>
      `  ${kind.collection.padEnd(20)} ${kind.fields.map((field) => field.name).join(', ')}`,
  )
  .join('\n');

export function registerImport(program: Command): Command {
  const command = program
    .command('import')
    .description(
      'Import procurement records into one collection from a CSV, JSON (array of objects) or NDJSON file. ' +
        'Every row is checked like the web form; by default one bad row and nothing is written.',
    )
    .argument(
      '<collection>',
      'the collection, e.g. notice_of_awards (dropdown values such as notice_of_award work too)',
    )
    .argument('<file>', 'the file to import')
    .addOption(
      new Option('--format <format>', 'the file format, if its extension does not say').choices(
        RECORD_FILE_FORMATS,
      ),
    );
  return addImportOptions(command)
    .addHelpText(
      'after',
      `
Columns (CSV header or JSON keys) per collection, plus an optional "created"
(ISO 8601, as the original site wrote it: March 5, 2024 at 3:07:09 PM UTC+08, or as
Excel writes it, month first, in Manila time: 3/5/2024 3:07 PM, 3/5/2024 15:07, 3/5/2024):
${fieldList}

A "document" column hosts a file instead of linking elsewhere: the path of a PDF, JPEG
or PNG (relative to the import file, or absolute) is checked like an upload (its first
bytes, at most MAX_DOCUMENT_MB), stored in DATA_DIR/documents and becomes the record's
link, /documents/<sha256>/<name>. A row fills in link or document, not both; with a
document column a CSV may leave out link.

Examples:
  $ municipal import notice_of_awards awards-2023.csv --dry-run
  $ municipal import svp svp.ndjson --as it@example.gov.ph
  $ municipal import notice_of_awards awards-with-notices.csv --as it@example.gov.ph
  $ municipal import reports reports.json --as it@example.gov.ph --skip-invalid --rejects bad-reports.ndjson`,
    )
    .action(
      async (
        collection: string,
        file: string,
        options: ImportOptions & { format?: RecordFileFormat },
        self: Command,
      ) => {
        const kind = kindNamed(collection);
        const format = formatOf(file, options.format);
        const read = await reader(format);
        const { executeImport } = await import('../import/import-job.ts');
        await executeImport({
          command: self,
          file,
          target: kind.collection,
          format,
          kind,
          rejectsFormat: format === 'csv' ? 'csv' : 'ndjson',
          open: () => read(file, kind),
          options,
        });
      },
    );
}
