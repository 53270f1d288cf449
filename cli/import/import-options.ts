import { InvalidArgumentError, Option, type Command } from 'commander';

export const DEFAULT_BATCH_SIZE = 1000;

export interface ImportOptions {
  as?: string;
  dryRun?: boolean;
  skipInvalid?: boolean;
  rejects?: string;
  batchSize: number;
  json?: boolean;
  quiet?: boolean;
}

function positiveWholeNumber(text: string): number {
  const value = Number(text);
  if (!/^[0-9]+$/.test(text) || !Number.isSafeInteger(value) || value < 1) {
    throw new InvalidArgumentError('must be a whole number of at least 1.');
  }
  return value;
}

/** The options both import commands share. */
export function addImportOptions(command: Command): Command {
  return command
    .option(
      '--as <email>',
      'the staff account doing the import, recorded in the audit log (required unless --dry-run)',
    )
    .option('--dry-run', 'check every row and count duplicates, but write nothing')
    .option(
      '--skip-invalid',
      'import the valid rows and write the invalid ones, with reasons, to a rejects file',
    )
    .option(
      '--rejects <file>',
      'where --skip-invalid writes rejected rows (default: next to the input, <file>.rejects.csv or .ndjson)',
    )
    .addOption(
      new Option(
        '--batch-size <rows>',
        'rows written per transaction; an interruption leaves whole batches only',
      )
        .argParser(positiveWholeNumber)
        .default(DEFAULT_BATCH_SIZE),
    )
    .option('--json', 'print the summary as JSON')
    .option('--quiet', 'no progress display');
}
