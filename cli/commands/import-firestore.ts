import type { Command } from 'commander';
import { recordKinds } from '../../shared/record-kinds.ts';
import { addImportOptions, type ImportOptions } from '../import/import-options.ts';

export function registerImportFirestore(program: Command): void {
  const command = program
    .command('import-firestore')
    .description(
      "Import the original site's records from a Firestore JSON export: an object keyed by collection name, " +
        'each an array of documents or an object keyed by document id. Same checks and options as import.',
    )
    .argument('<file>', 'the JSON export');
  addImportOptions(command)
    .addHelpText(
      'after',
      `
Collections: ${recordKinds.map((kind) => kind.collection).join(', ')}.
A document's "created" may be the original's display text, ISO 8601 or a Firestore timestamp.

Examples:
  $ municipal import-firestore firestore-export.json --dry-run
  $ municipal import-firestore firestore-export.json --as it@example.gov.ph`,
    )
    .action(async (file: string, options: ImportOptions, self: Command) => {
      const { readFirestoreRows } = await import('../import/firestore-rows.ts');
      const { executeImport } = await import('../import/import-job.ts');
      await executeImport({
        command: self,
        file,
        target: 'firestore export',
        format: 'firestore',
        kind: undefined,
        rejectsFormat: 'ndjson',
        open: () => readFirestoreRows(file),
        options,
      });
    });
}
