import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  loadSessionKeys,
  SESSION_KEY_FILE,
  SessionKeyError,
} from '../../server/auth/session-keys.ts';

describe('session keys', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'session-keys-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('creates a key file readable by its owner only, and reuses it', async () => {
    const [first] = loadSessionKeys(dir, undefined);
    const file = path.join(dir, SESSION_KEY_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(first).toHaveLength(32);
    expect(loadSessionKeys(dir, undefined)[0]?.equals(first!)).toBe(true);
    expect((await readFile(file, 'utf8')).trim()).toMatch(/^[0-9a-f]{64}$/);
  });

  it('creates a missing data folder owner-only, whatever the umask lets through', async () => {
    const umask = process.umask(0o022);
    try {
      const dataDir = path.join(dir, 'srv', 'data');
      loadSessionKeys(dataDir, undefined);
      expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
      expect((await stat(path.join(dataDir, SESSION_KEY_FILE))).mode & 0o777).toBe(0o600);
    } finally {
      process.umask(umask);
    }
  });

  it('takes rotated keys from SESSION_KEYS, newest first, in hex or base64', () => {
    const hex = 'ab'.repeat(32);
    const base64 = Buffer.alloc(32, 7).toString('base64');
    const keys = loadSessionKeys(dir, `${hex},${base64}`);
    expect(keys.map((key) => key.toString('hex'))).toEqual([hex, '07'.repeat(32)]);
  });

  it('refuses a key of the wrong length with a message naming the variable', () => {
    expect(() => loadSessionKeys(dir, 'abcd')).toThrow(SessionKeyError);
    expect(() => loadSessionKeys(dir, 'abcd')).toThrow(/SESSION_KEYS/);
  });
});
