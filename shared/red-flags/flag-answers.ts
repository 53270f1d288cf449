/**
 * The BAC's answers to red flags (issue 35): one current answer per flag of a project,
 * keyed by the project and the indicator; a correction is a new wording with a reason, the
 * earlier wordings stay as history. The answer is shown publicly under its flag with its
 * date; the page and the API word refusals from the codes here.
 */
import type { StaffMessageKey } from '../i18n/staff-messages-en.ts';
import { MAX_REASON_LENGTH } from '../records/record-validation.ts';
import {
  RED_FLAG_INDICATORS,
  type RedFlag,
  type RedFlagAnswer,
  type RedFlagIndicator,
} from './red-flags.ts';

/** A flag as the project page and `GET /api/procurements/<ocid>` carry it: with the BAC's answer. */
export type AnsweredFlag = RedFlag & { answer: RedFlagAnswer | null };

/** The longest answer kept, in characters (the database's CHECK holds the same bound). */
export const MAX_ANSWER_LENGTH = 2000;

export const isRedFlagIndicator = (value: unknown): value is RedFlagIndicator =>
  typeof value === 'string' && (RED_FLAG_INDICATORS as readonly string[]).includes(value);

/** The staff page where the BAC answers a project's flags. */
export const STAFF_FLAG_ANSWERS_ROUTE = '/staff/procurement/:ocid/flags';

export function staffFlagAnswersPath(ocid: string): string {
  return `/staff/procurement/${encodeURIComponent(ocid)}/flags`;
}

/** Why an answer was refused. */
export const FLAG_ANSWER_REFUSALS = [
  'INVALID_INPUT',
  'NOT_PERMITTED',
  'NO_SUCH_PROJECT',
  /** Not one of the indicators this site computes. */
  'UNKNOWN_INDICATOR',
  /** An indicator the project does not raise now: there is no flag to answer. */
  'FLAG_NOT_RAISED',
] as const;
export type FlagAnswerRefusalCode = (typeof FLAG_ANSWER_REFUSALS)[number];

export const FLAG_ANSWER_REFUSAL_KEYS: Record<FlagAnswerRefusalCode, StaffMessageKey> = {
  INVALID_INPUT: 'staff.flagAnswer.invalid',
  NOT_PERMITTED: 'staff.input.noBacRole',
  NO_SUCH_PROJECT: 'staff.project.noSuchProject',
  UNKNOWN_INDICATOR: 'staff.flagAnswer.unknownIndicator',
  FLAG_NOT_RAISED: 'staff.flagAnswer.notRaised',
};

/** What the form route's answer says, in the page's query as `result` (codes, never text). */
export const FLAG_ANSWER_FORM_RESULTS = ['answered', 'corrected', ...FLAG_ANSWER_REFUSALS] as const;
export type FlagAnswerFormResult = (typeof FLAG_ANSWER_FORM_RESULTS)[number];

export type FlagAnswerField = 'text' | 'reason';
export type FlagAnswerProblem = 'required' | 'tooLong';

export const FLAG_ANSWER_FIELD_KEYS: Record<FlagAnswerProblem, StaffMessageKey> = {
  required: 'staff.flagAnswer.problem.required',
  tooLong: 'staff.flagAnswer.problem.tooLong',
};

export type FlagAnswerProblems = Partial<Record<FlagAnswerField, FlagAnswerProblem>>;

export interface CheckedFlagAnswer {
  text: string;
  /** The correction's reason; null for a first answer. */
  reason: string | null;
}

const trimmed = (value: unknown): string =>
  typeof value === 'string' ? value.normalize('NFC').replace(/\r\n?/g, '\n').trim() : '';

/**
 * An answer as typed or sent: the text required, at most MAX_ANSWER_LENGTH characters; when
 * `correcting` (the flag has an answer already) a reason is required too. Shared by the API
 * and the form.
 */
export function checkFlagAnswer(
  input: Record<string, unknown>,
  correcting: boolean,
): { ok: true; value: CheckedFlagAnswer } | { ok: false; problems: FlagAnswerProblems } {
  const problems: FlagAnswerProblems = {};
  const text = trimmed(input.text);
  if (text === '') problems.text = 'required';
  else if ([...text].length > MAX_ANSWER_LENGTH) problems.text = 'tooLong';
  const reason = trimmed(input.reason);
  if ([...reason].length > MAX_REASON_LENGTH) problems.reason = 'tooLong';
  else if (correcting && reason === '') problems.reason = 'required';
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return { ok: true, value: { text, reason: correcting ? reason : null } };
}
