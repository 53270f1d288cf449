import {
  data,
  Form,
  Link,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router-dom';
import {
  formatNewsDate,
  PICTURE_UPLOAD_MESSAGES,
  STAFF_NEWS_PATH,
  STAFF_PICTURE_FORM_PATH,
  type NewsErrors,
  type NewsOutcome,
  type StaffNewsItem,
} from '../../shared/news.ts';
import { Page } from '../components/page/Page.tsx';
import { FormMessage } from '../components/staff/FormMessage.tsx';
import { NewsFields, type NewsFormValues } from '../components/staff/NewsFields.tsx';
import { FieldError } from '../components/staff/RecordFieldInputs.tsx';
import { StaffCard } from '../components/staff/StaffCard.tsx';
import { services } from '../services-context.ts';
import '../styles/staff.css';
import { localize } from '../../shared/i18n/localized-text.ts';
import { StaffNav } from '../components/staff/StaffNav.tsx';

const DONE: Record<string, string> = {
  added: 'The news item is published.',
  amended: 'The correction is saved.',
  withdrawn: 'The news item is withdrawn.',
};

/** The HTTP status a refused service call carries, on the server (statusCode) or in the browser (ApiError). */
function statusOf(error: unknown): number | undefined {
  const { status, statusCode } = (error ?? {}) as { status?: unknown; statusCode?: unknown };
  return typeof status === 'number'
    ? status
    : typeof statusCode === 'number'
      ? statusCode
      : undefined;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = services(context);
  const session = await app.staffSession();
  if (!session.user) throw redirect('/bac-login');
  const params = new URL(request.url).searchParams;
  const base = { user: session.user, csrfToken: session.csrfToken };
  let items: StaffNewsItem[];
  try {
    items = await app.staffNews();
  } catch (error) {
    // An account without the information role: the page says so (the server's words).
    if (statusOf(error) === 403)
      return data({ ...base, forbidden: (error as Error).message }, { status: 403 });
    throw error;
  }
  const find = (name: string) => items.find((item) => item.id === params.get(name)) ?? null;
  const picture = params.get('picture') ?? '';
  const upload = params.get('upload') ?? '';
  const doneId = params.get('id') ?? '';
  return {
    ...base,
    forbidden: null,
    items,
    editing: find('edit'),
    withdrawing: find('withdraw'),
    // Only the number an upload answered is taken from the URL into the form.
    picture: /^[1-9][0-9]{0,15}$/.test(picture) ? picture : '',
    uploadError: Object.hasOwn(PICTURE_UPLOAD_MESSAGES, upload)
      ? PICTURE_UPLOAD_MESSAGES[upload as keyof typeof PICTURE_UPLOAD_MESSAGES]
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

const text = (form: FormData, name: string) => String(form.get(name) ?? '');

function formValues(form: FormData): NewsFormValues {
  return {
    title: text(form, 'title'),
    date: text(form, 'date'),
    summary: text(form, 'summary'),
    text: text(form, 'text'),
    picture: text(form, 'picture'),
    alt: text(form, 'alt'),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const csrfToken = text(form, '_csrf');
  const staff = services(context);
  const intent = form.get('intent');
  if (intent !== 'add' && intent !== 'amend' && intent !== 'withdraw') return null;
  const values = formValues(form);
  const reason = text(form, 'reason');
  const id = text(form, 'id');
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
              { ...input, reason, version: Number(form.get('version')) },
              csrfToken,
            )
          : await staff.withdrawNews(id, { reason }, csrfToken);
  } catch (error) {
    const status = statusOf(error);
    if (status === 401) throw redirect('/bac-login');
    return failure(
      500,
      'The news item could not be saved. Please try again; what you typed is kept.',
    );
  }
  if (outcome.ok) {
    const done = { add: 'added', amend: 'amended', withdraw: 'withdrawn' }[intent];
    return redirect(
      `${STAFF_NEWS_PATH}?${new URLSearchParams({ done, id: outcome.item.id })}`,
      303,
    );
  }
  const message =
    outcome.status === 409
      ? `Not saved: ${outcome.message} What you typed is kept below.`
      : outcome.message;
  return failure(outcome.status, message, outcome.fieldErrors);
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

function ReasonField({
  id,
  error,
  value,
}: {
  id: string;
  error: string | undefined;
  value: string;
}) {
  return (
    <div className="form-field">
      <label htmlFor={id}>Reason</label>
      <p className="field-hint" id={`${id}-hint`}>
        Shown to the public in the item’s history.
      </p>
      <textarea
        id={id}
        name="reason"
        rows={3}
        required
        maxLength={1000}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}

/** /staff/news: publish, correct and withdraw news items; every form works without JavaScript. */
export function Component() {
  const loaded = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>() as Failure | null | undefined;
  const submitting = useNavigation().state === 'submitting';
  const { user, csrfToken } = loaded;

  const signOut = <StaffNav user={user} csrfToken={csrfToken} />;

  if (loaded.forbidden !== null) {
    return (
      <Page title="News" description="Publishing news for the municipality’s information office.">
        <StaffCard>
          {signOut}
          <FormMessage tone="error" message={loaded.forbidden} />
        </StaffCard>
      </Page>
    );
  }

  const { items, editing, withdrawing, picture, uploadError, done, doneId } = loaded;
  const failed = (intent: Intent) => (failure?.intent === intent ? failure : null);
  const addFailure = failed('add');
  const amendFailure = failed('amend');
  const withdrawFailure = failed('withdraw');

  return (
    <Page title="News" description="Publishing news for the municipality’s information office.">
      <StaffCard>
        {signOut}
        <FormMessage tone="success" message={failure ? null : done} />
        {done && doneId && !failure ? (
          <p>
            <Link to={`/view-news/${doneId}`}>See the item’s public page</Link>
          </p>
        ) : null}

        {withdrawing ? (
          <section aria-labelledby="withdraw-heading" className="change-record">
            <h2 id="withdraw-heading" className="staff-heading">
              Withdraw “{withdrawing.title}”
            </h2>
            <p>
              It leaves the news list, the home page and the feed; its page stays, marked withdrawn
              with your reason.
            </p>
            <FormMessage tone="error" message={withdrawFailure?.message ?? null} />
            <Form method="post" className="staff-form">
              <input type="hidden" name="_csrf" value={csrfToken} />
              <input type="hidden" name="id" value={withdrawing.id} />
              <ReasonField
                id="withdraw-reason"
                error={withdrawFailure?.fieldErrors.reason}
                value={withdrawFailure?.reason ?? ''}
              />
              <div className="button-row">
                <button
                  type="submit"
                  name="intent"
                  value="withdraw"
                  className="button button-primary"
                  disabled={submitting}
                >
                  Withdraw
                </button>
                <Link to={STAFF_NEWS_PATH} className="button button-secondary">
                  Cancel
                </Link>
              </div>
            </Form>
          </section>
        ) : null}

        <section aria-labelledby="picture-heading">
          <h2 id="picture-heading" className="staff-heading">
            1. Upload the picture
          </h2>
          <FormMessage tone="error" message={uploadError} />
          <FormMessage
            tone="success"
            message={picture ? `Picture ${picture} is uploaded and filled in below.` : null}
          />
          {/* A plain multipart post to the server, with or without JavaScript; the token
              comes before the file, where the server reads it. */}
          <form
            method="post"
            action={STAFF_PICTURE_FORM_PATH}
            encType="multipart/form-data"
            className="staff-form"
          >
            <input type="hidden" name="_csrf" value={csrfToken} />
            {editing ? <input type="hidden" name="edit" value={editing.id} /> : null}
            <div className="form-field">
              <label htmlFor="picture-file">Picture (JPEG, PNG or WebP)</label>
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
                Upload the picture
              </button>
            </div>
          </form>
        </section>

        <section aria-labelledby="item-heading">
          <h2 id="item-heading" className="staff-heading">
            {editing ? `2. Correct “${editing.title}”` : '2. Write the news item'}
          </h2>
          <FormMessage
            tone="error"
            message={(editing ? amendFailure : addFailure)?.message ?? null}
          />
          <Form
            method="post"
            className="staff-form"
            key={editing ? `${editing.id}/${editing.version}` : 'new'}
          >
            <input type="hidden" name="_csrf" value={csrfToken} />
            {editing ? (
              <>
                <input type="hidden" name="id" value={editing.id} />
                <input type="hidden" name="version" value={editing.version} />
              </>
            ) : null}
            <NewsFields
              idPrefix="news"
              values={
                (editing ? amendFailure : addFailure)?.values ??
                (editing ? valuesOf(editing, picture) : { ...EMPTY, picture })
              }
              errors={(editing ? amendFailure : addFailure)?.fieldErrors ?? {}}
            />
            {editing ? (
              <ReasonField
                id="amend-reason"
                error={amendFailure?.fieldErrors.reason}
                value={amendFailure?.reason ?? ''}
              />
            ) : null}
            <div className="button-row">
              <button
                type="submit"
                name="intent"
                value={editing ? 'amend' : 'add'}
                className="button button-primary"
                disabled={submitting}
              >
                {editing ? 'Save the correction' : 'Publish'}
              </button>
              {editing ? (
                <Link to={STAFF_NEWS_PATH} className="button button-secondary">
                  Cancel
                </Link>
              ) : null}
            </div>
          </Form>
        </section>

        <section aria-labelledby="news-list-heading">
          <h2 id="news-list-heading" className="staff-heading">
            News items
          </h2>
          <ul className="staff-news-list">
            {items.map((item) => (
              <li key={item.id}>
                <Link to={`/view-news/${item.id}`}>{item.title}</Link>{' '}
                <span>
                  ({formatNewsDate(item.date)}, version {item.version}
                  {item.status === 'withdrawn' ? ', withdrawn' : ''})
                </span>
                {item.status === 'published' ? (
                  <span className="staff-news-actions">
                    <Link to={`${STAFF_NEWS_PATH}?edit=${item.id}`}>
                      Edit<span className="visually-hidden"> {item.title}</span>
                    </Link>{' '}
                    <Link to={`${STAFF_NEWS_PATH}?withdraw=${item.id}`}>
                      Withdraw<span className="visually-hidden"> {item.title}</span>
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
