import {
  data,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router-dom';
import type { StaffMessageKey } from '../../shared/i18n/staff-messages-en.ts';
import {
  formatNewsDate,
  PICTURE_UPLOAD_FAILURES,
  STAFF_NEWS_PATH,
  STAFF_PICTURE_FORM_PATH,
  validateNewsInput,
  type NewsErrors,
  NEWS_REFUSAL_KEYS,
  type NewsOutcome,
  type NewsRefusalCode,
  type StaffNewsItem,
} from '../../shared/news/news.ts';
import { Page } from '../components/page/Page.tsx';
import { FormMessage } from '../staff/FormMessage.tsx';
import { NewsFields, type NewsFormValues } from './NewsFields.tsx';
import { ChangeForm } from '../staff/ChangeForm.tsx';
import { StaffCard } from '../staff/StaffCard.tsx';
import { useStaffI18n } from '../i18n/useStaffI18n.ts';
import { services } from '../services-context.ts';
import {
  doneRedirect,
  readStaffForm,
  refusalAnswer,
  typedProblems,
  type RefusalWords,
} from '../staff/staff-form-action.ts';
import { refusedStatus, staffPageSession } from '../staff/staff-page-loader.ts';
import '../staff/staff.css';
import { localize } from '../../shared/i18n/localized-text.ts';
import { StaffNav } from '../staff/StaffNav.tsx';
import { DeleteForm, offersDeletion } from '../staff/DeleteForm.tsx';
import { deletionAction, type DeletionFailure } from '../staff/deletion-action.ts';

/** What `?done=` says after a write, in the page's words. */
const DONE: Record<string, StaffMessageKey> = {
  added: 'staff.news.done.added',
  amended: 'staff.news.done.amended',
  withdrawn: 'staff.news.done.withdrawn',
  deleted: 'staff.delete.done',
};

export async function loader(args: LoaderFunctionArgs) {
  const { request, context } = args;
  const { user, csrfToken, params } = await staffPageSession(args);
  const base = { user, csrfToken };
  let items: StaffNewsItem[];
  try {
    // The service checks the role, so an account without it is refused (and audited) there.
    items = await services(context).staffNews();
  } catch (error) {
    // An account without the information role: the page says so.
    if (refusedStatus(error, request) === 403)
      return data({ ...base, forbidden: true as const }, { status: 403 });
    throw error;
  }
  const find = (name: string) => items.find((item) => item.id === params.get(name)) ?? null;
  const picture = params.get('picture') ?? '';
  const upload = params.get('upload') ?? '';
  const doneId = params.get('id') ?? '';
  return {
    ...base,
    forbidden: false as const,
    items,
    editing: find('edit'),
    withdrawing: find('withdraw'),
    // Offered to administrators alone; the service checks the role whoever asks.
    deleting: offersDeletion(user) ? find('delete') : null,
    // Only the number an upload answered is taken from the URL into the form.
    picture: /^[1-9][0-9]{0,15}$/.test(picture) ? picture : '',
    uploadError: Object.hasOwn(PICTURE_UPLOAD_FAILURES, upload)
      ? PICTURE_UPLOAD_FAILURES[upload as keyof typeof PICTURE_UPLOAD_FAILURES]
      : null,
    done: DONE[params.get('done') ?? ''] ?? null,
    doneId: /^[a-z0-9-]{1,100}$/.test(doneId) ? doneId : null,
  };
}

type Intent = 'add' | 'amend' | 'withdraw';

/** What a refused write sends back: why, per field, and everything that was typed. */
interface Failure {
  intent: Intent;
  message: string;
  fieldErrors: NewsErrors;
  values: NewsFormValues;
  reason: string;
}

function formValues(text: (name: string) => string): NewsFormValues {
  return {
    title: text('title'),
    date: text('date'),
    summary: text('summary'),
    text: text('text'),
    picture: text('picture'),
    alt: text('alt'),
  };
}

/** How the page words the news service's refusals in another language than English. */
const NEWS_REFUSAL_WORDS: RefusalWords<NewsRefusalCode> = {
  keys: NEWS_REFUSAL_KEYS,
  notSaved: new Set(['CHANGED_MEANWHILE', 'ALREADY_WITHDRAWN']),
  notSavedKey: 'staff.news.refused.notSaved',
  fieldOf: { NO_SUCH_PICTURE: 'picture' },
};

export async function action({ request, context }: ActionFunctionArgs) {
  const { text, csrfToken, intent, lang, i18n } = await readStaffForm(request);
  const staff = services(context);
  if (intent === 'delete') {
    const page = { path: STAFF_NEWS_PATH, id: text('id'), reason: text('reason') };
    return deletionAction(request, lang, page, () =>
      staff.deleteNews(page.id, { reason: page.reason }, csrfToken),
    );
  }
  if (intent !== 'add' && intent !== 'amend' && intent !== 'withdraw') return null;
  const { t } = i18n;
  const values = formValues(text);
  const reason = text('reason');
  const id = text('id');
  const failure = (status: number, message: string, fieldErrors: NewsErrors = {}) =>
    data({ intent, message, fieldErrors, values, reason } satisfies Failure, { status });
  const input = { ...values, picture: Number(values.picture) || 0 };
  let outcome: NewsOutcome;
  try {
    outcome =
      intent === 'add'
        ? await staff.addNews(input, csrfToken)
        : intent === 'amend'
          ? await staff.amendNews(
              id,
              { ...input, reason, version: Number(text('version')) },
              csrfToken,
            )
          : await staff.withdrawNews(id, { reason }, csrfToken);
  } catch (error) {
    refusedStatus(error, request);
    return failure(500, t('staff.news.refused.failed'));
  }
  if (outcome.ok) {
    const done = { add: 'added', amend: 'amended', withdraw: 'withdrawn' }[intent];
    return doneRedirect(
      `${STAFF_NEWS_PATH}?${new URLSearchParams({ done, id: outcome.item.id })}`,
      lang,
    );
  }
  // Refused: why, in the page's language, from the same checks the service made.
  const refused = refusalAnswer(
    outcome,
    () =>
      typedProblems<NewsErrors>(
        intent === 'withdraw' ? undefined : validateNewsInput(input, t),
        intent === 'add' ? undefined : reason,
        i18n,
      ),
    i18n,
    NEWS_REFUSAL_WORDS,
    { number: values.picture },
  );
  return failure(refused.status, refused.message, refused.fieldErrors);
}

function valuesOf(item: StaffNewsItem, picture: string): NewsFormValues {
  return {
    title: item.title,
    date: item.date,
    summary: item.summary,
    text: item.text,
    picture: picture || String(item.pictureId),
    // A picture uploaded from the web has one alt text, as staff typed it.
    alt: localize(item.picture.alt, 'en').text,
  };
}

const EMPTY: NewsFormValues = { title: '', date: '', summary: '', text: '', picture: '', alt: '' };

/** /staff/news: publish, correct and withdraw news items; every form works without JavaScript. */
export function Component() {
  const loaded = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>() as Failure | DeletionFailure | null | undefined;
  const submitting = useNavigation().state === 'submitting';
  const { t, lang, localPath } = useStaffI18n();
  const { user, csrfToken } = loaded;
  const title = t('staff.news.title');
  const description = t('staff.news.description');

  const signOut = <StaffNav user={user} csrfToken={csrfToken} />;

  if (loaded.forbidden) {
    return (
      <Page title={title} description={description}>
        <StaffCard>
          {signOut}
          <FormMessage tone="error" message={t('staff.news.forbidden')} />
        </StaffCard>
      </Page>
    );
  }

  const { items, editing, withdrawing, deleting, picture, uploadError, done, doneId } = loaded;
  const failed = (intent: Intent) =>
    failure && failure.intent === intent ? (failure as Failure) : null;
  const deleteFailure = failure?.intent === 'delete' ? failure : null;
  const mayDelete = offersDeletion(user);
  const addFailure = failed('add');
  const amendFailure = failed('amend');
  const withdrawFailure = failed('withdraw');
  const newsPath = localPath(STAFF_NEWS_PATH);
  /** Why a correction or a withdrawal is made; the public reads it on the item's page. */
  const reasonOf = (id: string, refused: Failure | null) => ({
    id,
    label: t('staff.news.reason.label'),
    hint: t('staff.news.reason.hint'),
    value: refused?.reason ?? '',
    error: refused?.fieldErrors.reason,
  });

  return (
    <Page title={title} description={description}>
      <StaffCard>
        {signOut}
        <FormMessage tone="success" message={failure || !done ? null : t(done)} />
        {deleting ? (
          <DeleteForm
            id={deleting.id}
            title={deleting.title}
            csrfToken={csrfToken}
            cancelTo={newsPath}
            failure={deleteFailure}
          />
        ) : (
          <FormMessage tone="error" message={deleteFailure?.message ?? null} />
        )}
        {done && doneId && !failure ? (
          <p>
            <Link to={localPath(`/view-news/${doneId}`)}>{t('staff.news.publicPage')}</Link>
          </p>
        ) : null}

        {withdrawing ? (
          <section aria-labelledby="withdraw-heading" className="change-record">
            <h2 id="withdraw-heading" className="staff-heading">
              {t('staff.news.withdraw.heading', { title: withdrawing.title })}
            </h2>
            <p>{t('staff.news.withdraw.explain')}</p>
            <FormMessage tone="error" message={withdrawFailure?.message ?? null} />
            <ChangeForm
              csrfToken={csrfToken}
              hidden={{ id: withdrawing.id }}
              reason={reasonOf('withdraw-reason', withdrawFailure)}
              submit={{
                label: t('staff.news.withdraw.button'),
                intent: 'withdraw',
                busy: submitting,
              }}
              cancel={{ to: newsPath, label: t('staff.news.cancel') }}
            />
          </section>
        ) : null}

        <section aria-labelledby="picture-heading">
          <h2 id="picture-heading" className="staff-heading">
            {t('staff.news.picture.heading')}
          </h2>
          <FormMessage tone="error" message={uploadError ? t(uploadError) : null} />
          <FormMessage
            tone="success"
            message={picture ? t('staff.news.picture.uploaded', { number: picture }) : null}
          />
          {/* A plain multipart post to the server, with or without JavaScript; the token
              comes before the file, where the server reads it. */}
          <form
            method="post"
            action={localPath(STAFF_PICTURE_FORM_PATH)}
            encType="multipart/form-data"
            className="staff-form"
          >
            <input type="hidden" name="_csrf" value={csrfToken} />
            {editing ? <input type="hidden" name="edit" value={editing.id} /> : null}
            <div className="form-field">
              <label htmlFor="picture-file">{t('staff.news.picture.file')}</label>
              <input
                id="picture-file"
                type="file"
                name="file"
                accept="image/jpeg,image/png,image/webp"
                required
              />
            </div>
            <div className="button-row">
              <button type="submit" className="button button-secondary">
                {t('staff.news.picture.button')}
              </button>
            </div>
          </form>
        </section>

        <section aria-labelledby="item-heading">
          <h2 id="item-heading" className="staff-heading">
            {editing
              ? t('staff.news.item.correct', { title: editing.title })
              : t('staff.news.item.write')}
          </h2>
          <FormMessage
            tone="error"
            message={(editing ? amendFailure : addFailure)?.message ?? null}
          />
          <ChangeForm
            key={editing ? `${editing.id}/${editing.version}` : 'new'}
            csrfToken={csrfToken}
            hidden={editing ? { id: editing.id, version: editing.version } : {}}
            reason={editing ? reasonOf('amend-reason', amendFailure) : undefined}
            submit={{
              label: editing ? t('staff.news.item.saveCorrection') : t('staff.news.item.publish'),
              intent: editing ? 'amend' : 'add',
              busy: submitting,
            }}
            cancel={editing ? { to: newsPath, label: t('staff.news.cancel') } : undefined}
          >
            <NewsFields
              idPrefix="news"
              values={
                (editing ? amendFailure : addFailure)?.values ??
                (editing ? valuesOf(editing, picture) : { ...EMPTY, picture })
              }
              errors={(editing ? amendFailure : addFailure)?.fieldErrors ?? {}}
            />
          </ChangeForm>
        </section>

        <section aria-labelledby="news-list-heading">
          <h2 id="news-list-heading" className="staff-heading">
            {t('staff.news.list.heading')}
          </h2>
          <ul className="staff-news-list">
            {items.map((item) => (
              <li key={item.id}>
                <Link to={localPath(`/view-news/${item.id}`)}>{item.title}</Link>{' '}
                <span>
                  {t(
                    item.status === 'withdrawn'
                      ? 'staff.news.list.lineWithdrawn'
                      : 'staff.news.list.line',
                    { date: formatNewsDate(item.date, lang), version: item.version },
                  )}
                </span>
                {item.status === 'published' ? (
                  <span className="staff-news-actions">
                    <Link to={`${newsPath}?edit=${item.id}`}>
                      {t('staff.news.list.edit')}
                      <span className="visually-hidden"> {item.title}</span>
                    </Link>{' '}
                    <Link to={`${newsPath}?withdraw=${item.id}`}>
                      {t('staff.news.list.withdraw')}
                      <span className="visually-hidden"> {item.title}</span>
                    </Link>
                  </span>
                ) : null}
                {mayDelete ? (
                  <span className="staff-news-actions">
                    {' '}
                    <Link to={`${newsPath}?delete=${item.id}`}>
                      {t('staff.delete.link')}
                      <span className="visually-hidden"> {item.title}</span>
                    </Link>
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      </StaffCard>
    </Page>
  );
}
