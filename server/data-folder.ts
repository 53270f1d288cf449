import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { OWNER_ONLY_FILE } from '../db/connection.ts';
import { ALERT_KEY_FILE } from './alerts/alert-tokens.ts';
import { SESSION_KEY_FILE } from './auth/session-keys.ts';

/**
 * What the data folder (DATA_DIR) holds besides the database and the documents, in one
 * place for the backup, the restore and the checks: a backup that leaves one out restores
 * a site that answers 404 for news pictures or "Page not found" for every mailed link.
 */

/** The keys the server made on first start: session cookies and alert links are signed with them. */
export const KEY_FILES = [SESSION_KEY_FILE, ALERT_KEY_FILE] as const;

/** Where uploaded pictures are served from (DATA_DIR/pictures), like /media/ for content. */
export const PICTURES_URL_PREFIX = '/pictures/';

export function picturesDir(dataDir: string): string {
  return path.join(dataDir, 'pictures');
}

/** The file name in DATA_DIR/pictures of an uploaded picture's URL; undefined for content's /media/ ones. */
export function pictureFileName(url: string): string | undefined {
  if (!url.startsWith(PICTURES_URL_PREFIX)) return undefined;
  const name = url.slice(PICTURES_URL_PREFIX.length);
  return /^[\w.-]+$/.test(name) && !name.startsWith('.') ? name : undefined;
}

/**
 * The running server's mark on its data folder: its process id, written on start and
 * removed on close. A restore refuses a folder so marked by a live process, as replacing
 * a database under a running server loses its writes (and its open file).
 */
export const SERVER_PID_FILE = 'server.pid';

/** Marks the folder as this process's; answers the function that removes the mark. */
export function markDataFolderInUse(dataDir: string): () => void {
  const file = path.join(dataDir, SERVER_PID_FILE);
  try {
    writeFileSync(file, `${process.pid}\n`, { mode: OWNER_ONLY_FILE });
  } catch {
    // A folder the server may not write in is one no restore can write in either.
    return () => {};
  }
  return () => {
    // Another server started on the folder since has its own mark: leave it.
    if (markedBy(file) === process.pid) rmSync(file, { force: true });
  };
}

function markedBy(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The process id of a live server using the folder, if any. A mark left by a server that
 * died is no one's (no such process), and neither is one naming the asking process (a
 * container's restarted process may be given the dead server's id).
 */
export function serverUsingDataFolder(dataDir: string): number | undefined {
  const pid = markedBy(path.join(dataDir, SERVER_PID_FILE));
  if (pid === undefined || pid === process.pid) return undefined;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: alive, run by another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
  // Where the system says what the process runs, a process that is no Node.js (a shell
  // given the dead server's id in a new container) is not the server.
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'latin1').includes('node') ? pid : undefined;
  } catch {
    return pid;
  }
}
