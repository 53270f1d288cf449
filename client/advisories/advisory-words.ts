import type { AdvisoryField, Severity } from '../../shared/advisories/advisories.ts';
import type { MessageKey } from '../../shared/i18n/messages-en.ts';

/** The word each banner starts with, in the page's language, so the severity never rests on colour alone. */
export const SEVERITY_KEYS: Record<Severity, MessageKey> = {
  information: 'advisory.information',
  warning: 'advisory.warning',
  danger: 'advisory.danger',
};

/** Each field's name where a page shows what a correction changed. */
export const ADVISORY_FIELD_KEYS: Record<AdvisoryField, MessageKey> = {
  severity: 'advisory.field.severity',
  title: 'advisory.field.title',
  text: 'advisory.field.text',
  starts: 'advisory.field.starts',
  ends: 'advisory.field.ends',
};
