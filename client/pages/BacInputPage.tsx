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
import { kindByValue, recordKinds, type RecordKind } from '../../shared/record-kinds.ts';
import {
  hostedDocumentSha256,
  validateRecord,
  type FieldErrors,
} from '../../shared/record-validation.ts';
import { ApiError } from '../api-client.ts';
import { Page } from '../components/page/Page.tsx';
import { DocumentUpload, UPLOADED_MESSAGE } from '../components/staff/DocumentUpload.tsx';
import { FormMessage } from '../components/staff/FormMessage.tsx';
import { RecordFieldInputs } from '../components/staff/RecordFieldInputs.tsx';
import { StaffCard } from '../components/staff/StaffCard.tsx';
import { services } from '../services.ts';
import { ADD_SUCCESSFUL } from '../staff/staff-services.ts';
import { SIGNED_OUT_PARAM } from './BacLoginPage.tsx';

/** What a plain form upload (POST /bac-input/document) answered, by the code it sent back. */
const UPLOAD_OUTCOMES: Record<string, { tone: 'success' | 'error'; text: string }> = {
  done: { tone: 'success', text: UPLOADED_MESSAGE },
  missing: { tone: 'error', text: 'Choose a file to upload.' },
  unsupported: { tone: 'error', text: 'Only PDF, JPEG and PNG files can be uploaded.' },
  'too-large': { tone: 'error', text: 'The file is too large to upload.' },
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await services(context).staffSession();
  if (!session.user) throw redirect('/bac-login');
  const params = new URL(request.url).searchParams;
  const link = params.get('link') ?? '';
  return {
    user: session.user,
    csrfToken: session.csrfToken,
    flash: session.flash,
    type: kindByValue(params.get('type') ?? '')?.value ?? '',
    // Only a hosted document's own address is taken from the URL into the form.
    link: hostedDocumentSha256(link) ? link : '',
    upload: UPLOAD_OUTCOMES[params.get('upload') ?? ''] ?? null,
  };
}

type ActionResult =
  | { ok: true; message: string; kind: string; values: Record<string, string> }
  | { ok: false; message: string; fieldErrors: FieldErrors; values: Record<string, string> };

function fieldValues(kind: RecordKind, form: FormData): Record<string, string> {
  return Object.fromEntries(
    kind.fields.map((field) => [field.name, String(form.get(field.name) ?? '')]),
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const csrfToken = String(form.get('_csrf') ?? '');
  const staff = services(context);
  if (form.get('intent') === 'sign-out') {
    await staff.signOut(csrfToken);
    return redirect(`/bac-login?${SIGNED_OUT_PARAM}`, 303);
  }
  const kind = kindByValue(String(form.get('type') ?? ''));
  // Like the original, Add does nothing until a record type is chosen.
  if (!kind) return null;
  const values = fieldValues(kind, form);
  try {
    const outcome = await staff.addRecord(kind.collection, values, csrfToken);
    if (outcome.ok) {
      return { ok: true, message: ADD_SUCCESSFUL, kind: kind.value, values } satisfies ActionResult;
    }
    return data(
      {
        ok: false,
        message: outcome.message,
        fieldErrors: outcome.fieldErrors,
        values,
      } satisfies ActionResult,
      { status: outcome.status },
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw redirect('/bac-login');
    const message =
      error instanceof ApiError && error.status === 403
        ? 'This form has expired. Reload the page and try again; what you typed is kept.'
        : 'The record could not be saved. Please try again; what you typed is kept.';
    return data({ ok: false, message, fieldErrors: {}, values } satisfies ActionResult, {
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
  const { user, csrfToken, flash, type, link, upload } = useLoaderData<typeof loader>();
  const linkInput = useRef<HTMLInputElement>(null);
  const result = useActionData<typeof action>() as ActionResult | null | undefined;
  const submitting = useNavigation().state === 'submitting';
  const [, setSearchParams] = useSearchParams();
  const hydrated = useHydrated();
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const kind = kindByValue(type);

  const fieldErrors = clientErrors ?? (result && !result.ok ? result.fieldErrors : {});
  const errorMessage = clientErrors
    ? [...new Set(Object.values(clientErrors))].join(' ')
    : result && !result.ok
      ? result.message
      : null;
  const successMessage = !clientErrors && result?.ok ? result.message : null;

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
        <div className="staff-bar">
          <p className="staff-user">
            Signed in as <strong>{user.displayName}</strong> ({user.email})
          </p>
          <Form method="post" className="sign-out-form">
            <input type="hidden" name="_csrf" value={csrfToken} />
            <button
              type="submit"
              name="intent"
              value="sign-out"
              className="button button-secondary"
            >
              Sign out
            </button>
          </Form>
        </div>
        <FormMessage tone="success" message={successMessage ?? (result ? null : flash)} />
        <FormMessage tone="error" message={errorMessage} />

        <Form method="get" className="staff-form type-chooser">
          <div className="form-field">
            <label htmlFor="record-type">Select an option</label>
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

        {kind ? (
          <DocumentUpload
            key={`${type} ${link}`}
            csrfToken={csrfToken}
            type={type}
            message={upload}
            onUploaded={(url) => {
              if (linkInput.current) linkInput.current.value = url;
            }}
          />
        ) : null}

        <Form
          method="post"
          className="staff-form"
          noValidate
          onSubmit={checkBeforeSending}
          key={`${type} ${link}`}
        >
          <input type="hidden" name="_csrf" value={csrfToken} />
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
          <button type="submit" className="button button-primary" disabled={submitting}>
            Add
          </button>
        </Form>
        {successMessage && kind ? (
          <p>
            <Link to={kind.route}>See the {kind.title} list</Link>
          </p>
        ) : null}
      </StaffCard>
    </Page>
  );
}
