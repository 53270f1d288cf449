import {
  data,
  Link,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router-dom';
import {
  ADVISORIES_PATH,
  ADVISORY_FIELDS,
  checkAdvisory,
  type Advisory,
  type AdvisoryFieldErrors,
  type AdvisoryInput,
  ADVISORY_REFUSAL_KEYS,
  type AdvisoryOutcome,
  type AdvisoryRefusalCode,
} from '../../shared/advisories/advisories.ts';
import type { StaffMessageKey } from '../../shared/i18n/staff-messages-en.ts';
import { toDateTimeLocal } from '../../shared/manila-time.ts';
import { AdvisoryArticle } from './AdvisoryArticle.tsx';
import { AdvisoryFields, ChangeAdvisory, type AdvisoryFormFailure } from './AdvisoryForms.tsx';
import { Page } from '../components/page/Page.tsx';
import { ChangeForm } from '../staff/ChangeForm.tsx';
import { FormMessage } from '../staff/FormMessage.tsx';
import { StaffCard } from '../staff/StaffCard.tsx';
import { useStaffI18n } from '../i18n/useStaffI18n.ts';
import { services } from '../services-context.ts';
import { refusalCodeOf, refusedStatus, staffPageSession } from '../staff/staff-page-loader.ts';
import { STAFF_PAGES } from '../staff/staff-pages.ts';
import '../staff/staff.css';
import { StaffNav } from '../staff/StaffNav.tsx';
import { DeleteForm, offersDeletion } from '../staff/DeleteForm.tsx';
import { deletionAction, type DeletionFailure } from '../staff/deletion-action.ts';
import {
  doneRedirect,
  readStaffForm,
  refusalAnswer,
  typedProblems,
  type RefusalWords,
} from '../staff/staff-form-action.ts';

/** What `?done=` says after a write, in the page's words. */
const DONE: Record<string, StaffMessageKey> = {
  posted: 'staff.advisories.done.posted',
  amended: 'staff.advisories.done.amended',
  ended: 'staff.advisories.done.ended',
  deleted: 'staff.delete.done',
};

const STATE_LABELS: Record<Advisory['state'], StaffMessageKey> = {
  upcoming: 'staff.advisories.state.upcoming',
  active: 'staff.advisories.state.active',
  past: 'staff.advisories.state.past',
};

export async function loader(args: LoaderFunctionArgs) {
  const { request, context } = args;
  const { user, csrfToken, params } = await staffPageSession(args);
  const base = {
    user,
    csrfToken,
    done: DONE[params.get('done') ?? ''] ?? null,
    editId: Number(params.get('edit')) || null,
    // Offered to administrators alone; the service checks the role whoever asks.
    deleteId: offersDeletion(user) ? Number(params.get('delete')) || null : null,
  };
  try {
    // The service checks the role, so an account without it is refused (and audited) there.
    const { now, advisories } = await services(context).staffAdvisories();
    return { ...base, forbidden: false, now, advisories };
  } catch (error) {
    if (refusedStatus(error, request) !== 403) throw error;
    return data(
      { ...base, forbidden: true, now: '', advisories: [] as Advisory[] },
      { status: 403 },
    );
  }
}

/** How the page words the advisory service's refusals in another language than English. */
const ADVISORY_REFUSAL_WORDS: RefusalWords<AdvisoryRefusalCode> = {
  keys: ADVISORY_REFUSAL_KEYS,
  notSaved: new Set(['CHANGED_MEANWHILE', 'ALREADY_ENDED', 'ALREADY_OVER']),
  notSavedKey: 'staff.advisories.refused.notSaved',
  fieldOf: { ENDS_PASSED: 'ends' },
};

export async function action({ request, context }: ActionFunctionArgs) {
  const { form, text, csrfToken, intent, lang, i18n } = await readStaffForm(request);
  const staff = services(context);
  if (intent === 'delete') {
    const page = { path: STAFF_PAGES.advisories, id: text('id'), reason: text('reason') };
    return deletionAction(request, lang, page, () =>
      staff.deleteAdvisory(Number(page.id) || 0, { reason: page.reason }, csrfToken),
    );
  }
  if (intent !== 'post' && intent !== 'amend' && intent !== 'end') return null;
  const { t } = i18n;
  // The advisory's fields and the reason, as typed.
  const fields = Object.fromEntries(
    ADVISORY_FIELDS.map((field) => [field, text(field)]),
  ) as AdvisoryInput;
  const reason = text('reason');
  const values = { ...fields, reason };
  const id = Number(form.get('id')) || null;
  const failure = (status: number, message: string, fieldErrors: AdvisoryFieldErrors = {}) =>
    data({ intent, id, message, fieldErrors, values } satisfies AdvisoryFormFailure, { status });
  if (intent !== 'post' && id === null) return failure(404, t('staff.advisories.refused.noItem'));
  try {
    let outcome: AdvisoryOutcome;
    if (intent === 'post') {
      outcome = await staff.postAdvisory(fields, csrfToken);
    } else if (intent === 'amend') {
      outcome = await staff.amendAdvisory(
        id!,
        { ...fields, reason, version: Number(form.get('version')) },
        csrfToken,
      );
    } else {
      outcome = await staff.endAdvisory(id!, { reason }, csrfToken);
    }
    if (outcome.ok) {
      const done = { post: 'posted', amend: 'amended', end: 'ended' }[intent];
      return doneRedirect(
        `${STAFF_PAGES.advisories}?done=${done}#advisory-${outcome.advisory.id}`,
        lang,
      );
    }
    // Refused: why, in the page's language, from the same checks the service made.
    const refused = refusalAnswer(
      outcome,
      () =>
        typedProblems<AdvisoryFieldErrors>(
          intent === 'end' ? undefined : checkAdvisory(fields, t),
          intent === 'post' ? undefined : reason,
          i18n,
        ),
      i18n,
      ADVISORY_REFUSAL_WORDS,
    );
    return failure(refused.status, refused.message, refused.fieldErrors);
  } catch (error) {
    if (refusedStatus(error, request) === 403) {
      // The role check's refusal says so by its code (the services' StaffRefusal on the
      // server, the API's answer in the browser). A 403 without it is the API refusing a
      // token from another session (on the server a bad token never reaches the action):
      // reloading mends it.
      return failure(
        403,
        t(
          refusalCodeOf(error) === 'NOT_PERMITTED'
            ? 'staff.advisories.noRole'
            : 'staff.advisories.refused.formExpired',
        ),
      );
    }
    return failure(500, t('staff.advisories.refused.failed'));
  }
}

/**
 * /staff/advisories: post an advisory, and correct or end one, for accounts with the
 * information role. Plain HTML forms posted to this route's action, so it works without
 * JavaScript; signed out it sends to the sign-in page.
 */
export function Component() {
  const loaded = useLoaderData<typeof loader>();
  const { user, csrfToken, done, editId, deleteId, forbidden, now, advisories } = loaded;
  const answered =
    (useActionData<typeof action>() as AdvisoryFormFailure | DeletionFailure | null | undefined) ??
    null;
  const deleteFailure = answered?.intent === 'delete' ? answered : null;
  const failure = answered?.intent === 'delete' ? null : answered;
  const mayDelete = offersDeletion(user);
  const deleting = advisories.find(
    (advisory) => advisory.id === (deleteFailure ? Number(deleteFailure.id) : deleteId),
  );
  const postAdvisoryFormFailure = failure?.intent === 'post' ? failure : null;
  // A failure of a change keeps its advisory open even when the URL names none.
  const openId = failure && failure.intent !== 'post' ? failure.id : editId;
  const startNow = now ? toDateTimeLocal(now) : '';
  const { t, rich, localPath } = useStaffI18n();
  return (
    <Page title={t('staff.advisories.pageTitle')} description={t('staff.advisories.description')}>
      <StaffCard>
        <StaffNav user={user} csrfToken={csrfToken} />
        <FormMessage tone="success" message={answered || !done ? null : t(done)} />
        {deleting ? (
          <DeleteForm
            id={String(deleting.id)}
            title={deleting.title}
            csrfToken={csrfToken}
            cancelTo={localPath(STAFF_PAGES.advisories)}
            failure={deleteFailure}
          />
        ) : (
          <FormMessage tone="error" message={deleteFailure?.message ?? null} />
        )}
        {failure && !failure.id && failure.intent !== 'post' ? (
          <FormMessage tone="error" message={failure.message} />
        ) : null}
        {forbidden ? (
          <p className="form-message form-message-error">{t('staff.advisories.noRole')}</p>
        ) : (
          <>
            <h2 className="staff-heading">{t('staff.advisories.post.heading')}</h2>
            <p>
              {rich('staff.advisories.post.explain', {
                link: (
                  <Link to={localPath(ADVISORIES_PATH)}>{t('staff.advisories.post.link')}</Link>
                ),
              })}
            </p>
            <FormMessage tone="error" message={postAdvisoryFormFailure?.message ?? null} />
            <ChangeForm
              csrfToken={csrfToken}
              noValidate
              submit={{ label: t('staff.advisories.post.button'), intent: 'post' }}
              inRow={false}
            >
              <AdvisoryFields
                idPrefix="post"
                values={
                  postAdvisoryFormFailure?.values ?? { severity: 'warning', starts: startNow }
                }
                errors={postAdvisoryFormFailure?.fieldErrors ?? {}}
              />
            </ChangeForm>

            <h2 className="staff-heading">{t('staff.advisories.all.heading')}</h2>
            {advisories.length === 0 ? <p>{t('staff.advisories.all.none')}</p> : null}
            {advisories.map((advisory) => (
              <div key={advisory.id} className="staff-advisory">
                <p className="staff-advisory-state">
                  {t('staff.advisories.stateLine', {
                    state: t(STATE_LABELS[advisory.state]),
                    version: advisory.version,
                  })}
                </p>
                <AdvisoryArticle advisory={advisory} />
                {advisory.state === 'past' ? null : openId === advisory.id ? (
                  <ChangeAdvisory advisory={advisory} csrfToken={csrfToken} failure={failure} />
                ) : (
                  <p>
                    <Link
                      to={localPath(
                        `${STAFF_PAGES.advisories}?edit=${advisory.id}#change-${advisory.id}`,
                      )}
                    >
                      {t('staff.advisories.all.correctOrEnd')}
                      <span className="visually-hidden"> “{advisory.title}”</span>
                    </Link>
                  </p>
                )}
                {mayDelete ? (
                  <p>
                    <Link to={localPath(`${STAFF_PAGES.advisories}?delete=${advisory.id}`)}>
                      {t('staff.delete.link')}
                      <span className="visually-hidden"> “{advisory.title}”</span>
                    </Link>
                  </p>
                ) : null}
              </div>
            ))}
          </>
        )}
      </StaffCard>
    </Page>
  );
}
