import { LOGIN_SUCCESSFUL } from '../../shared/staff-services.ts';
import type { StaffI18n } from '../i18n/useStaffI18n.ts';

/**
 * The session's one-time message in the page's language. The session keeps the English
 * text, which the JSON API returns as it always did; the one flash the site sets (after
 * sign-in) is known here, and anything else is shown as it came.
 */
export function staffFlash(flash: string | null, { t }: StaffI18n): string | null {
  return flash === LOGIN_SUCCESSFUL ? t('staff.login.successful') : flash;
}
