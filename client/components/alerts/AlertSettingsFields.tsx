import { useId } from 'react';
import {
  ALERT_PROBLEM_MESSAGES,
  ALL_LISTS,
  type AlertFrequency,
  type AlertProblem,
} from '../../../shared/alert-subscription.ts';
import { MAX_SEARCH_LENGTH } from '../../../shared/list-query.ts';
import { recordKinds } from '../../../shared/record-kinds.ts';

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
  return problems.includes(problem) ? (
    <p className="alert-problem" id={id}>
      {ALERT_PROBLEM_MESSAGES[problem]}
    </p>
  ) : null;
}

/** Which lists, an optional keyword and how often: shared by the subscribe and manage forms. */
export function AlertSettingsFields({
  values,
  problems,
}: {
  values: AlertFormValues;
  problems: readonly AlertProblem[];
}) {
  const id = useId();
  return (
    <>
      <fieldset
        className="alert-lists"
        aria-describedby={problems.includes('lists') ? `${id}-lists` : undefined}
      >
        <legend>Lists</legend>
        <Problem id={`${id}-lists`} problem="lists" problems={problems} />
        <label>
          <input
            type="checkbox"
            name="lists"
            value={ALL_LISTS}
            defaultChecked={values.lists.includes(ALL_LISTS)}
          />{' '}
          All lists
        </label>
        {recordKinds.map((kind) => (
          <label key={kind.collection}>
            <input
              type="checkbox"
              name="lists"
              value={kind.collection}
              defaultChecked={values.lists.includes(kind.collection)}
            />{' '}
            {kind.label}
          </label>
        ))}
      </fieldset>
      <p className="alert-field">
        <label htmlFor={`${id}-keyword`}>Keyword (optional)</label>
        <input
          id={`${id}-keyword`}
          name="keyword"
          type="text"
          maxLength={MAX_SEARCH_LENGTH}
          defaultValue={values.keyword}
          aria-describedby={`${id}-keyword-hint${problems.includes('keyword') ? ` ${id}-keyword-problem` : ''}`}
        />
        <span className="alert-hint" id={`${id}-keyword-hint`}>
          Only notices whose number or title contains it, as the list search finds them.
        </span>
      </p>
      <Problem id={`${id}-keyword-problem`} problem="keyword" problems={problems} />
      <fieldset className="alert-frequency">
        <legend>How often</legend>
        <Problem id={`${id}-frequency`} problem="frequency" problems={problems} />
        <label>
          <input
            type="radio"
            name="frequency"
            value="immediate"
            defaultChecked={values.frequency === 'immediate'}
          />{' '}
          An e-mail for each notice
        </label>
        <label>
          <input
            type="radio"
            name="frequency"
            value="daily"
            defaultChecked={values.frequency === 'daily'}
          />{' '}
          A daily digest at 7:00 AM (Manila)
        </label>
      </fieldset>
    </>
  );
}
