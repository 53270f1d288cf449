import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  data,
  Form,
  Link,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
  useSearchParams,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router-dom';
import {
  formFieldValue,
  kindByCollection,
  kindByValue,
  recordKinds,
  type RecordKind,
} from '../../shared/record-kinds.ts';
import {
  describeFieldErrors,
  hostedDocumentSha256,
  validateRecord,
  type FieldErrors,
} from '../../shared/record-validation.ts';
import { ApiError } from '../api-client.ts';
import { Page } from '../components/page/Page.tsx';
import { recordPath } from '../../shared/record-path.ts';
import { ChangeRecordPanel, type ChangeFailure } from '../components/staff/ChangeRecordPanel.tsx';
import { DocumentUpload, UPLOADED_MESSAGE } from '../components/staff/DocumentUpload.tsx';
import { FormMessage } from '../components/staff/FormMessage.tsx';
import { RecentRecords } from '../components/staff/RecentRecords.tsx';
import { CHANGE_DONE, requestedChange } from '../components/staff/record-change.ts';
import { RecordFieldInputs } from '../components/staff/RecordFieldInputs.tsx';
import { StaffCard } from '../components/staff/StaffCard.tsx';
import { StaffNav } from '../components/staff/StaffNav.tsx';
import { services } from '../services-context.ts';
import { ADD_SUCCESSFUL, FORM_EXPIRED } from '../../shared/staff-services.ts';
// Staff styles load with the staff pages only; the server links them when it renders one.
import '../styles/staff.css';

/** What a plain form upload (POST /bac-input/document) answered, by the code it sent back. */
const UPLOAD_OUTCOMES: Record<string, { tone: 'success' | 'error'; text: string }> = {
  done: { tone: 'success', text: UPLOADED_MESSAGE },
  missing: { tone: 'error', text: 'Choose a file to upload.' },
  unsupported: { tone: 'error', text: 'Only PDF, JPEG and PNG files can be uploaded.' },
  'too-large': { tone: 'error', text: 'The file is too large to upload.' },
  forbidden: {
    tone: 'error',
    text: 'Your account cannot upload procurement documents: it needs the BAC role. Ask an administrator.',
  },
};

/** The record the URL asks to edit or withdraw, loaded; `missing` when there is no such record. */
async function loadChange(
  params: URLSearchParams,
  app: ReturnType<typeof services>,
  signal: AbortSignal,
) {
  const wanted = requestedChange(params);
  if (!wanted) return { change: null, changeMissing: false };
  if ('missing' in wanted) return { change: null, changeMissing: true };
  const record = await app.record(wanted.kind.collection, wanted.id, signal);
  if (!record) return { change: null, changeMissing: true };
  return { change: { mode: wanted.mode, kind: wanted.kind.value, record }, changeMissing: false };
}

/** The record a finished change was made to, for the link to its public page. */
function changedRecordPath(params: URLSearchParams): string | null {
  const kind = kindByCollection(params.get('collection') ?? '');
  const id = Number(params.get('id'));
  return kind && Number.isSafeInteger(id) && id > 0 ? recordPath(kind, id) : null;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = services(context);
  const session = await app.staffSession();
  if (!session.user) throw redirect('/bac-login');
  const params = new URL(request.url).searchParams;
  const link = params.get('link') ?? '';
  const [recent, { change, changeMissing }] = await Promise.all([
    app.recentRecords(),
    loadChange(params, app, request.signal),
  ]);
  const done = CHANGE_DONE[params.get('done') ?? ''];
  return {
    recent,
    change,
    changeMissing,
    done: done ? { message: done, path: changedRecordPath(params) } : null,
    user: session.user,
    csrfToken: session.csrfToken,
    formKey: session.formKey ?? '',
    flash: session.flash,
    type: kindByValue(params.get('type') ?? '')?.value ?? '',
    // Only a hosted document's own address is taken from the URL into the form.
    link: hostedDocumentSha256(link) ? link : '',
    upload: UPLOAD_OUTCOMES[params.get('upload') ?? ''] ?? null,
  };
}

/** The record an Add stored, or had stored already when the same form was sent before. */
interface AddedRecord {
  title: string;
  path: string;
  alreadyStored: boolean;
}

/**
 * What Add answered. `formKey` is the key the form was sent with: the form keeps it after
 * a success, so sending it again stores nothing new, until Clear the form fetches a new one.
 */
type ActionResult = { formKey: string; values: Record<string, string> } & (
  { ok: true; added: AddedRecord } | { ok: false; message: string; fieldErrors: FieldErrors }
);

type ChangeResult = ChangeFailure & { intent: 'amend' | 'withdraw' };

const ALREADY_STORED = 'This form was already sent, so nothing new was stored.';

function fieldValues(kind: RecordKind, form: FormData): Record<string, string> {
  return Object.fromEntries(kind.fields.map((field) => [field.name, formFieldValue(field, form)]));
}

/**
 * Edit or Withdraw: on success back to the page (303) saying what was done; on failure the
 * reason, per field, with what was typed. A stale version (409) changes nothing.
 */
async function changeRecord(
  intent: 'amend' | 'withdraw',
  form: FormData,
  staff: ReturnType<typeof services>,
  csrfToken: string,
) {
  const kind = kindByCollection(String(form.get('collection') ?? ''));
  const id = Number(form.get('id'));
  const reason = String(form.get('reason') ?? '');
  const values = kind && intent === 'amend' ? fieldValues(kind, form) : {};
  const failure = (status: number, message: string, fieldErrors: Record<string, string> = {}) =>
    data({ intent, message, fieldErrors, values, reason } satisfies ChangeResult, { status });
  if (!kind || !Number.isSafeInteger(id) || id < 1) return failure(404, 'There is no such record.');
  try {
    const outcome =
      intent === 'amend'
        ? await staff.amendRecord(
            kind.collection,
            id,
            { fields: values, reason, version: Number(form.get('version')) },
            csrfToken,
          )
        : await staff.withdrawRecord(kind.collection, id, { reason }, csrfToken);
    if (outcome.ok) {
      const done = new URLSearchParams({
        done: intent === 'amend' ? 'amended' : 'withdrawn',
        collection: kind.collection,
        id: String(id),
      });
      return redirect(`/bac-input?${done}`, 303);
    }
    const message =
      outcome.status === 409
        ? `Not saved: ${outcome.message} What you typed is kept below.`
        : outcome.message;
    return failure(outcome.status, message, outcome.fieldErrors);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw redirect('/bac-login');
    if (error instanceof ApiError && error.status === 403) return failure(403, FORM_EXPIRED);
    return failure(500, 'The change could not be saved. Please try again; what you typed is kept.');
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const csrfToken = String(form.get('_csrf') ?? '');
  const staff = services(context);
  const intent = form.get('intent');
  if (intent === 'amend' || intent === 'withdraw') {
    return changeRecord(intent, form, staff, csrfToken);
  }
  const kind = kindByValue(String(form.get('type') ?? ''));
  // Like the original, Add does nothing until a record type is chosen.
  if (!kind) return null;
  const values = fieldValues(kind, form);
  const formKey = String(form.get('form_key') ?? '');
  try {
    const outcome = await staff.addRecord(
      kind.collection,
      values,
      csrfToken,
      // A page rendered before form keys existed sends none: stored as before.
      formKey === '' ? undefined : formKey,
    );
    if (outcome.ok) {
      const { record, alreadyStored } = outcome;
      const added: AddedRecord = {
        title: record[kind.nameField] ?? `${kind.label} ${record.id}`,
        path: recordPath(kind, record.id),
        alreadyStored,
      };
      return { ok: true, added, formKey, values } satisfies ActionResult;
    }
    return data(
      {
        ok: false,
        message: outcome.message,
        fieldErrors: outcome.fieldErrors,
        formKey,
        values,
      } satisfies ActionResult,
      { status: outcome.status },
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw redirect('/bac-login');
    const message =
      error instanceof ApiError && error.status === 403
        ? FORM_EXPIRED
        : 'The record could not be saved. Please try again; what you typed is kept.';
    return data({ ok: false, message, fieldErrors: {}, formKey, values } satisfies ActionResult, {
      status: 500,
    });
  }
}

/** Without JavaScript the type is chosen with a button; with it, choosing is enough. */
function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the point is to re-render once after hydration
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

export function Component() {
  const loaded = useLoaderData<typeof loader>();
  const { user, csrfToken, flash, type, link, upload, recent, change, changeMissing, done } =
    loaded;
  const linkInput = useRef<HTMLInputElement>(null);
  const actionData = useActionData<typeof action>() as
    ActionResult | ChangeResult | null | undefined;
  const changeFailure = actionData && 'intent' in actionData ? actionData : null;
  const result = actionData && !('intent' in actionData) ? actionData : null;
  const changeKind = change ? kindByValue(change.kind) : undefined;
  const submitting = useNavigation().state === 'submitting';
  const [, setSearchParams] = useSearchParams();
  const hydrated = useHydrated();
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const kind = kindByValue(type);

  // The form keeps the key it was sent with (see ActionResult); a new page brings a new one.
  const formKey = result?.formKey ?? loaded.formKey;
  const fieldErrors = clientErrors ?? (result && !result.ok ? result.fieldErrors : {});
  const errorMessage =
    clientErrors && kind
      ? describeFieldErrors(kind, clientErrors)
      : result && !result.ok
        ? result.message
        : null;
  const added = !clientErrors && result?.ok ? result.added : null;
  const successMessage = added ? (
    <>
      {added.alreadyStored ? ALREADY_STORED : `${ADD_SUCCESSFUL}.`} Added: {added.title} (
      <Link to={added.path}>view it</Link>)
    </>
  ) : null;

  function checkBeforeSending(event: FormEvent<HTMLFormElement>) {
    if (!kind) {
      event.preventDefault();
      return;
    }
    const validation = validateRecord(kind, fieldValues(kind, new FormData(event.currentTarget)));
    setClientErrors(validation.ok ? null : validation.errors);
    if (!validation.ok) event.preventDefault();
  }

  return (
    <Page
      title="Add a procurement record"
      description="Data entry for staff of the Bids and Awards Committee."
    >
      <StaffCard>
        <StaffNav user={user} csrfToken={csrfToken} />
        <FormMessage tone="success" message={actionData ? null : (done?.message ?? flash)} />
        {done?.path && !actionData ? (
          <p>
            <Link to={done.path}>See the record’s public page</Link>
          </p>
        ) : null}

        {change && changeKind ? (
          <ChangeRecordPanel
            key={`${change.kind}/${change.record.id}/${change.mode}/${change.record.version}`}
            mode={change.mode}
            kind={changeKind}
            record={change.record}
            csrfToken={csrfToken}
            failure={changeFailure}
            submitting={submitting}
          />
        ) : null}
        {changeMissing ? (
          <section id="change-record" className="change-record">
            <p className="form-message form-message-error">
              There is no such record to change. Choose one from the recent records below.
            </p>
          </section>
        ) : null}

        <h2 className="staff-heading">Add a record</h2>
        <Form method="get" className="staff-form type-chooser">
          <div className="form-field">
            <label htmlFor="record-type">Type of record</label>
            <select
              id="record-type"
              name="type"
              value={type}
              onChange={(event) => {
                setClientErrors(null);
                setSearchParams(event.target.value ? { type: event.target.value } : {}, {
                  replace: true,
                  preventScrollReset: true,
                });
              }}
            >
              <option value="">Select an option</option>
              {recordKinds.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button button-secondary" hidden={hydrated}>
            Show the fields
          </button>
        </Form>

        {/* The two forms sit in sections of their own: as siblings of one list, keys that
            happened to be equal made React lose track of the upload form and add a copy on
            every render after hydration. */}
        {kind ? (
          <section aria-labelledby="upload-step-heading">
            <h3 id="upload-step-heading" className="entry-step-heading">
              1. Upload the document
            </h3>
            <DocumentUpload
              key={`${type} ${link}`}
              csrfToken={csrfToken}
              type={type}
              message={upload}
              onUploaded={(url) => {
                if (linkInput.current) linkInput.current.value = url;
              }}
            />
          </section>
        ) : null}

        <section aria-labelledby={kind ? 'add-step-heading' : undefined}>
          {kind ? (
            <h3 id="add-step-heading" className="entry-step-heading">
              2. Add the record
            </h3>
          ) : null}
          <FormMessage tone="success" message={successMessage} />
          <FormMessage tone="error" message={errorMessage} />
          {/* A new form key is a new form: Clear the form and another type start empty. */}
          <Form
            method="post"
            className="staff-form"
            noValidate
            onSubmit={checkBeforeSending}
            key={formKey}
          >
            <input type="hidden" name="_csrf" value={csrfToken} />
            <input type="hidden" name="form_key" value={formKey} />
            <input type="hidden" name="type" value={type} />
            {kind ? (
              <RecordFieldInputs
                kind={kind}
                idPrefix="field"
                values={result?.values ?? { link }}
                errors={fieldErrors}
                linkRef={linkInput}
              />
            ) : null}
            <div className="button-row">
              <button type="submit" className="button button-primary" disabled={submitting}>
                Add
              </button>
              {added && kind ? (
                <Link
                  to={`/bac-input?${new URLSearchParams({ type: kind.value })}`}
                  className="button button-secondary"
                >
                  Clear the form
                </Link>
              ) : null}
            </div>
          </Form>
          {added && kind ? (
            <p>
              <Link to={kind.route}>See the {kind.title} list</Link>
            </p>
          ) : null}
        </section>

        <section aria-labelledby="recent-records-heading">
          <h2 id="recent-records-heading" className="staff-heading">
            Recent records
          </h2>
          <RecentRecords records={recent} />
        </section>
      </StaffCard>
    </Page>
  );
}
