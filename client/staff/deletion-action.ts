import { data } from 'react-router-dom';
import {
  DELETION_REFUSAL_KEYS,
  DELETION_REFUSALS,
  type DeletionOutcome,
} from '../../shared/deletion.ts';
import type { Lang } from '../../shared/i18n/languages.ts';
import type { StaffMessageKey } from '../../shared/i18n/staff-messages-en.ts';
import { codeIn } from '../../shared/refusals.ts';
import { staffI18n } from '../i18n/useStaffI18n.ts';
import { refusalCodeOf, refusedStatus } from './staff-page-loader.ts';
import { doneRedirect, reasonProblem } from './staff-form-action.ts';

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
  const i18n = staffI18n(lang);
  const { t } = i18n;
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
  const reasonError = reasonProblem(page.reason, i18n);
  if (reasonError !== undefined) return failure(400, reasonError, reasonError);
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
  if (outcome.ok) return doneRedirect(`${page.path}?done=deleted`, lang);
  return failure(outcome.status, t(DELETION_REFUSAL_KEYS[outcome.code]));
}
