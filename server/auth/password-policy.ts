import { dictionary } from '@zxcvbn-ts/language-common';

import { formatMessage } from '../../shared/i18n/format-message.ts';
import { staffEn } from '../../shared/i18n/staff-messages-en.ts';
import {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  PASSWORD_LENGTHS,
  PASSWORD_PROBLEM_KEYS,
  type PasswordProblem,
} from '../../shared/staff-accounts/staff-accounts.ts';

let commonPasswords: Set<string> | undefined;

function isCommon(password: string): boolean {
  commonPasswords ??= new Set(
    (dictionary['passwords-common'] as string[]).map((word) => word.toLowerCase()),
  );
  return commonPasswords.has(password.toLowerCase());
}

/**
 * Whether the password holds the whole address, or holds its local part and little else:
 * what is left once the local part is taken out would be too short on its own. A name like
 * `admin` inside a long passphrase ("Kalayaan-2025-admin") is no weakness worth refusing;
 * "maria.santos.2026" for maria.santos@… is.
 */
function leansOnEmail(password: string, email: string): boolean {
  const lower = password.toLowerCase();
  const address = email.toLowerCase();
  if (address && lower.includes(address)) return true;
  const localPart = address.split('@')[0] ?? '';
  if (localPart.length < 3 || !lower.includes(localPart)) return false;
  return [...lower.replaceAll(localPart, '')].length < MIN_PASSWORD_LENGTH;
}

/**
 * Why a new password is refused, as a code a page words in its language, or undefined when
 * it may be used. OWASP ASVS 5.0: length matters, composition rules do not; common
 * passwords are refused.
 */
export function passwordProblemCode(password: string, email: string): PasswordProblem | undefined {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return 'too-short';
  if (length > MAX_PASSWORD_LENGTH) return 'too-long';
  if (isCommon(password)) return 'common';
  if (leansOnEmail(password, email)) return 'contains-email';
  if (/^(.)\1+$/u.test(password)) return 'one-character';
  return undefined;
}

/** A password problem in English words, as the CLI and the API give it. */
export function passwordProblemText(problem: PasswordProblem): string {
  return formatMessage(staffEn[PASSWORD_PROBLEM_KEYS[problem]], PASSWORD_LENGTHS);
}

/** Why a new password is refused, in English words, or undefined when it may be used. */
export function passwordProblem(password: string, email: string): string | undefined {
  const problem = passwordProblemCode(password, email);
  return problem && passwordProblemText(problem);
}
