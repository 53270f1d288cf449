import { describe, expect, it } from 'vitest';
import { passwordProblem } from '../../server/auth/password-policy.ts';

describe('password policy', () => {
  it.each([
    ['short1', /too short/],
    ['password123', /commonly used/],
    ['qwertyuiop', /commonly used/],
    ['maria.santos.2026', /e-mail/],
    ['aaaaaaaaaaaa', /single character/],
    ['x'.repeat(129), /too long/],
  ])('refuses %s', (password, reason) => {
    expect(passwordProblem(password, 'maria.santos@example.gov.ph')).toMatch(reason);
  });

  it.each([
    ['maria.santos@example.gov.ph-x', 'maria.santos@example.gov.ph'],
    ['admin2025!', 'admin@example.gov.ph'],
  ])('refuses %s, mostly the address of %s', (password, email) => {
    expect(passwordProblem(password, email)).toMatch(/e-mail/);
  });

  it('accepts a passphrase that merely holds a short local part', () => {
    expect(passwordProblem('Kalayaan-2025-admin', 'admin@example.gov.ph')).toBeUndefined();
  });

  it('accepts a long passphrase without composition rules', () => {
    expect(
      passwordProblem('kalabaw sa bukid tuwing umaga', 'maria@example.gov.ph'),
    ).toBeUndefined();
  });
});
