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
import { langOfPath } from '../../shared/i18n/languages.ts';
import { formatManilaDate } from '../../shared/manila-time.ts';
import {
  describeFieldErrors,
  hostedDocumentSha256,
  validateFieldUpdates,
  validateRecord,
  type FieldErrors,
  type FieldProblems,
} from '../../shared/records/record-validation.ts';
import { ApiError } from '../api-client.ts';
import { refusedStatus } from '../staff/staff-page-loader.ts';
import { Page } from '../components/page/Page.tsx';
import type { RecentRecord, RecordDetail } from '../../shared/records/record-detail.ts';
import { recordPath } from '../../shared/records/record-path.ts';
import { ChangeRecordPanel, type ChangeFailure } from './ChangeRecordPanel.tsx';
import { DocumentUpload, type UploadMessage } from './DocumentUpload.tsx';
import { STAFF_PLAN_PAGE } from '../../shared/procurement-projects/procurement-plan.ts';
import { STAFF_PROJECTS_PAGE } from '../../shared/procurement-projects/procurement-project.ts';
import { ErrorLinks, FormMessage } from '../staff/FormMessage.tsx';
import { RecentRecords } from './RecentRecords.tsx';
import { CHANGE_DONE, requestedChange } from './record-change.ts';
import { RecordFieldInputs } from './RecordFieldInputs.tsx';
import { ProjectChoice, ProjectSearch } from '../procurement-projects/ProjectChoice.tsx';
import { loadProjectChoices } from '../procurement-projects/project-choices.ts';
import { StaffCard } from '../staff/StaffCard.tsx';
import { StaffNav } from '../staff/StaffNav.tsx';
import { staffFlash } from '../staff/staff-flash.ts';
import { validationWords } from '../staff/validation-words.ts';
import {
  doneRedirect,
  problemsMessage,
  readStaffForm,
  typedProblems,
  type StaffForm,
} from '../staff/staff-form-action.ts';
import { localize } from '../../shared/i18n/localized-text.ts';
import { staffI18n, useStaffI18n, type StaffI18n } from '../i18n/useStaffI18n.ts';
import { services } from '../services-context.ts';
import { STAFF_PAGES } from '../staff/staff-pages.ts';
import {
  ADD_RECORD_REFUSAL_KEYS,
  RECORD_CHANGE_REFUSAL_KEYS,
  type AddRecordOutcome,
  type RecordChangeOutcome,
} from '../../shared/staff-services.ts';
// Staff styles load with the staff pages only; the server links them when it renders one.
import '../staff/staff.css';

/** What a plain form upload (POST /bac-input/document) answered, by the code it sent back. */
const UPLOAD_OUTCOMES: Record<string, UploadMessage> = {
  done: { tone: 'success', key: 'staff.upload.done' },
  missing: { tone: 'error', key: 'staff.upload.missing' },
  unsupported: { tone: 'error', key: 'staff.upload.unsupported' },
  'too-large': { tone: 'error', key: 'staff.upload.tooLarge' },
  forbidden: { tone: 'error', key: 'staff.upload.forbidden' },
};

/** The staff words in the language of the page a request is for (/fil/bac-input is Filipino). */
function requestI18n(request: Request): StaffI18n {
  return staffI18n(langOfPath(new URL(request.url).pathname));
}

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
  const i18n = requestI18n(request);
  if (!session.user) throw redirect(i18n.localPath(STAFF_PAGES.login));
  const base = { user: session.user, csrfToken: session.csrfToken };
  let recent: RecentRecord[];
  try {
    // The service checks the BAC role, so an account without it is refused (and audited)
    // there, and is shown why rather than a form whose every Add would be refused.
    recent = await app.recentRecords();
  } catch (error) {
    if (refusedStatus(error, request) === 403)
      return data({ ...base, forbidden: true as const }, { status: 403 });
    throw error;
  }
  const params = new URL(request.url).searchParams;
  const link = params.get('link') ?? '';
  const { change, changeMissing } = await loadChange(params, app, request.signal);
  const projects = await loadProjectChoices(params, app, request.signal);
  const done = CHANGE_DONE[params.get('done') ?? ''];
  return {
    ...base,
    forbidden: false as const,
    recent,
    change,
    changeMissing,
    done: done ? { key: done, path: changedRecordPath(params) } : null,
    formKey: session.formKey ?? '',
    flash: staffFlash(session.flash, i18n),
    type: kindByValue(params.get('type') ?? '')?.value ?? '',
    // Only a hosted document's own address is taken from the URL into the form.
    link: hostedDocumentSha256(link) ? link : '',
    upload: UPLOAD_OUTCOMES[params.get('upload') ?? ''] ?? null,
    projects,
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
  | { ok: true; added: AddedRecord }
  | ({ ok: false; message: string; fieldErrors: FieldErrors } & Pick<FieldProblems, 'blank'>)
);

type ChangeResult = ChangeFailure & { intent: 'amend' | 'withdraw' };

function fieldValues(kind: RecordKind, form: FormData): Record<string, string> {
  return Object.fromEntries(kind.fields.map((field) => [field.name, formFieldValue(field, form)]));
}

/** What Add sends: the kind's fields and the procurement project chosen (an OCID or "new"). */
function addedValues(kind: RecordKind, form: FormData): Record<string, string> {
  const project = form.get('project');
  return { ...fieldValues(kind, form), ...(typeof project === 'string' ? { project } : {}) };
}

/**
 * The per-field problems of a refused change in the page's language. The service checked
 * the change by the same shared rules (shared/records/record-validation.ts), so checking what was
 * typed again here finds the same problems, worded for this page.
 */
function changeProblems(
  intent: 'amend' | 'withdraw',
  kind: RecordKind,
  values: Record<string, string>,
  reason: string,
  i18n: StaffI18n,
): Record<string, string> {
  const fields =
    intent === 'amend' ? validateFieldUpdates(kind, values, validationWords(i18n)) : undefined;
  return typedProblems(fields, reason, i18n);
}

/**
 * Why a change was refused, in the page's language, from the refusal's code (the
 * service's `message` is English): bad input by the page's own check of what was typed.
 */
async function changeRefusal(
  refusal: Extract<RecordChangeOutcome, { ok: false }>,
  problems: Record<string, string>,
  current: () => Promise<RecordDetail | undefined>,
  { t, lang }: StaffI18n,
): Promise<string> {
  if (refusal.code === 'CHANGED_MEANWHILE' || refusal.code === 'ALREADY_WITHDRAWN') {
    // The record as it now stands gives the version or the date, and says which it is now
    // (withdrawn since the refusal, say).
    const record = await current();
    if (record?.withdrawn) {
      const date = formatManilaDate(record.withdrawn.at, lang);
      return t(RECORD_CHANGE_REFUSAL_KEYS.ALREADY_WITHDRAWN, { date });
    }
    return t(RECORD_CHANGE_REFUSAL_KEYS.CHANGED_MEANWHILE, { version: record?.version ?? '' });
  }
  const message = problemsMessage(problems);
  if (refusal.code === 'INVALID_INPUT' && message !== '') return message;
  return t(RECORD_CHANGE_REFUSAL_KEYS[refusal.code]);
}

/**
 * Edit or Withdraw: on success back to the page (303) saying what was done; on failure the
 * reason, per field, with what was typed. A stale version (409) changes nothing.
 */
async function changeRecord(
  intent: 'amend' | 'withdraw',
  { form, text, csrfToken, lang, i18n }: StaffForm,
  staff: ReturnType<typeof services>,
  signal: AbortSignal,
) {
  const { t, localPath } = i18n;
  const kind = kindByCollection(text('collection'));
  const id = Number(form.get('id'));
  const reason = text('reason');
  const values = kind && intent === 'amend' ? fieldValues(kind, form) : {};
  const failure = (status: number, message: string, fieldErrors: Record<string, string> = {}) =>
    data({ intent, message, fieldErrors, values, reason } satisfies ChangeResult, { status });
  if (!kind || !Number.isSafeInteger(id) || id < 1) {
    return failure(404, t('staff.change.noSuchRecord'));
  }
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
      return doneRedirect(`${STAFF_PAGES.input}?${done}`, lang);
    }
    const problems =
      outcome.code === 'INVALID_INPUT' ? changeProblems(intent, kind, values, reason, i18n) : {};
    const current = () => staff.record(kind.collection, id, signal);
    const message = await changeRefusal(outcome, problems, current, i18n);
    return failure(outcome.status, message, problems);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      throw redirect(localPath(STAFF_PAGES.login));
    }
    if (error instanceof ApiError && error.status === 403) {
      return failure(403, t('staff.input.formExpired'));
    }
    return failure(500, t('staff.change.failed'));
  }
}

/** Why Add was refused, in the page's language, from the refusal's code (the service's `message` is English). */
function addRefusal(
  kind: RecordKind,
  values: Record<string, string>,
  outcome: Extract<AddRecordOutcome, { ok: false }>,
  i18n: StaffI18n,
): { message: string; fieldErrors: FieldErrors } & Pick<FieldProblems, 'blank'> {
  if (outcome.code === 'INVALID_INPUT') {
    // What was typed breaks the shared rules: checked again here to word them for this page.
    const words = validationWords(i18n);
    const validation = validateRecord(kind, values, words);
    if (!validation.ok) {
      return {
        message: describeFieldErrors(kind, validation, words),
        fieldErrors: validation.errors,
        blank: validation.blank,
      };
    }
  }
  return { message: i18n.t(ADD_RECORD_REFUSAL_KEYS[outcome.code]), fieldErrors: {}, blank: [] };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const posted = await readStaffForm(request);
  const { form, text, csrfToken, intent, i18n } = posted;
  const staff = services(context);
  if (intent === 'amend' || intent === 'withdraw') {
    return changeRecord(intent, posted, staff, request.signal);
  }
  const kind = kindByValue(text('type'));
  const formKey = text('form_key');
  // Add before a type is chosen (there are no fields yet) says what to do first.
  if (!kind) {
    const message = i18n.t('staff.input.chooseTypeFirst');
    return data(
      {
        ok: false,
        message,
        fieldErrors: {},
        blank: [],
        formKey,
        values: {},
      } satisfies ActionResult,
      {
        status: 400,
      },
    );
  }
  const values = addedValues(kind, form);
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
        title: record[kind.nameField] ?? `${localize(kind.label, i18n.lang).text} ${record.id}`,
        path: i18n.localPath(recordPath(kind, record.id)),
        alreadyStored,
      };
      return { ok: true, added, formKey, values } satisfies ActionResult;
    }
    const refusal = addRefusal(kind, values, outcome, i18n);
    return data({ ok: false, ...refusal, formKey, values } satisfies ActionResult, {
      status: outcome.status,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      throw redirect(i18n.localPath(STAFF_PAGES.login));
    }
    const message =
      error instanceof ApiError && error.status === 403
        ? i18n.t('staff.input.formExpired')
        : i18n.t('staff.input.saveFailed');
    return data(
      { ok: false, message, fieldErrors: {}, blank: [], formKey, values } satisfies ActionResult,
      { status: 500 },
    );
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
  const { t } = useStaffI18n();
  if (loaded.forbidden) {
    return (
      <Page title={t('staff.input.title')} description={t('staff.input.description')}>
        <StaffCard>
          <StaffNav user={loaded.user} csrfToken={loaded.csrfToken} />
          <FormMessage tone="error" message={t('staff.input.noBacRole')} />
        </StaffCard>
      </Page>
    );
  }
  return <RecordInput loaded={loaded} />;
}

type RecordInputData = Extract<
  ReturnType<typeof useLoaderData<typeof loader>>,
  { forbidden: false }
>;

/** The records desk itself, for an account that holds the BAC role. */
function RecordInput({ loaded }: { loaded: RecordInputData }) {
  const {
    user,
    csrfToken,
    flash,
    type,
    link,
    upload,
    recent,
    change,
    changeMissing,
    done,
    projects,
  } = loaded;
  const linkInput = useRef<HTMLInputElement>(null);
  const actionData = useActionData<typeof action>() as
    ActionResult | ChangeResult | null | undefined;
  const changeFailure = actionData && 'intent' in actionData ? actionData : null;
  const result = actionData && !('intent' in actionData) ? actionData : null;
  const changeKind = change ? kindByValue(change.kind) : undefined;
  const submitting = useNavigation().state === 'submitting';
  const [, setSearchParams] = useSearchParams();
  const hydrated = useHydrated();
  const [clientErrors, setClientErrors] = useState<FieldProblems | null>(null);
  // Add pressed in the browser before a type was chosen.
  const [noType, setNoType] = useState(false);
  // What was typed before the type changed, for the fields the new type shares.
  const [carried, setCarried] = useState<Record<string, string>>({});
  const addForm = useRef<HTMLFormElement>(null);
  const outcomeMessage = useRef<HTMLDivElement>(null);
  const kind = kindByValue(type);
  const i18n = useStaffI18n();
  const { t, rich, localPath, lang } = i18n;

  // The form keeps the key it was sent with (see ActionResult); a new page brings a new one.
  const formKey = result?.formKey ?? loaded.formKey;
  const fieldErrors = clientErrors?.errors ?? (result && !result.ok ? result.fieldErrors : {});
  // The required fields left blank, which the summary's sentence names together.
  const blank = new Set<string>(clientErrors?.blank ?? (result && !result.ok ? result.blank : []));
  const errorText = noType
    ? t('staff.input.chooseTypeFirst')
    : clientErrors && kind
      ? describeFieldErrors(kind, clientErrors, validationWords(i18n))
      : result && !result.ok
        ? result.message
        : null;
  // The error summary: what is wrong, then each problem as a link to its field.
  const errorMessage =
    errorText === null ? null : (
      <>
        <p>{errorText}</p>
        <ErrorLinks
          problems={
            noType || (result && !result.ok && !kind && !clientErrors)
              ? [{ fieldId: 'record-type', text: t('staff.input.type') }]
              : (kind?.fields ?? []).flatMap((spec) => {
                  const error = fieldErrors[spec.name];
                  const label = localize(spec.label, lang).text;
                  // A blank field is named by the sentence above; its link is its name alone.
                  return error
                    ? [
                        {
                          fieldId: `field-${spec.name}`,
                          text: blank.has(spec.name) ? label : `${label}: ${error}`,
                        },
                      ]
                    : [];
                })
          }
        />
      </>
    );
  const added = !clientErrors && !noType && result?.ok ? result.added : null;

  // After Add, focus goes to what it answered (the message may be far above the button):
  // the outcome, or the error summary. Each answer is a new object, so a second refusal
  // moves focus again.
  useEffect(() => {
    if (actionData && 'intent' in actionData) return;
    if (actionData || clientErrors || noType) outcomeMessage.current?.focus();
  }, [actionData, clientErrors, noType]);
  const successMessage = added
    ? rich(added.alreadyStored ? 'staff.input.alreadyAdded' : 'staff.input.added', {
        title: added.title,
        link: <Link to={added.path}>{t('staff.input.viewIt')}</Link>,
      })
    : null;

  function checkBeforeSending(event: FormEvent<HTMLFormElement>) {
    if (!kind) {
      event.preventDefault();
      setNoType(true);
      return;
    }
    const validation = validateRecord(
      kind,
      fieldValues(kind, new FormData(event.currentTarget)),
      validationWords(i18n),
    );
    setClientErrors(validation.ok ? null : validation);
    if (!validation.ok) event.preventDefault();
  }

  return (
    <Page
      // A record opened to change is titled for what is done to it, not as adding one.
      title={t(
        change?.mode === 'edit'
          ? 'staff.input.titleEdit'
          : change?.mode === 'withdraw'
            ? 'staff.input.titleWithdraw'
            : 'staff.input.title',
      )}
      description={t('staff.input.description')}
    >
      <StaffCard>
        <StaffNav user={user} csrfToken={csrfToken} />
        <FormMessage tone="success" message={actionData ? null : done ? t(done.key) : flash} />
        {done?.path && !actionData ? (
          <p>
            <Link to={localPath(done.path)}>{t('staff.input.publicPage')}</Link>
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
            <p className="form-message form-message-error">{t('staff.change.missing')}</p>
          </section>
        ) : null}

        <h2 className="staff-heading">{t('staff.input.addHeading')}</h2>
        <Form method="get" className="staff-form type-chooser">
          <div className="form-field">
            <label htmlFor="record-type">{t('staff.input.type')}</label>
            <select
              id="record-type"
              name="type"
              value={type}
              onChange={(event) => {
                setClientErrors(null);
                setNoType(false);
                const typed =
                  addForm.current && kind ? fieldValues(kind, new FormData(addForm.current)) : {};
                setCarried(typed);
                setSearchParams(event.target.value ? { type: event.target.value } : {}, {
                  replace: true,
                  preventScrollReset: true,
                });
              }}
            >
              <option value="">{t('staff.input.chooseType')}</option>
              {recordKinds.map((option) => (
                <option key={option.value} value={option.value}>
                  {localize(option.label, lang).text}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button button-secondary" hidden={hydrated}>
            {t('staff.input.showFields')}
          </button>
        </Form>

        {/* The two forms sit in sections of their own: as siblings of one list, keys that
            happened to be equal made React lose track of the upload form and add a copy on
            every render after hydration. */}
        {kind ? (
          <section aria-labelledby="upload-step-heading">
            <h3 id="upload-step-heading" className="entry-step-heading">
              {t('staff.input.uploadStep')}
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
              {t('staff.input.addStep')}
            </h3>
          ) : null}
          {kind ? <ProjectSearch type={type} choices={projects} /> : null}
          <FormMessage
            tone="success"
            message={successMessage}
            ref={successMessage ? outcomeMessage : undefined}
          />
          <FormMessage
            tone="error"
            message={errorMessage}
            ref={errorMessage ? outcomeMessage : undefined}
          />
          {/* A new form key is a new form: Clear the form and another type start empty. */}
          <Form
            method="post"
            className="staff-form"
            noValidate
            onSubmit={checkBeforeSending}
            key={formKey}
            ref={addForm}
          >
            <input type="hidden" name="_csrf" value={csrfToken} />
            <input type="hidden" name="form_key" value={formKey} />
            <input type="hidden" name="type" value={type} />
            {kind ? (
              <ProjectChoice choices={projects} chosen={result?.values.project ?? ''} />
            ) : null}
            {kind ? (
              <RecordFieldInputs
                kind={kind}
                idPrefix="field"
                values={result?.values ?? { ...carried, ...(link ? { link } : {}) }}
                errors={fieldErrors}
                linkRef={linkInput}
              />
            ) : null}
            <div className="button-row">
              <button type="submit" className="button button-primary" disabled={submitting}>
                {t('staff.input.add')}
              </button>
              {added && kind ? (
                <Link
                  to={localPath(
                    `${STAFF_PAGES.input}?${new URLSearchParams({ type: kind.value })}`,
                  )}
                  className="button button-secondary"
                  onClick={() => setCarried({})}
                >
                  {t('staff.input.clear')}
                </Link>
              ) : null}
            </div>
          </Form>
          {added && kind ? (
            <p>
              <Link to={localPath(kind.route)}>
                {t('staff.input.seeList', { title: localize(kind.title, lang).text })}
              </Link>
            </p>
          ) : null}
        </section>

        {/* The plan's lines are the projects notices join: its upload sits beside the desk. */}
        <p>
          <Link to={localPath(STAFF_PLAN_PAGE)}>{t('staff.input.planLink')}</Link>
        </p>
        {/* Each project's abstract of bids and contract pages are reached from its list. */}
        <p>
          <Link to={localPath(STAFF_PROJECTS_PAGE)}>{t('staff.input.projectsLink')}</Link>
        </p>

        <section aria-labelledby="recent-records-heading">
          <h2 id="recent-records-heading" className="staff-heading">
            {t('staff.input.recent')}
          </h2>
          <RecentRecords records={recent} />
        </section>
      </StaffCard>
    </Page>
  );
}
