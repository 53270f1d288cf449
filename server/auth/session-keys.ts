import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { OWNER_ONLY_DIR, OWNER_ONLY_FILE } from '../../db/connection.ts';

export const SESSION_KEY_FILE = 'session.key';
const KEY_BYTES = 32;

export class SessionKeyError extends Error {
  override name = 'SessionKeyError';
}

function decodeKey(text: string, source: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed, 'base64');
  if (key.length !== KEY_BYTES) {
    throw new SessionKeyError(
      `${source} must hold ${KEY_BYTES}-byte keys in hex (64 characters) or base64; one has ${key.length} bytes.`,
    );
  }
  return key;
}

function decodeKeys(text: string, separator: RegExp, source: string): Buffer[] {
  const keys = text
    .split(separator)
    .filter((part) => part.trim() !== '')
    .map((part) => decodeKey(part, source));
  if (keys.length === 0) throw new SessionKeyError(`${source} holds no key.`);
  return keys;
}

/**
 * The keys that seal session cookies, newest first; older keys still open cookies so a
 * rotation signs nobody out. From SESSION_KEYS (comma-separated) when set, otherwise from
 * the key file in the data directory (one key a line), created on first start with
 * owner-only permissions (the file 0600, a data folder it creates 0700).
 */
export function loadSessionKeys(dataDir: string, fromEnv: string | undefined): Buffer[] {
  if (fromEnv) return decodeKeys(fromEnv, /,/, 'SESSION_KEYS');
  const file = ownerOnlyKeyFile(dataDir, SESSION_KEY_FILE);
  return decodeKeys(readFileSync(file, 'utf8'), /\r?\n/, `The session key file ${file}`);
}

/**
 * The path of a key file in the data directory, created on first use with one random
 * key in hex and owner-only permissions (the file 0600, a data folder it creates 0700).
 */
export function ownerOnlyKeyFile(dataDir: string, name: string): string {
  mkdirSync(dataDir, { recursive: true, mode: OWNER_ONLY_DIR });
  const file = path.join(dataDir, name);
  if (!existsSync(file)) {
    // Written whole beside it, then linked into place: several app processes starting on
    // one shared data folder (PostgreSQL, issue 36) all end up with the first one's key,
    // and none reads a file still being written.
    const written = `${file}.${process.pid}.new`;
    writeFileSync(written, `${randomBytes(KEY_BYTES).toString('hex')}\n`, {
      mode: OWNER_ONLY_FILE,
    });
    try {
      linkSync(written, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      rmSync(written, { force: true });
    }
  }
  chmodSync(file, OWNER_ONLY_FILE);
  return file;
}
