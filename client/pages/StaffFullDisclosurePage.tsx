import { data, Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import type { DisclosureGrid } from '../../shared/full-disclosure-grid.ts';
import {
  STAFF_FULL_DISCLOSURE_FORM,
  STAFF_FULL_DISCLOSURE_PAGE,
  type StaffPostingOutcome,
} from '../../shared/full-disclosure-paths.ts';
import { ROLE_LABELS } from '../../shared/staff-roles.ts';
import type { StaffIdentity } from '../../shared/staff-services.ts';
import '../components/full-disclosure/full-disclosure.css';
import {
  DisclosureCounts,
  DisclosureGridTables,
  DisclosureYearForm,
} from '../components/full-disclosure/DisclosureGridTables.tsx';
import { Page } from '../components/page/Page.tsx';
import '../components/records/records.css';
import { FormMessage } from '../components/staff/FormMessage.tsx';
import { StaffCard } from '../components/staff/StaffCard.tsx';
import { services } from '../services-context.ts';
import { staffPageSession } from '../staff/staff-page-loader.ts';
import '../styles/staff.css';
import { requestedYear } from './FullDisclosurePage.tsx';
import { StaffNav } from '../components/staff/StaffNav.tsx';

/** What the form route's answer means, by the code it sent back (never text from the URL). */
const OUTCOMES: Record<StaffPostingOutcome, { tone: 'success' | 'error'; text: string }> = {
  posted: { tone: 'success', text: 'Posted.' },
  corrected: { tone: 'success', text: 'Correction posted; the earlier file stays in the history.' },
  forbidden: {
    tone: 'error',
    text: `Your account cannot post Full Disclosure documents: it needs the ${ROLE_LABELS.transparency} role. Ask an administrator.`,
  },
  type: { tone: 'error', text: 'Choose a document type.' },
  year: { tone: 'error', text: 'Give the fiscal year, written like 2025.' },
  quarter: {
    tone: 'error',
    text: 'Give the quarter (1 to 4) for a quarterly document, and none for an annual one.',
  },
  reason: {
    tone: 'error',
    text: 'This period already has a file: a new one is a correction and needs a reason (at most 500 characters).',
  },
  file: { tone: 'error', text: 'Choose a PDF or XLSX file to post.' },
  'too-large': { tone: 'error', text: 'The file is too large to post.' },
  unsupported: { tone: 'error', text: 'Only PDF and XLSX files can be posted.' },
  'same-file': {
    tone: 'error',
    text: 'This very file is already the one posted for that period: nothing changed.',
  },
};

/** A posting's own path, as the form route sends it back; anything else is dropped. */
const POSTING_PATH = /^\/full-disclosure\/[a-z0-9-]+\/\d{4}(-q[1-4])?$/;

interface StaffDisclosureData {
  user: StaffIdentity;
  csrfToken: string;
  allowed: boolean;
  grid: DisclosureGrid;
  kept: { type: string; year: string; quarter: string };
  outcome: { tone: 'success' | 'error'; text: string } | null;
  posting: string | null;
}

export async function loader(args: LoaderFunctionArgs) {
  const { request, context } = args;
  const session = await staffPageSession(args, 'transparency');
  const params = new URL(request.url).searchParams;
  const grid = await services(context).fullDisclosureGrid(
    requestedYear(request.url),
    request.signal,
  );
  const { allowed } = session;
  const code = params.get('outcome') ?? '';
  const posting = params.get('posting') ?? '';
  const loaded: StaffDisclosureData = {
    user: session.user,
    csrfToken: session.csrfToken,
    allowed,
    grid,
    kept: {
      type: params.get('type') ?? '',
      year: params.get('year') ?? String(grid.currentYear),
      quarter: params.get('quarter') ?? '',
    },
    outcome: Object.hasOwn(OUTCOMES, code) ? OUTCOMES[code as StaffPostingOutcome] : null,
    posting: POSTING_PATH.test(posting) ? posting : null,
  };
  // The page still answers an account without the role, saying why it cannot post here.
  return allowed ? loaded : data(loaded, { status: 403 });
}

/**
 * The transparency staff's page: post a Full Disclosure document for a type and period,
 * or correct one with a reason, through a plain multipart form (it works without
 * JavaScript); below, the chosen year's grid shows what is posted and what is missing.
 */
export function Component() {
  const { user, csrfToken, allowed, grid, kept, outcome, posting } = useLoaderData<
    typeof loader
  >() as StaffDisclosureData;
  const annual = grid.types.filter((type) => type.frequency === 'annual');
  const quarterly = grid.types.filter((type) => type.frequency === 'quarterly');
  return (
    <Page
      title="Post Full Disclosure documents"
      description="Transparency staff post the DILG Full Disclosure Policy documents here."
    >
      <StaffCard>
        <StaffNav user={user} csrfToken={csrfToken} />
        <FormMessage
          tone="success"
          message={
            outcome?.tone === 'success' ? (
              <>
                {outcome.text}{' '}
                {posting ? <Link to={posting}>See the posting and its history</Link> : null}
              </>
            ) : null
          }
        />
        <FormMessage
          tone="error"
          message={
            !allowed ? OUTCOMES.forbidden.text : outcome?.tone === 'error' ? outcome.text : null
          }
        />
        {allowed ? (
          <form
            method="post"
            action={STAFF_FULL_DISCLOSURE_FORM}
            encType="multipart/form-data"
            className="staff-form"
          >
            {/* First, so the server reads the token before the file. */}
            <input type="hidden" name="_csrf" value={csrfToken} />
            <div className="form-field">
              <label htmlFor="disclosure-type">Document</label>
              <select id="disclosure-type" name="type" defaultValue={kept.type} required>
                <option value="">Select a document</option>
                <optgroup label="Annual">
                  {annual.map((type) => (
                    <option key={type.id} value={type.id}>
                      {type.name}
                    </option>
                  ))}
                </optgroup>
                <optgroup label="Quarterly">
                  {quarterly.map((type) => (
                    <option key={type.id} value={type.id}>
                      {type.name}
                    </option>
                  ))}
                </optgroup>
              </select>
            </div>
            <div className="form-field">
              <label htmlFor="disclosure-year-input">Fiscal year</label>
              <input
                id="disclosure-year-input"
                name="year"
                inputMode="numeric"
                pattern="[0-9]{4}"
                defaultValue={kept.year}
                required
              />
            </div>
            <div className="form-field">
              <label htmlFor="disclosure-quarter">Quarter</label>
              <select id="disclosure-quarter" name="quarter" defaultValue={kept.quarter}>
                <option value="">None (annual document)</option>
                {[1, 2, 3, 4].map((quarter) => (
                  <option key={quarter} value={String(quarter)}>
                    Q{quarter}
                  </option>
                ))}
              </select>
            </div>
            <div className="form-field">
              <label htmlFor="disclosure-reason">Reason for a correction</label>
              <textarea
                id="disclosure-reason"
                name="reason"
                maxLength={500}
                rows={3}
                aria-describedby="disclosure-reason-hint"
              />
              <p id="disclosure-reason-hint" className="field-hint">
                Only when the period already has a file: say why the new file replaces it. The
                earlier file stays public in the history.
              </p>
            </div>
            <div className="form-field">
              <label htmlFor="disclosure-file">File (PDF or XLSX)</label>
              <input
                id="disclosure-file"
                name="file"
                type="file"
                accept=".pdf,.xlsx,application/pdf,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                required
              />
            </div>
            <div className="button-row">
              <button type="submit" className="button button-primary">
                Post the document
              </button>
            </div>
          </form>
        ) : null}
      </StaffCard>
      <section aria-labelledby="staff-disclosure-grid" className="staff-disclosure-grid">
        <h2 id="staff-disclosure-grid">What is posted</h2>
        <DisclosureYearForm
          grid={grid}
          action={STAFF_FULL_DISCLOSURE_PAGE}
          id="staff-disclosure-year"
        />
        <DisclosureCounts grid={grid} />
        <DisclosureGridTables grid={grid} headingLevel={3} />
      </section>
    </Page>
  );
}
