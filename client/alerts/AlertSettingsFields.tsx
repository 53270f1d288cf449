import { useId, type ChangeEvent } from 'react';
import {
  ALL_LISTS,
  type AlertFrequency,
  type AlertProblem,
} from '../../shared/alerts/alert-subscription.ts';
import { MAX_SEARCH_LENGTH } from '../../shared/records/list-query.ts';
import { recordKinds } from '../../shared/record-kinds.ts';
import { localize } from '../../shared/i18n/localized-text.ts';
import { LANGUAGE_NAMES, LANGUAGES, type Lang } from '../../shared/i18n/languages.ts';
import type { MessageKey } from '../../shared/i18n/messages-en.ts';
import { useI18n } from '../i18n/useI18n.tsx';

/** What to say for each problem the server found, in the page's language. */
const PROBLEM_KEYS: Record<AlertProblem, MessageKey> = {
  email: 'alerts.problem.email',
  lists: 'alerts.problem.lists',
  keyword: 'alerts.problem.keyword',
  frequency: 'alerts.problem.frequency',
  lang: 'alerts.problem.lang',
};

export interface AlertFormValues {
  lists: readonly string[];
  keyword: string;
  frequency: AlertFrequency;
}

/** The message of a problem the server found, tied to its field for screen readers. */
function Problem({
  id,
  problem,
  problems,
}: {
  id: string;
  problem: AlertProblem;
  problems: readonly AlertProblem[];
}) {
  const { t } = useI18n();
  return problems.includes(problem) ? (
    <p className="alert-problem" id={id}>
      {t(PROBLEM_KEYS[problem], { max: MAX_SEARCH_LENGTH })}
    </p>
  ) : null;
}

/**
 * "All lists" and the single lists exclude each other: ticking a list unticks "All lists"
 * (ticked by default, it would otherwise stay and subscribe the visitor to everything), and
 * ticking "All lists" unticks the lists. Without JavaScript the server takes the lists
 * ticked over "All lists" (parseAlertSettings).
 */
function untickOthers(event: ChangeEvent<HTMLInputElement>) {
  const ticked = event.currentTarget;
  if (!ticked.checked) return;
  const boxes = ticked
    .closest('fieldset')
    ?.querySelectorAll<HTMLInputElement>('input[type="checkbox"][name="lists"]');
  for (const box of boxes ?? []) {
    if (box !== ticked && (box.value === ALL_LISTS || ticked.value === ALL_LISTS))
      box.checked = false;
  }
}

/** Which lists, an optional keyword and how often: shared by the subscribe and manage forms. */
export function AlertSettingsFields({
  values,
  problems,
  id: givenId,
}: {
  values: AlertFormValues;
  problems: readonly AlertProblem[];
  /** The form's id, which its inputs' ids start with (an error summary links to them). */
  id?: string;
}) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const { t, lang } = useI18n();
  return (
    <>
      <fieldset
        className="alert-lists"
        aria-describedby={problems.includes('lists') ? `${id}-lists-problem` : undefined}
      >
        <legend>{t('alerts.lists')}</legend>
        <Problem id={`${id}-lists-problem`} problem="lists" problems={problems} />
        <label>
          <input
            id={`${id}-lists`}
            type="checkbox"
            name="lists"
            value={ALL_LISTS}
            defaultChecked={values.lists.includes(ALL_LISTS)}
            onChange={untickOthers}
          />{' '}
          {t('alerts.allLists')}
        </label>
        {recordKinds.map((kind) => (
          <label key={kind.collection}>
            <input
              type="checkbox"
              name="lists"
              value={kind.collection}
              defaultChecked={values.lists.includes(kind.collection)}
              onChange={untickOthers}
            />{' '}
            {localize(kind.label, lang).text}
          </label>
        ))}
      </fieldset>
      <p className="alert-field">
        <label htmlFor={`${id}-keyword`}>{t('alerts.keyword')}</label>
        <input
          id={`${id}-keyword`}
          name="keyword"
          type="text"
          maxLength={MAX_SEARCH_LENGTH}
          defaultValue={values.keyword}
          aria-describedby={`${id}-keyword-hint${problems.includes('keyword') ? ` ${id}-keyword-problem` : ''}`}
        />
        <span className="alert-hint" id={`${id}-keyword-hint`}>
          {t('alerts.keywordHint')}
        </span>
      </p>
      <Problem id={`${id}-keyword-problem`} problem="keyword" problems={problems} />
      <fieldset className="alert-frequency">
        <legend>{t('alerts.frequency')}</legend>
        <Problem id={`${id}-frequency-problem`} problem="frequency" problems={problems} />
        <label>
          <input
            id={`${id}-frequency`}
            type="radio"
            name="frequency"
            value="immediate"
            defaultChecked={values.frequency === 'immediate'}
          />{' '}
          {t('alerts.immediate')}
        </label>
        <label>
          <input
            type="radio"
            name="frequency"
            value="daily"
            defaultChecked={values.frequency === 'daily'}
          />{' '}
          {t('alerts.daily')}
        </label>
      </fieldset>
    </>
  );
}

/** The language of the e-mails, on the manage form: each language named in itself. */
export function AlertLanguageField({
  value,
  problems,
}: {
  value: Lang;
  problems: readonly AlertProblem[];
}) {
  const id = useId();
  const { t } = useI18n();
  return (
    <fieldset className="alert-language">
      <legend>{t('alerts.language')}</legend>
      <Problem id={`${id}-lang`} problem="lang" problems={problems} />
      {LANGUAGES.map((lang) => (
        <label key={lang}>
          <input type="radio" name="lang" value={lang} defaultChecked={value === lang} />{' '}
          <span lang={lang}>{LANGUAGE_NAMES[lang]}</span>
        </label>
      ))}
    </fieldset>
  );
}
