import path from 'node:path';
import type { Command } from 'commander';
import { existsSync } from 'node:fs';
import { listDocuments } from '../../db/documents/document-queries.ts';
import { listPictureUrls } from '../../db/news/news-queries.ts';
import { pictureFileName, picturesDir } from '../../server/data-folder.ts';
import {
  documentFileName,
  documentsDir,
  sha256OfFile,
} from '../../server/documents/document-store.ts';
import { isDocumentType } from '../../server/documents/sniff-type.ts';
import { dataDir, withSiteDatabase } from '../database.ts';
import { refusal } from '../exit-codes.ts';

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** The uploaded news pictures' files the database lists and the folder lacks (they are served as they are, so no hash). */
function missingPictures(pictureUrls: readonly string[], dir: string): string[] {
  const names = [...new Set(pictureUrls.flatMap((url) => pictureFileName(url) ?? []))];
  return names
    .map((name) => path.join(dir, name))
    .filter((file) => !existsSync(file))
    .map((file) => `${file}: missing, a news picture's file`);
}

async function verify(command: Command): Promise<void> {
  const dir = documentsDir(dataDir(command));
  const pictures = picturesDir(dataDir(command));
  await withSiteDatabase(
    command,
    async (database) => {
      const documents = await listDocuments(database);
      const problems: string[] = [];
      for (const document of documents) {
        const label = `"${document.fileName}" (uploaded ${document.created})`;
        if (!isDocumentType(document.type)) {
          problems.push(`${document.sha256}: ${label} has an unknown type ${document.type}`);
          continue;
        }
        const file = path.join(dir, documentFileName(document.sha256, document.type));
        let actual: string;
        try {
          actual = await sha256OfFile(file);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
          problems.push(`${file}: missing, ${label}`);
          continue;
        }
        if (actual !== document.sha256) {
          problems.push(`${file}: content changed (its SHA-256 is now ${actual}), ${label}`);
        }
      }
      const pictureUrls = await listPictureUrls(database);
      const pictureProblems = missingPictures(pictureUrls, pictures);
      if (problems.length > 0 || pictureProblems.length > 0) {
        process.stderr.write([...problems, ...pictureProblems].map((line) => `${line}\n`).join(''));
        const failed = [
          ...(problems.length > 0
            ? [`${plural(problems.length, 'document')} of ${documents.length}`]
            : []),
          ...(pictureProblems.length > 0 ? [plural(pictureProblems.length, 'picture file')] : []),
        ].join(' and ');
        throw refusal(
          `${failed} failed verification. Restore the files from a backup ("municipal db restore"), or move a damaged file aside and upload the original again.`,
        );
      }
      const pictureCount = new Set(pictureUrls.flatMap((url) => pictureFileName(url) ?? [])).size;
      process.stdout.write(
        `Verified ${plural(documents.length, 'document')} in ${dir}: every file matches its SHA-256. Found all ${plural(pictureCount, 'picture file')} of the news in ${pictures}.\n`,
      );
    },
    { existing: true },
  );
}

export function registerDocuments(program: Command): void {
  const documents = program
    .command('documents')
    .description('Hosted documents (the PDFs and images staff upload): checks of the store.');
  documents
    .command('verify')
    .description(
      'Recompute the SHA-256 of every stored document and compare it with its name, and find every news picture file; exit 1 naming each missing or changed file.',
    )
    .addHelpText(
      'after',
      '\nExample:\n  $ municipal documents verify --data-dir /srv/municipal/data',
    )
    .action(async (_options: object, self: Command) => verify(self));
}
