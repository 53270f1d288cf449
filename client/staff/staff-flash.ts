import { FLASH_KEYS, type StaffFlash } from '../../shared/staff-services.ts';
import type { StaffI18n } from '../i18n/useStaffI18n.ts';

/**
 * The session's one-time message in the page's language, worded from its code (the
 * session keeps the code; the JSON API sends its English beside it).
 */
export function staffFlash(flash: StaffFlash | null, { t }: StaffI18n): string | null {
  return flash ? t(FLASH_KEYS[flash.code]) : null;
}
