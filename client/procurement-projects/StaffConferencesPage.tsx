import { data, Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import type { StaffMessageKey } from '../../shared/i18n/staff-messages-en.ts';
import { formatManilaDay } from '../../shared/manila-time.ts';
import {
  CONFERENCE_FIELD_KEYS,
  CONFERENCE_KINDS,
  CONFERENCE_REFUSAL_KEYS,
  PROCUREMENT_CATEGORIES,
  categoryKey,
  conferenceKindKey,
  type ConferenceField,
  type ConferenceFieldProblem,
} from '../../shared/procurement-projects/conference.ts';
import {
  CONFERENCE_FORMS,
  CONFERENCE_FORM_RESULTS,
  staffConferencesPath,
  type ConferenceForm,
  type ConferenceFormResult,
} from '../../shared/procurement-projects/conference-paths.ts';
import {
  procurementPath,
  type ProcurementProjectDetail,
} from '../../shared/procurement-projects/procurement-project.ts';
import type { StaffIdentity } from '../../shared/staff-services.ts';
import { Page } from '../components/page/Page.tsx';
import { useStaffI18n } from '../i18n/useStaffI18n.ts';
import '../records/records.css';
import { FormMessage } from '../staff/FormMessage.tsx';
import { LabelledField } from '../staff/LabelledField.tsx';
import { StaffCard } from '../staff/StaffCard.tsx';
import { StaffNav } from '../staff/StaffNav.tsx';
import '../staff/staff.css';
import { ProjectConferences } from './ProjectConferences.tsx';
import { codeIn, sentBack, staffProjectPage } from './staff-project-page.ts';
import { useProjectText } from './useProjectText.ts';

const FIELDS: readonly (ConferenceField | 'corrects')[] = [
  'kind',
  'date',
  'livestreamUrl',
  'recordingUrl',
  'name',
  'organisation',
  'invited',
  'category',
  'reason',
  'corrects',
];

interface StaffConferencesData {
  user: StaffIdentity;
  csrfToken: string;
  allowed: boolean;
  project: ProcurementProjectDetail;
  result: ConferenceFormResult | null;
  /** The form that was refused, whose fields come back as typed. */
  form: ConferenceForm | null;
  typed: Partial<Record<ConferenceField | 'corrects', string>>;
  problems: Partial<Record<ConferenceField, ConferenceFieldProblem>>;
}

const isProblem = (value: string): value is ConferenceFieldProblem =>
  Object.hasOwn(CONFERENCE_FIELD_KEYS, value);

export async function loader(args: LoaderFunctionArgs) {
  const { session, project } = await staffProjectPage(args);
  const query = session.params;
  const result = codeIn(CONFERENCE_FORM_RESULTS, query.get('result'));
  const refused = result !== null && result !== 'added' && result !== 'corrected';
  const form = refused ? codeIn(CONFERENCE_FORMS, query.get('form')) : null;
  const { typed, problems } = sentBack(query, FIELDS, refused, isProblem);
  const loaded: StaffConferencesData = {
    user: session.user,
    csrfToken: session.csrfToken,
    allowed: session.allowed,
    project,
    result: session.allowed ? result : 'NOT_PERMITTED',
    form,
    typed,
    problems,
  };
  return session.allowed ? loaded : data(loaded, { status: 403 });
}

/**
 * The BAC's page for a project's RA 12009 section 38 entries (issue 34): the category, the
 * procurement conferences and the observers as the public sees them, and three plain forms
 * posting to the form route (server/procurement-projects/conference-form-route.ts), which
 * work the same with or without JavaScript. Choosing an entry under "Correct an entry" makes
 * a post a correction, which needs a reason; the earlier statement stays as history.
 */
export function Component() {
  const { user, csrfToken, allowed, project, result, form, typed, problems } = useLoaderData<
    typeof loader
  >() as StaffConferencesData;
  const { t, localPath, lang } = useStaffI18n();
  const { pt } = useProjectText();
  const refusalKey: StaffMessageKey | null =
    result === null || result === 'added' || result === 'corrected'
      ? null
      : CONFERENCE_REFUSAL_KEYS[result];
  const own = (which: ConferenceForm) => form === which;
  const value = (which: ConferenceForm, field: ConferenceField | 'corrects') =>
    own(which) ? (typed[field] ?? '') : '';
  const problem = (which: ConferenceForm, field: ConferenceField) => {
    const code = own(which) ? problems[field] : undefined;
    return code ? t(CONFERENCE_FIELD_KEYS[code]) : undefined;
  };
  const action = localPath(staffConferencesPath(project.ocid));
  const hidden = (which: ConferenceForm) => (
    <>
      <input type="hidden" name="_csrf" value={csrfToken} />
      <input type="hidden" name="form" value={which} />
    </>
  );
  const reasonField = (which: ConferenceForm) => (
    <LabelledField
      id={`${which}-reason`}
      label={t('staff.conference.reason')}
      hint={t('staff.conference.reasonHint')}
      problem={problem(which, 'reason')}
    >
      {(describedBy) => (
        <textarea
          id={`${which}-reason`}
          name="reason"
          rows={2}
          maxLength={1000}
          defaultValue={value(which, 'reason')}
          aria-invalid={problem(which, 'reason') ? true : undefined}
          aria-describedby={describedBy}
        />
      )}
    </LabelledField>
  );
  const dayInput = (which: ConferenceForm, field: 'date' | 'invited', label: string) => (
    <LabelledField
      id={`${which}-${field}`}
      label={label}
      hint={t('staff.conference.dateHint')}
      problem={problem(which, field)}
    >
      {(describedBy) => (
        <input
          id={`${which}-${field}`}
          name={field}
          maxLength={40}
          defaultValue={value(which, field)}
          required
          aria-invalid={problem(which, field) ? true : undefined}
          aria-describedby={describedBy}
        />
      )}
    </LabelledField>
  );
  const corrects = (which: 'conference' | 'observer', choices: [number, string][]) =>
    choices.length === 0 ? null : (
      <LabelledField
        id={`${which}-corrects`}
        label={t('staff.conference.corrects')}
        problem={undefined}
      >
        {(describedBy) => (
          <select
            id={`${which}-corrects`}
            name="corrects"
            defaultValue={value(which, 'corrects')}
            aria-describedby={describedBy}
          >
            <option value="">{t('staff.conference.new')}</option>
            {choices.map(([id, label]) => (
              <option key={id} value={String(id)}>
                {label}
              </option>
            ))}
          </select>
        )}
      </LabelledField>
    );
  return (
    <Page
      title={t('staff.conference.title', { title: project.title })}
      description={t('staff.conference.intro')}
    >
      <StaffCard>
        <StaffNav user={user} csrfToken={csrfToken} />
        <p>{t('staff.conference.intro')}</p>
        <p>
          <Link to={localPath(procurementPath(project.ocid))}>
            {t('staff.conference.viewProject')}
          </Link>
        </p>
        <FormMessage
          tone="success"
          message={
            result === 'added'
              ? t('staff.conference.added')
              : result === 'corrected'
                ? t('staff.conference.corrected')
                : null
          }
        />
        <FormMessage tone="error" message={refusalKey ? t(refusalKey) : null} />
        <p>{t(`staff.conference.applies.${project.section38.applies}`)}</p>
        {allowed ? (
          <>
            <h2>{t('staff.conference.categoryHeading')}</h2>
            <form method="post" action={action} className="staff-form">
              {hidden('category')}
              <LabelledField
                id="category-category"
                label={t('staff.conference.category')}
                problem={problem('category', 'category')}
              >
                {(describedBy) => (
                  <select
                    id="category-category"
                    name="category"
                    defaultValue={value('category', 'category') || project.section38.category || ''}
                    required
                    aria-invalid={problem('category', 'category') ? true : undefined}
                    aria-describedby={describedBy}
                  >
                    <option value="">{t('staff.conference.chooseCategory')}</option>
                    {PROCUREMENT_CATEGORIES.map((category) => (
                      <option key={category} value={category}>
                        {pt(categoryKey(category))}
                      </option>
                    ))}
                  </select>
                )}
              </LabelledField>
              {project.section38.category ? reasonField('category') : null}
              <div className="button-row">
                <button type="submit" className="button button-primary">
                  {t('staff.conference.categorySubmit')}
                </button>
              </div>
            </form>
            <h2>{t('staff.conference.conferenceHeading')}</h2>
            <form method="post" action={action} className="staff-form">
              {hidden('conference')}
              {corrects(
                'conference',
                project.conferences.map((conference) => [
                  conference.id,
                  `${pt(conferenceKindKey(conference.kind))}, ${formatManilaDay(conference.date, lang)}`,
                ]),
              )}
              <LabelledField
                id="conference-kind"
                label={t('staff.conference.kind')}
                problem={problem('conference', 'kind')}
              >
                {(describedBy) => (
                  <select
                    id="conference-kind"
                    name="kind"
                    defaultValue={value('conference', 'kind')}
                    required
                    aria-invalid={problem('conference', 'kind') ? true : undefined}
                    aria-describedby={describedBy}
                  >
                    <option value="">{t('staff.conference.chooseKind')}</option>
                    {CONFERENCE_KINDS.map((kind) => (
                      <option key={kind} value={kind}>
                        {pt(conferenceKindKey(kind))}
                      </option>
                    ))}
                  </select>
                )}
              </LabelledField>
              {dayInput('conference', 'date', t('staff.conference.date'))}
              {(['livestreamUrl', 'recordingUrl'] as const).map((field) => (
                <LabelledField
                  key={field}
                  id={`conference-${field}`}
                  label={t(
                    field === 'livestreamUrl'
                      ? 'staff.conference.livestream'
                      : 'staff.conference.recording',
                  )}
                  hint={t('staff.conference.linkHint')}
                  problem={problem('conference', field)}
                >
                  {(describedBy) => (
                    <input
                      id={`conference-${field}`}
                      name={field}
                      type="url"
                      pattern="https://.+"
                      maxLength={2000}
                      defaultValue={value('conference', field)}
                      aria-invalid={problem('conference', field) ? true : undefined}
                      aria-describedby={describedBy}
                    />
                  )}
                </LabelledField>
              ))}
              {project.conferences.length > 0 ? reasonField('conference') : null}
              <div className="button-row">
                <button type="submit" className="button button-primary">
                  {t('staff.conference.conferenceSubmit')}
                </button>
              </div>
            </form>
            <h2>{t('staff.conference.observerHeading')}</h2>
            <form method="post" action={action} className="staff-form">
              {hidden('observer')}
              {corrects(
                'observer',
                project.observers.map((observer) => [
                  observer.id,
                  `${observer.name}, ${observer.organisation}`,
                ]),
              )}
              {(['name', 'organisation'] as const).map((field) => (
                <LabelledField
                  key={field}
                  id={`observer-${field}`}
                  label={t(`staff.conference.${field}`)}
                  problem={problem('observer', field)}
                >
                  {(describedBy) => (
                    <input
                      id={`observer-${field}`}
                      name={field}
                      maxLength={300}
                      defaultValue={value('observer', field)}
                      required
                      aria-invalid={problem('observer', field) ? true : undefined}
                      aria-describedby={describedBy}
                    />
                  )}
                </LabelledField>
              ))}
              {dayInput('observer', 'invited', t('staff.conference.invited'))}
              {project.observers.length > 0 ? reasonField('observer') : null}
              <div className="button-row">
                <button type="submit" className="button button-primary">
                  {t('staff.conference.observerSubmit')}
                </button>
              </div>
            </form>
          </>
        ) : null}
        <ProjectConferences
          section38={project.section38}
          abc={project.abc}
          always
          conferences={project.conferences}
          observers={project.observers}
        />
      </StaffCard>
    </Page>
  );
}
