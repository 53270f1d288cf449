import { data, Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import type { StaffMessageKey } from '../../shared/i18n/staff-messages-en.ts';
import { formatManilaDay } from '../../shared/manila-time.ts';
import {
  CONTRACT_FIELDS,
  CONTRACT_OUTCOMES,
  staffContractForm,
  type ContractField,
  type ContractOutcome,
} from '../../shared/procurement-projects/contract-paths.ts';
import {
  procurementPath,
  type ProcurementProjectDetail,
} from '../../shared/procurement-projects/procurement-project.ts';
import type { StaffIdentity } from '../../shared/staff-services.ts';
import { Page } from '../components/page/Page.tsx';
import { useStaffI18n } from '../i18n/useStaffI18n.ts';
import '../records/records.css';
import { projectPageLoader } from './ProcurementProjectPage.tsx';
import { LabelledField } from '../staff/LabelledField.tsx';
import { FormMessage } from '../staff/FormMessage.tsx';
import { StaffCard } from '../staff/StaffCard.tsx';
import { staffPageSession } from '../staff/staff-page-loader.ts';
import { StaffNav } from '../staff/StaffNav.tsx';
import '../staff/staff.css';

/** What the form route's answer means, by the code it sent back (never text from the URL). */
const OUTCOMES: Record<ContractOutcome, { tone: 'success' | 'error'; key: StaffMessageKey }> = {
  amended: { tone: 'success', key: 'staff.contract.outcome.amended' },
  completed: { tone: 'success', key: 'staff.contract.outcome.completed' },
  invalid: { tone: 'error', key: 'staff.contract.notStored' },
  'reason-required': { tone: 'error', key: 'staff.completion.reasonRequired' },
  'too-large': { tone: 'error', key: 'staff.contract.problem.tooLarge' },
  unsupported: { tone: 'error', key: 'staff.contract.problem.unsupported' },
  forbidden: { tone: 'error', key: 'staff.input.noBacRole' },
};

const PROBLEM_KEYS: Record<ContractField, StaffMessageKey> = {
  amount: 'staff.contract.problem.amount',
  date: 'staff.contract.problem.date',
  reason: 'staff.contract.problem.reason',
};

interface StaffContractData {
  user: StaffIdentity;
  csrfToken: string;
  allowed: boolean;
  project: ProcurementProjectDetail;
  outcome: ContractOutcome | null;
  /** The form the outcome is about, and what was typed in it. */
  intent: 'amend' | 'complete';
  kept: { amount: string; date: string; reason: string };
  problems: ContractField[];
}

export async function loader(args: LoaderFunctionArgs) {
  const session = await staffPageSession(args, 'bac');
  // The project as its public page loads it; an unknown one is the 404 page here too.
  const project = await projectPageLoader(args);
  const query = session.params;
  const code = query.get('outcome') ?? '';
  const outcome = (CONTRACT_OUTCOMES as readonly string[]).includes(code)
    ? (code as ContractOutcome)
    : null;
  const loaded: StaffContractData = {
    user: session.user,
    csrfToken: session.csrfToken,
    allowed: session.allowed,
    project,
    outcome,
    intent: query.get('intent') === 'complete' ? 'complete' : 'amend',
    // What was typed comes back only with a refusal: after a success the form starts empty.
    kept:
      outcome !== null && OUTCOMES[outcome].tone === 'error'
        ? {
            amount: query.get('amount') ?? '',
            date: query.get('date') ?? '',
            reason: query.get('reason') ?? '',
          }
        : { amount: '', date: '', reason: '' },
    problems: (query.get('problems') ?? '')
      .split(',')
      .filter((field): field is ContractField =>
        (CONTRACT_FIELDS as readonly string[]).includes(field),
      ),
  };
  // The page still answers an account without the role, saying why it cannot write here.
  return session.allowed ? loaded : data(loaded, { status: 403 });
}

/** A text field of the forms, with its error beside it when the server marked it. */
function TextField({
  id,
  name,
  label,
  value,
  error,
  multiline = false,
  required = true,
  hint,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  error: string | undefined;
  multiline?: boolean;
  required?: boolean;
  hint?: string;
}) {
  return (
    <LabelledField id={id} label={label} hint={hint} problem={error}>
      {(describedBy) => {
        const shared = {
          id,
          name,
          defaultValue: value,
          required,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy,
        };
        return multiline ? (
          <textarea {...shared} maxLength={500} rows={3} />
        ) : (
          <input {...shared} />
        );
      }}
    </LabelledField>
  );
}

/** The file field of a form: an optional PDF, sent last so the token is read before it. */
function FileField({ id, label }: { id: string; label: string }) {
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name="file" type="file" accept=".pdf,application/pdf" />
    </div>
  );
}

/**
 * The BAC staff page of a project's contract (issue 34): add an amendment (variation order)
 * with its signed document, and state the completion or correct it with a reason. Plain
 * multipart forms posting to their own route, so they work without JavaScript.
 */
export function Component() {
  const loaded = useLoaderData<typeof loader>() as StaffContractData;
  const { user, csrfToken, allowed, project, outcome, intent, kept, problems } = loaded;
  const { t, lang, localPath } = useStaffI18n();
  const shown = outcome === null ? null : OUTCOMES[outcome];
  const problemOf = (form: 'amend' | 'complete', field: ContractField) =>
    intent === form && problems.includes(field) ? t(PROBLEM_KEYS[field]) : undefined;
  const keptFor = (form: 'amend' | 'complete') =>
    intent === form ? kept : { amount: '', date: '', reason: '' };
  const action = localPath(staffContractForm(project.ocid));
  const hidden = (value: string) => (
    <>
      {/* First, so the server reads the token before the file. */}
      <input type="hidden" name="_csrf" value={csrfToken} />
      <input type="hidden" name="intent" value={value} />
    </>
  );
  return (
    <Page title={t('staff.contract.title')} description={t('staff.contract.description')}>
      <StaffCard>
        <StaffNav user={user} csrfToken={csrfToken} />
        <p>{t('staff.contract.project', { title: project.title })}</p>
        <p>
          <Link to={localPath(procurementPath(project.ocid))}>
            {t('staff.contract.publicPage')}
          </Link>
        </p>
        <FormMessage tone="success" message={shown?.tone === 'success' ? t(shown.key) : null} />
        <FormMessage
          tone="error"
          message={
            !allowed ? t(OUTCOMES.forbidden.key) : shown?.tone === 'error' ? t(shown.key) : null
          }
        />
        {allowed ? (
          <>
            <h2 id="contract-amend">{t('staff.contract.amendHeading')}</h2>
            <form
              method="post"
              action={action}
              encType="multipart/form-data"
              className="staff-form"
              aria-labelledby="contract-amend"
            >
              {hidden('amend')}
              <TextField
                id="amendment-amount"
                name="amount"
                label={t('staff.contract.amount')}
                value={keptFor('amend').amount}
                error={problemOf('amend', 'amount')}
                hint={t('staff.input.moneyHint')}
              />
              <TextField
                id="amendment-date"
                name="date"
                label={t('staff.contract.amendDate')}
                value={keptFor('amend').date}
                error={problemOf('amend', 'date')}
              />
              <TextField
                id="amendment-reason"
                name="reason"
                label={t('staff.contract.reason')}
                value={keptFor('amend').reason}
                error={problemOf('amend', 'reason')}
                multiline
              />
              <FileField id="amendment-file" label={t('staff.contract.variationOrder')} />
              <div className="button-row">
                <button type="submit" className="button button-primary">
                  {t('staff.contract.amendSubmit')}
                </button>
              </div>
            </form>
            <h2 id="contract-complete">{t('staff.contract.completeHeading')}</h2>
            {project.completion ? (
              <p>
                {t('staff.contract.completedOn', {
                  date: formatManilaDay(project.completion.date, lang),
                })}
              </p>
            ) : null}
            <form
              method="post"
              action={action}
              encType="multipart/form-data"
              className="staff-form"
              aria-labelledby="contract-complete"
            >
              {hidden('complete')}
              <TextField
                id="completion-date"
                name="date"
                label={t('staff.contract.completionDate')}
                value={keptFor('complete').date}
                error={problemOf('complete', 'date')}
              />
              <TextField
                id="completion-reason"
                name="reason"
                label={t('staff.contract.correctionReason')}
                value={keptFor('complete').reason}
                error={
                  problemOf('complete', 'reason') ??
                  (outcome === 'reason-required' ? t('staff.completion.reasonRequired') : undefined)
                }
                hint={t('staff.contract.correctionHint')}
                multiline
                required={project.completion !== null}
              />
              <FileField id="completion-file" label={t('staff.contract.certificate')} />
              <div className="button-row">
                <button type="submit" className="button button-primary">
                  {t('staff.contract.completeSubmit')}
                </button>
              </div>
            </form>
          </>
        ) : null}
      </StaffCard>
    </Page>
  );
}
