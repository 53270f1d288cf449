import { data, Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import type { StaffMessageKey } from '../../shared/i18n/staff-messages-en.ts';
import {
  procurementPath,
  type ProcurementProjectDetail,
} from '../../shared/procurement-projects/procurement-project.ts';
import { MAX_REASON_LENGTH } from '../../shared/records/record-validation.ts';
import {
  FLAG_ANSWER_FIELD_KEYS,
  FLAG_ANSWER_FORM_RESULTS,
  FLAG_ANSWER_REFUSAL_KEYS,
  MAX_ANSWER_LENGTH,
  isRedFlagIndicator,
  staffFlagAnswersPath,
  type AnsweredFlag,
  type FlagAnswerField,
  type FlagAnswerFormResult,
  type FlagAnswerProblem,
} from '../../shared/red-flags/flag-answers.ts';
import type { RedFlagIndicator } from '../../shared/red-flags/red-flags.ts';
import type { StaffIdentity } from '../../shared/staff-services.ts';
import { Page } from '../components/page/Page.tsx';
import { useStaffI18n } from '../i18n/useStaffI18n.ts';
import { codeIn, sentBack, staffProjectPage } from '../procurement-projects/staff-project-page.ts';
import '../procurement-projects/procurement-projects.css';
import { useProjectText } from '../procurement-projects/useProjectText.ts';
import '../records/records.css';
import { FormMessage } from '../staff/FormMessage.tsx';
import { LabelledField } from '../staff/LabelledField.tsx';
import { StaffCard } from '../staff/StaffCard.tsx';
import { StaffNav } from '../staff/StaffNav.tsx';
import '../staff/staff.css';
import { RedFlagsOfProcess } from './RedFlagsOfProcess.tsx';

const FIELDS: readonly FlagAnswerField[] = ['text', 'reason'];

interface StaffFlagAnswersData {
  user: StaffIdentity;
  csrfToken: string;
  allowed: boolean;
  project: ProcurementProjectDetail;
  result: FlagAnswerFormResult | null;
  /** The flag whose form was posted: a refused one gets its fields back as typed. */
  indicator: RedFlagIndicator | null;
  typed: Partial<Record<FlagAnswerField, string>>;
  problems: Partial<Record<FlagAnswerField, FlagAnswerProblem>>;
}

const isProblem = (value: string): value is FlagAnswerProblem =>
  Object.hasOwn(FLAG_ANSWER_FIELD_KEYS, value);

export async function loader(args: LoaderFunctionArgs) {
  const { session, project } = await staffProjectPage(args);
  const query = session.params;
  const result = codeIn(FLAG_ANSWER_FORM_RESULTS, query.get('result'));
  const refused = result !== null && result !== 'answered' && result !== 'corrected';
  const posted = query.get('indicator');
  const { typed, problems } = sentBack(query, FIELDS, refused, isProblem);
  const loaded: StaffFlagAnswersData = {
    user: session.user,
    csrfToken: session.csrfToken,
    allowed: session.allowed,
    project,
    result: session.allowed ? result : 'NOT_PERMITTED',
    indicator: isRedFlagIndicator(posted) ? posted : null,
    typed,
    problems,
  };
  return session.allowed ? loaded : data(loaded, { status: 403 });
}

/**
 * The BAC's page for answering a project's red flags (issue 35): every flag the project
 * raises now, with its facts and its published answer as the public sees them, and under
 * each a plain form posting to the form route (server/red-flags/flag-answer-routes.ts),
 * which works the same with or without JavaScript. A flag answered before gets a correction
 * form, which needs a reason; the earlier wording stays public in the history.
 */
export function Component() {
  const { user, csrfToken, allowed, project, result, indicator, typed, problems } = useLoaderData<
    typeof loader
  >() as StaffFlagAnswersData;
  const { t, localPath } = useStaffI18n();
  const { pt } = useProjectText();
  const refusalKey: StaffMessageKey | null =
    result === null || result === 'answered' || result === 'corrected'
      ? null
      : FLAG_ANSWER_REFUSAL_KEYS[result];
  const action = localPath(staffFlagAnswersPath(project.ocid));
  const form = (flag: AnsweredFlag, first: boolean) => {
    if (!allowed || !first) return null;
    const own = indicator === flag.indicator;
    const value = (field: FlagAnswerField) => (own ? (typed[field] ?? '') : '');
    const problem = (field: FlagAnswerField) => {
      const code = own ? problems[field] : undefined;
      return code ? t(FLAG_ANSWER_FIELD_KEYS[code]) : undefined;
    };
    const id = `answer-${flag.indicator}`;
    const correcting = flag.answer !== null;
    return (
      <form method="post" action={action} className="staff-form">
        <fieldset>
          <legend>
            {t('staff.flagAnswer.formHeading', { flag: pt(`project.flag.${flag.indicator}`) })}
          </legend>
          <input type="hidden" name="_csrf" value={csrfToken} />
          <input type="hidden" name="indicator" value={flag.indicator} />
          <LabelledField
            id={`${id}-text`}
            label={t('staff.flagAnswer.text')}
            hint={t('staff.flagAnswer.textHint')}
            problem={problem('text')}
          >
            {(describedBy) => (
              <textarea
                id={`${id}-text`}
                name="text"
                rows={5}
                maxLength={MAX_ANSWER_LENGTH}
                required
                defaultValue={value('text') || (flag.answer?.text ?? '')}
                aria-invalid={problem('text') ? true : undefined}
                aria-describedby={describedBy}
              />
            )}
          </LabelledField>
          {correcting ? (
            <LabelledField
              id={`${id}-reason`}
              label={t('staff.flagAnswer.reason')}
              hint={t('staff.flagAnswer.reasonHint')}
              problem={problem('reason')}
            >
              {(describedBy) => (
                <textarea
                  id={`${id}-reason`}
                  name="reason"
                  rows={2}
                  maxLength={MAX_REASON_LENGTH}
                  required
                  defaultValue={value('reason')}
                  aria-invalid={problem('reason') ? true : undefined}
                  aria-describedby={describedBy}
                />
              )}
            </LabelledField>
          ) : null}
          <div className="button-row">
            <button type="submit" className="button button-primary">
              {t(correcting ? 'staff.flagAnswer.correct' : 'staff.flagAnswer.submit')}
            </button>
          </div>
        </fieldset>
      </form>
    );
  };
  return (
    <Page
      title={t('staff.flagAnswer.title', { title: project.title })}
      description={t('staff.flagAnswer.intro')}
    >
      <StaffCard>
        <StaffNav user={user} csrfToken={csrfToken} />
        <p>{t('staff.flagAnswer.intro')}</p>
        <p>
          <Link to={localPath(procurementPath(project.ocid))}>
            {t('staff.flagAnswer.viewProject')}
          </Link>
        </p>
        <FormMessage
          tone="success"
          message={
            result === 'answered'
              ? t('staff.flagAnswer.answered')
              : result === 'corrected'
                ? t('staff.flagAnswer.corrected')
                : null
          }
        />
        <FormMessage tone="error" message={refusalKey ? t(refusalKey) : null} />
        <RedFlagsOfProcess flags={project.flags} after={form} />
      </StaffCard>
    </Page>
  );
}
