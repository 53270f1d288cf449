import { dictionary } from '@zxcvbn-ts/language-common';

/** OWASP ASVS 5.0: length matters, composition rules do not; common passwords are refused. */
export const MIN_PASSWORD_LENGTH = 8;
export const RECOMMENDED_PASSWORD_LENGTH = 15;
export const MAX_PASSWORD_LENGTH = 128;

let commonPasswords: Set<string> | undefined;

function isCommon(password: string): boolean {
  commonPasswords ??= new Set(
    (dictionary['passwords-common'] as string[]).map((word) => word.toLowerCase()),
  );
  return commonPasswords.has(password.toLowerCase());
}

/** Why a new password is refused, or undefined when it may be used. */
export function passwordProblem(password: string, email: string): string | undefined {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) {
    return `it is too short: use at least ${MIN_PASSWORD_LENGTH} characters (${RECOMMENDED_PASSWORD_LENGTH} or more is better)`;
  }
  if (length > MAX_PASSWORD_LENGTH) {
    return `it is too long: use at most ${MAX_PASSWORD_LENGTH} characters`;
  }
  if (isCommon(password)) return 'it is one of the most commonly used passwords';
  const localPart = email.split('@')[0]?.toLowerCase() ?? '';
  const lower = password.toLowerCase();
  if (lower === email.toLowerCase() || (localPart.length >= 4 && lower.includes(localPart))) {
    return 'it contains the e-mail address';
  }
  if (/^(.)\1+$/u.test(password)) return 'it repeats a single character';
  return undefined;
}
