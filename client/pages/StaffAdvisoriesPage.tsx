import {
  data,
  Form,
  Link,
  redirect,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router-dom';
import {
  ADVISORIES_PATH,
  ADVISORY_FIELDS,
  type Advisory,
  type AdvisoryFieldErrors,
  type AdvisoryInput,
  type AdvisoryOutcome,
} from '../../shared/advisories.ts';
import { toDateTimeLocal } from '../../shared/manila-time.ts';
import { FORM_EXPIRED } from '../../shared/staff-services.ts';
import { ApiError } from '../api-client.ts';
import { AdvisoryArticle } from '../components/advisories/AdvisoryArticle.tsx';
import {
  AdvisoryFields,
  ChangeAdvisory,
  type AdvisoryFormFailure,
} from '../components/advisories/AdvisoryForms.tsx';
import { Page } from '../components/page/Page.tsx';
import { FormMessage } from '../components/staff/FormMessage.tsx';
import { StaffCard } from '../components/staff/StaffCard.tsx';
import { services } from '../services-context.ts';
import { STAFF_PAGES } from '../staff/staff-pages.ts';
import '../styles/staff.css';
import { StaffNav } from '../components/staff/StaffNav.tsx';

export const NO_INFORMATION_ROLE =
  'Your account does not have the information role, which posting advisories needs. Ask an administrator to add it.';

const DONE: Record<string, string> = {
  posted: 'Advisory posted.',
  amended: 'Advisory corrected.',
  ended: 'Advisory ended: its banner is gone.',
};

const STATE_LABELS: Record<Advisory['state'], string> = {
  upcoming: 'Scheduled',
  active: 'Shown now',
  past: 'Over',
};

/** The HTTP status of a failed service call: the API's in the browser, the thrown error's on the server. */
function statusOf(error: unknown): number | undefined {
  if (error instanceof ApiError) return error.status;
  const code = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof code === 'number' ? code : undefined;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = services(context);
  const session = await app.staffSession();
  if (!session.user) throw redirect(STAFF_PAGES.login);
  const params = new URL(request.url).searchParams;
  const base = {
    user: session.user,
    csrfToken: session.csrfToken,
    done: DONE[params.get('done') ?? ''] ?? null,
    editId: Number(params.get('edit')) || null,
  };
  try {
    const { now, advisories } = await app.staffAdvisories();
    return { ...base, forbidden: false, now, advisories };
  } catch (error) {
    if (statusOf(error) === 401) throw redirect(STAFF_PAGES.login);
    if (statusOf(error) !== 403) throw error;
    return data(
      { ...base, forbidden: true, now: '', advisories: [] as Advisory[] },
      { status: 403 },
    );
  }
}

/** The advisory's fields and the reason, as typed. */
function typed(form: FormData): { fields: AdvisoryInput; reason: string } {
  const text = (name: string) => String(form.get(name) ?? '');
  return {
    fields: Object.fromEntries(
      ADVISORY_FIELDS.map((field) => [field, text(field)]),
    ) as AdvisoryInput,
    reason: text('reason'),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const csrfToken = String(form.get('_csrf') ?? '');
  const staff = services(context);
  const intent = String(form.get('intent') ?? '');
  if (intent !== 'post' && intent !== 'amend' && intent !== 'end') return null;
  const { fields, reason } = typed(form);
  const values = { ...fields, reason };
  const id = Number(form.get('id')) || null;
  const failure = (status: number, message: string, fieldErrors: AdvisoryFieldErrors = {}) =>
    data({ intent, id, message, fieldErrors, values } satisfies AdvisoryFormFailure, { status });
  try {
    let outcome: AdvisoryOutcome;
    if (intent === 'post') {
      outcome = await staff.postAdvisory(fields, csrfToken);
    } else if (id === null) {
      return failure(404, 'There is no such advisory.');
    } else if (intent === 'amend') {
      outcome = await staff.amendAdvisory(
        id,
        { ...fields, reason, version: Number(form.get('version')) },
        csrfToken,
      );
    } else {
      outcome = await staff.endAdvisory(id, { reason }, csrfToken);
    }
    if (outcome.ok) {
      const done = { post: 'posted', amend: 'amended', end: 'ended' }[intent];
      return redirect(
        `${STAFF_PAGES.advisories}?done=${done}#advisory-${outcome.advisory.id}`,
        303,
      );
    }
    const message =
      outcome.status === 409
        ? `Not saved: ${outcome.message} What you typed is kept below.`
        : outcome.message;
    return failure(outcome.status, message, outcome.fieldErrors);
  } catch (error) {
    const status = statusOf(error);
    if (status === 401) throw redirect(STAFF_PAGES.login);
    if (status === 403) {
      // On the server a bad token never reaches the action (the page route checks it first),
      // so a 403 there is the role check's. In the browser the page was shown because the
      // role was held, so the API's 403 is a token from another session: reloading mends
      // it, and shows the missing role if that is what changed meanwhile.
      return failure(403, error instanceof ApiError ? FORM_EXPIRED : NO_INFORMATION_ROLE);
    }
    return failure(
      500,
      'The advisory could not be saved. Please try again; what you typed is kept.',
    );
  }
}

/**
 * /staff/advisories: post an advisory, and correct or end one, for accounts with the
 * information role. Plain HTML forms posted to this route's action, so it works without
 * JavaScript; signed out it sends to the sign-in page.
 */
export function Component() {
  const loaded = useLoaderData<typeof loader>();
  const { user, csrfToken, done, editId, forbidden, now, advisories } = loaded;
  const failure =
    (useActionData<typeof action>() as AdvisoryFormFailure | null | undefined) ?? null;
  const postAdvisoryFormFailure = failure?.intent === 'post' ? failure : null;
  // A failure of a change keeps its advisory open even when the URL names none.
  const openId = failure && failure.intent !== 'post' ? failure.id : editId;
  const startNow = now ? toDateTimeLocal(now) : '';
  return (
    <Page title="Advisories (staff)" description="Post, correct and end advisories.">
      <StaffCard>
        <StaffNav user={user} csrfToken={csrfToken} />
        <FormMessage tone="success" message={failure ? null : done} />
        {failure && !failure.id && failure.intent !== 'post' ? (
          <FormMessage tone="error" message={failure.message} />
        ) : null}
        {forbidden ? (
          <p className="form-message form-message-error">{NO_INFORMATION_ROLE}</p>
        ) : (
          <>
            <h2 className="staff-heading">Post an advisory</h2>
            <p>
              It shows as a banner at the top of every public page from its start to its end, and on{' '}
              <Link to={ADVISORIES_PATH}>the advisories page</Link>.
            </p>
            <FormMessage tone="error" message={postAdvisoryFormFailure?.message ?? null} />
            <Form method="post" className="staff-form" noValidate>
              <input type="hidden" name="_csrf" value={csrfToken} />
              <AdvisoryFields
                idPrefix="post"
                values={
                  postAdvisoryFormFailure?.values ?? { severity: 'warning', starts: startNow }
                }
                errors={postAdvisoryFormFailure?.fieldErrors ?? {}}
              />
              <button type="submit" name="intent" value="post" className="button button-primary">
                Post advisory
              </button>
            </Form>

            <h2 className="staff-heading">All advisories</h2>
            {advisories.length === 0 ? <p>No advisory has been posted yet.</p> : null}
            {advisories.map((advisory) => (
              <div key={advisory.id} className="staff-advisory">
                <p className="staff-advisory-state">
                  {STATE_LABELS[advisory.state]} · version {advisory.version}
                </p>
                <AdvisoryArticle advisory={advisory} />
                {advisory.state === 'past' ? null : openId === advisory.id ? (
                  <ChangeAdvisory advisory={advisory} csrfToken={csrfToken} failure={failure} />
                ) : (
                  <p>
                    <Link
                      to={`${STAFF_PAGES.advisories}?edit=${advisory.id}#change-${advisory.id}`}
                    >
                      Correct or end<span className="visually-hidden"> “{advisory.title}”</span>
                    </Link>
                  </p>
                )}
              </div>
            ))}
          </>
        )}
      </StaffCard>
    </Page>
  );
}
