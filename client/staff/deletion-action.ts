import { data, redirect } from 'react-router-dom';
import {
  DELETION_REFUSAL_KEYS,
  DELETION_REFUSALS,
  type DeletionOutcome,
} from '../../shared/deletion.ts';
import { pathInLang, type Lang } from '../../shared/i18n/languages.ts';
import type { StaffMessageKey } from '../../shared/i18n/staff-messages-en.ts';
import { checkReason } from '../../shared/records/record-validation.ts';
import { codeIn } from '../../shared/refusals.ts';
import { staffI18n } from '../i18n/useStaffI18n.ts';
import { refusalCodeOf, refusedStatus } from './staff-page-loader.ts';

/** What a refused deletion sends back to the page's DeleteForm. */
export interface DeletionFailure {
  intent: 'delete';
  id: string;
  message: string;
  reason: string;
  reasonError: string | undefined;
}

/**
 * The "delete" intent of the news and advisories pages' actions: the reason checked in
 * the page's words (as the service checks it), then the deletion, then back to the page
 * saying it is done; a refusal in the page's language.
 */
export async function deletionAction(
  request: Request,
  lang: Lang,
  page: { path: string; id: string; reason: string },
  remove: () => Promise<DeletionOutcome>,
) {
  const { t } = staffI18n(lang);
  const failure = (status: number, message: string, reasonError?: string) =>
    data(
      {
        intent: 'delete',
        id: page.id,
        message,
        reason: page.reason,
        reasonError,
      } satisfies DeletionFailure,
      { status },
    );
  const reason = checkReason(page.reason, { text: t, lang });
  if (!reason.ok) return failure(400, reason.message, reason.message);
  let outcome: DeletionOutcome;
  try {
    outcome = await remove();
  } catch (error) {
    // A refusal the services throw (an account without the role) has a code too.
    const status = refusedStatus(error, request);
    const code = codeIn(DELETION_REFUSALS, refusalCodeOf(error));
    const key: StaffMessageKey = code ? DELETION_REFUSAL_KEYS[code] : 'staff.delete.refused.failed';
    return failure(status ?? 500, t(key));
  }
  if (outcome.ok) return redirect(pathInLang(`${page.path}?done=deleted`, lang), 303);
  return failure(outcome.status, t(DELETION_REFUSAL_KEYS[outcome.code]));
}
