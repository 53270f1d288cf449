import { data, redirect } from 'react-router-dom';
import type { DeletionOutcome } from '../../shared/deletion.ts';
import { pathInLang, type Lang } from '../../shared/i18n/languages.ts';
import type { StaffMessageKey } from '../../shared/i18n/staff-messages-en.ts';
import { checkReason } from '../../shared/records/record-validation.ts';
import { staffI18n } from '../i18n/useStaffI18n.ts';
import { refusedStatus } from './staff-page-loader.ts';

/** What a refused deletion sends back to the page's DeleteForm. */
export interface DeletionFailure {
  intent: 'delete';
  id: string;
  message: string;
  reason: string;
  reasonError: string | undefined;
}

const REFUSED: Record<number, StaffMessageKey> = {
  403: 'staff.delete.refused.noRole',
  404: 'staff.delete.refused.noItem',
};

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
    const status = refusedStatus(error, request);
    return failure(status ?? 500, t(REFUSED[status ?? 500] ?? 'staff.delete.refused.failed'));
  }
  if (outcome.ok) return redirect(pathInLang(`${page.path}?done=deleted`, lang), 303);
  return failure(outcome.status, t(REFUSED[outcome.status] ?? 'staff.delete.refused.failed'));
}
