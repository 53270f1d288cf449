import {
  ACCOUNT_PROBLEM_KEYS,
  ACCOUNT_REFUSAL_KEYS,
  MAX_DISPLAY_NAME,
  type AccountRefusal,
} from '../../shared/staff-accounts/staff-accounts.ts';
import type { StaffI18n } from '../i18n/useStaffI18n.ts';

/**
 * A refused account change in the page's language, from the codes the services send:
 * the message, and each field's problem for the add form.
 */
export function refusalWords(
  t: StaffI18n['t'],
  refusal: Pick<AccountRefusal, 'code' | 'problems'>,
  email: string,
): { message: string; fieldErrors: Record<string, string> } {
  const values = { email, max: MAX_DISPLAY_NAME };
  const fieldErrors = Object.fromEntries(
    Object.entries(refusal.problems).map(([field, problem]) => [
      field,
      t(ACCOUNT_PROBLEM_KEYS[problem], values),
    ]),
  );
  const message =
    Object.values(fieldErrors).join(' ') || t(ACCOUNT_REFUSAL_KEYS[refusal.code], values);
  return { message, fieldErrors };
}
