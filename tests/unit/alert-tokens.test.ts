import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_KEY_FILE, alertTokens, type AlertTokens } from '../../server/alerts/alert-tokens.ts';
import { nextDigestTime } from '../../server/alerts/digest-time.ts';

describe('signed alert links', () => {
  let dataDir: string;
  let tokens: AlertTokens;
  const subscription = { id: 7, nonce: 'a1b2c3' };
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'alert-tokens-'));
    tokens = alertTokens(dataDir);
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('keeps its key in an owner-only file in the data directory', async () => {
    expect((await stat(path.join(dataDir, ALERT_KEY_FILE))).mode & 0o777).toBe(0o600);
  });

  it('verifies a link for its own subscription and purpose only', () => {
    const token = tokens.sign('unsubscribe', subscription);
    expect(token).toMatch(/^[a-z0-9.]+$/);
    expect(tokens.verify(token, 'unsubscribe', subscription)).toBe(true);
    expect(tokens.verify(token, 'manage', subscription)).toBe(false);
    expect(tokens.verify(token, 'unsubscribe', { id: 7, nonce: 'other' })).toBe(false);
    expect(
      tokens.verify(token.replace('.7.', '.8.'), 'unsubscribe', { id: 8, nonce: 'a1b2c3' }),
    ).toBe(false);
    const flipped = token.slice(0, -1) + (token.endsWith('0') ? '1' : '0');
    expect(tokens.verify(flipped, 'unsubscribe', subscription)).toBe(false);
  });

  it('carries the expiry it was signed with, which cannot be changed', () => {
    const expires = new Date('2026-03-04T00:00:00Z');
    const token = tokens.sign('confirm', subscription, expires);
    expect(tokens.read(token)).toEqual({ purpose: 'confirm', id: 7, expires: expires.getTime() });
    const later = token.replace(String(expires.getTime()), String(expires.getTime() + 1));
    expect(tokens.verify(later, 'confirm', subscription)).toBe(false);
  });

  it('does not read what is not a link', () => {
    for (const text of [
      '',
      'confirm',
      'delete.1.0.0123456789abcdef0123456789abcdef',
      'confirm.x.0.abc',
    ])
      expect(tokens.read(text)).toBeUndefined();
  });
});

describe('the daily digest time', () => {
  it.each([
    ['2026-03-02T02:00:00Z', '2026-03-02T23:00:00Z'], // 10:00 Manila: the next morning
    ['2026-03-02T22:59:59Z', '2026-03-02T23:00:00Z'], // 06:59:59 Manila
    ['2026-03-02T23:00:00Z', '2026-03-03T23:00:00Z'], // 07:00 exactly: the next day's
    ['2026-03-02T23:30:00Z', '2026-03-03T23:00:00Z'],
    ['2024-02-28T23:00:00Z', '2024-02-29T23:00:00Z'], // a leap day
    ['2026-12-31T16:00:00Z', '2026-12-31T23:00:00Z'], // New Year's Day, 00:00 Manila
  ])('after %s is %s (07:00 Manila)', (now, next) => {
    expect(nextDigestTime(new Date(now)).toISOString()).toBe(new Date(next).toISOString());
  });
});
