import { data, Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import type { DisclosureGrid } from '../../shared/full-disclosure/full-disclosure-grid.ts';
import {
  STAFF_FULL_DISCLOSURE_FORM,
  STAFF_FULL_DISCLOSURE_PAGE,
  type StaffPostingOutcome,
} from '../../shared/full-disclosure/full-disclosure-paths.ts';
import type { StaffMessageKey } from '../../shared/i18n/staff-messages-en.ts';
import type { StaffIdentity } from '../../shared/staff-services.ts';
import './full-disclosure.css';
import {
  DisclosureCounts,
  DisclosureGridTables,
  DisclosureYearForm,
} from './DisclosureGridTables.tsx';
import { Page } from '../components/page/Page.tsx';
import '../records/records.css';
import { FormMessage } from '../staff/FormMessage.tsx';
import { StaffCard } from '../staff/StaffCard.tsx';
import { ROLE_KEYS } from '../staff/role-names.ts';
import { useI18n } from '../i18n/useI18n.tsx';
import { useStaffI18n } from '../i18n/useStaffI18n.ts';
import { services } from '../services-context.ts';
import { staffPageSession } from '../staff/staff-page-loader.ts';
import '../staff/staff.css';
import { requestedYear } from './FullDisclosurePage.tsx';
import { StaffNav } from '../staff/StaffNav.tsx';

/** What the form route's answer means, by the code it sent back (never text from the URL). */
const OUTCOMES: Record<StaffPostingOutcome, { tone: 'success' | 'error'; key: StaffMessageKey }> = {
  posted: { tone: 'success', key: 'staff.fullDisclosure.outcome.posted' },
  corrected: { tone: 'success', key: 'staff.fullDisclosure.outcome.corrected' },
  forbidden: { tone: 'error', key: 'staff.fullDisclosure.outcome.forbidden' },
  type: { tone: 'error', key: 'staff.fullDisclosure.outcome.type' },
  year: { tone: 'error', key: 'staff.fullDisclosure.outcome.year' },
  quarter: { tone: 'error', key: 'staff.fullDisclosure.outcome.quarter' },
  reason: { tone: 'error', key: 'staff.fullDisclosure.outcome.reason' },
  file: { tone: 'error', key: 'staff.fullDisclosure.outcome.file' },
  'too-large': { tone: 'error', key: 'staff.fullDisclosure.outcome.tooLarge' },
  unsupported: { tone: 'error', key: 'staff.fullDisclosure.outcome.unsupported' },
  'same-file': { tone: 'error', key: 'staff.fullDisclosure.outcome.sameFile' },
};

/** A posting's own path, as the form route sends it back; anything else is dropped. */
const POSTING_PATH = /^\/full-disclosure\/[a-z0-9-]+\/\d{4}(-q[1-4])?$/;

interface StaffDisclosureData {
  user: StaffIdentity;
  csrfToken: string;
  allowed: boolean;
  grid: DisclosureGrid;
  kept: { type: string; year: string; quarter: string };
  outcome: StaffPostingOutcome | null;
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
    outcome: Object.hasOwn(OUTCOMES, code) ? (code as StaffPostingOutcome) : null,
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
  const { t, localPath } = useStaffI18n();
  // The document types' names as content gives them, Filipino on /fil (content, not staff words).
  const { plain } = useI18n();
  const shown = outcome === null ? null : OUTCOMES[outcome];
  const words = (key: StaffMessageKey) => t(key, { role: t(ROLE_KEYS.transparency) });
  const annual = grid.types.filter((type) => type.frequency === 'annual');
  const quarterly = grid.types.filter((type) => type.frequency === 'quarterly');
  return (
    <Page
      title={t('staff.fullDisclosure.title')}
      description={t('staff.fullDisclosure.description')}
    >
      <StaffCard>
        <StaffNav user={user} csrfToken={csrfToken} />
        <FormMessage
          tone="success"
          message={
            shown?.tone === 'success' ? (
              <>
                {words(shown.key)}{' '}
                {posting ? (
                  <Link to={localPath(posting)}>{t('staff.fullDisclosure.seePosting')}</Link>
                ) : null}
              </>
            ) : null
          }
        />
        <FormMessage
          tone="error"
          message={
            !allowed
              ? words(OUTCOMES.forbidden.key)
              : shown?.tone === 'error'
                ? words(shown.key)
                : null
          }
        />
        {allowed ? (
          <form
            method="post"
            action={localPath(STAFF_FULL_DISCLOSURE_FORM)}
            encType="multipart/form-data"
            className="staff-form"
          >
            {/* First, so the server reads the token before the file. */}
            <input type="hidden" name="_csrf" value={csrfToken} />
            <div className="form-field">
              <label htmlFor="disclosure-type">{t('staff.fullDisclosure.document')}</label>
              <select id="disclosure-type" name="type" defaultValue={kept.type} required>
                <option value="">{t('staff.fullDisclosure.selectDocument')}</option>
                <optgroup label={t('staff.fullDisclosure.annual')}>
                  {annual.map((type) => (
                    <option key={type.id} value={type.id}>
                      {plain(type.name)}
                    </option>
                  ))}
                </optgroup>
                <optgroup label={t('staff.fullDisclosure.quarterly')}>
                  {quarterly.map((type) => (
                    <option key={type.id} value={type.id}>
                      {plain(type.name)}
                    </option>
                  ))}
                </optgroup>
              </select>
            </div>
            <div className="form-field">
              <label htmlFor="disclosure-year-input">{t('staff.fullDisclosure.fiscalYear')}</label>
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
              <label htmlFor="disclosure-quarter">{t('staff.fullDisclosure.quarter')}</label>
              <select id="disclosure-quarter" name="quarter" defaultValue={kept.quarter}>
                <option value="">{t('staff.fullDisclosure.noQuarter')}</option>
                {[1, 2, 3, 4].map((quarter) => (
                  <option key={quarter} value={String(quarter)}>
                    {t('staff.fullDisclosure.quarterOption', { quarter })}
                  </option>
                ))}
              </select>
            </div>
            <div className="form-field">
              <label htmlFor="disclosure-reason">{t('staff.fullDisclosure.reason')}</label>
              <textarea
                id="disclosure-reason"
                name="reason"
                maxLength={500}
                rows={3}
                aria-describedby="disclosure-reason-hint"
              />
              <p id="disclosure-reason-hint" className="field-hint">
                {t('staff.fullDisclosure.reasonHint')}
              </p>
            </div>
            <div className="form-field">
              <label htmlFor="disclosure-file">{t('staff.fullDisclosure.file')}</label>
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
                {t('staff.fullDisclosure.submit')}
              </button>
            </div>
          </form>
        ) : null}
      </StaffCard>
      <section aria-labelledby="staff-disclosure-grid" className="staff-disclosure-grid">
        <h2 id="staff-disclosure-grid">{t('staff.fullDisclosure.gridHeading')}</h2>
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
