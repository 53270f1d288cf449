/**
 * RA 12009 section 38 (issue 34): a project above the law's thresholds has its procurement
 * conferences livestreamed and recorded, and observers invited to them. The thresholds are
 * the municipality's content (content/bids-and-awards.json, `conferenceThresholds`), so a
 * GPPB change is one edit; the category that picks the threshold is stated by the BAC.
 * Services answer codes; the pages word them.
 */
import type { StaffMessageKey } from '../i18n/staff-messages-en.ts';
import { parseManilaDate } from '../manila-time.ts';
import { parseMoney } from '../money.ts';
import { MAX_REASON_LENGTH } from '../records/record-validation.ts';
import type { ProjectMessageKey } from './project-messages-en.ts';

/** The conferences section 38 names, and any other BAC meeting of the project. */
export const CONFERENCE_KINDS = ['pre-procurement', 'pre-bid', 'bid-opening', 'other'] as const;
export type ConferenceKind = (typeof CONFERENCE_KINDS)[number];

/** The procurement categories RA 12009 sets a threshold for. */
export const PROCUREMENT_CATEGORIES = ['goods', 'infrastructure', 'consulting'] as const;
export type ProcurementCategory = (typeof PROCUREMENT_CATEGORIES)[number];

/** The ABC above which section 38 applies, per category, as decimal strings ("10000000.00"). */
export type ConferenceThresholds = Record<ProcurementCategory, string>;

const isOneOf =
  <T extends string>(list: readonly T[]) =>
  (value: unknown): value is T =>
    typeof value === 'string' && (list as readonly string[]).includes(value);
export const isConferenceKind = isOneOf(CONFERENCE_KINDS);
export const isProcurementCategory = isOneOf(PROCUREMENT_CATEGORIES);

/** One conference as the page and the API show it: its latest statement, with the earlier ones. */
export interface ProjectConference {
  /** The conference's number: its first statement's; a correction names it. */
  id: number;
  kind: ConferenceKind;
  /** A Manila calendar day, YYYY-MM-DD. */
  date: string;
  /** https only; null when not posted. */
  livestreamUrl: string | null;
  recordingUrl: string | null;
  /** The reason of the latest correction; null when never corrected. */
  reason: string | null;
  created: string;
  /** The statements it corrected, oldest first. */
  history: Omit<ProjectConference, 'id' | 'history'>[];
}

/** One observer invited, as the page and the API show it. */
export interface ProjectObserver {
  id: number;
  name: string;
  organisation: string;
  /** The day invited, a Manila calendar day. */
  invited: string;
  reason: string | null;
  created: string;
  history: Omit<ProjectObserver, 'id' | 'history'>[];
}

/**
 * Whether section 38 applies to the project: `yes` when its ABC is above its category's
 * threshold (the law says "above": exactly at it does not apply), `no` when it is not, or
 * when the ABC is at most the lowest threshold whatever the category; `unknown` when the
 * category (or the ABC) is not known and the ABC could be above a threshold. A page never
 * guesses the category: it says it is not known.
 */
export type Section38Applies = 'yes' | 'no' | 'unknown';

export interface Section38 {
  applies: Section38Applies;
  category: ProcurementCategory | null;
  /** The threshold of the project's category, a decimal string; null when not known. */
  threshold: string | null;
}

const centavos = (decimal: string): number => {
  const parsed = parseMoney(decimal);
  return parsed.ok ? parsed.centavos : Number.POSITIVE_INFINITY;
};

/** Section 38 for a project of ABC `abc` (a decimal string or null) and category `category`. */
export function section38Of(
  abc: string | null,
  category: ProcurementCategory | null,
  thresholds: ConferenceThresholds,
): Section38 {
  const threshold = category === null ? null : thresholds[category];
  const lowest = Math.min(...PROCUREMENT_CATEGORIES.map((each) => centavos(thresholds[each])));
  if (abc === null) return { applies: 'unknown', category, threshold };
  const amount = centavos(abc);
  if (threshold === null)
    return { applies: amount > lowest ? 'unknown' : 'no', category, threshold };
  return { applies: amount > centavos(threshold) ? 'yes' : 'no', category, threshold };
}

/** The longest name, organisation and link kept (the database's CHECKs hold the same bounds). */
export const MAX_OBSERVER_TEXT = 300;
export const MAX_LINK_LENGTH = 2000;

/** Why a conference, observer or category was refused. */
export const CONFERENCE_REFUSALS = [
  'INVALID_INPUT',
  'NOT_PERMITTED',
  'NO_SUCH_PROJECT',
  'NO_SUCH_ENTRY',
] as const;
export type ConferenceRefusalCode = (typeof CONFERENCE_REFUSALS)[number];

export const CONFERENCE_REFUSAL_KEYS: Record<ConferenceRefusalCode, StaffMessageKey> = {
  INVALID_INPUT: 'staff.conference.invalid',
  NOT_PERMITTED: 'staff.input.noBacRole',
  NO_SUCH_PROJECT: 'staff.project.noSuchProject',
  NO_SUCH_ENTRY: 'staff.conference.noSuchEntry',
};

export type ConferenceField =
  | 'kind'
  | 'date'
  | 'livestreamUrl'
  | 'recordingUrl'
  | 'name'
  | 'organisation'
  | 'invited'
  | 'category'
  | 'reason';

/** Why one field was refused. */
export type ConferenceFieldProblem =
  'required' | 'tooLong' | 'unknown' | 'date' | 'notHttps' | 'link';

export const CONFERENCE_FIELD_KEYS: Record<ConferenceFieldProblem, StaffMessageKey> = {
  required: 'staff.conference.problem.required',
  tooLong: 'staff.conference.problem.tooLong',
  unknown: 'staff.conference.problem.unknown',
  date: 'staff.conference.problem.date',
  notHttps: 'staff.conference.problem.notHttps',
  link: 'staff.conference.problem.link',
};

export type Problems = Partial<Record<ConferenceField, ConferenceFieldProblem>>;
export type Checked<T> = { ok: true; value: T } | { ok: false; problems: Problems };

const trimmed = (value: unknown): string =>
  typeof value === 'string' ? value.normalize('NFC').trim() : '';

function day(value: unknown, field: ConferenceField, problems: Problems): string {
  const text = trimmed(value);
  if (text === '') problems[field] = 'required';
  else if (!parseManilaDate(text).ok) problems[field] = 'date';
  return text;
}

/** A link typed or sent: empty is "not posted" (null); else an absolute https URL. */
function link(value: unknown, field: ConferenceField, problems: Problems): string | null {
  const text = trimmed(value);
  if (text === '') return null;
  if (text.length > MAX_LINK_LENGTH) {
    problems[field] = 'tooLong';
    return null;
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    problems[field] = 'link';
    return null;
  }
  if (url.protocol !== 'https:') problems[field] = 'notHttps';
  else if (url.hostname === '' || /\s/.test(text)) problems[field] = 'link';
  return text;
}

/** A correction's reason: required when `correcting`, else not kept. */
function reasonOf(value: unknown, correcting: boolean, problems: Problems): string | null {
  const text = trimmed(value);
  if ([...text].length > MAX_REASON_LENGTH) problems.reason = 'tooLong';
  else if (correcting && text === '') problems.reason = 'required';
  return correcting ? text : null;
}

function shortText(value: unknown, field: ConferenceField, problems: Problems): string {
  const text = trimmed(value).replace(/\s+/g, ' ');
  if (text === '') problems[field] = 'required';
  else if ([...text].length > MAX_OBSERVER_TEXT) problems[field] = 'tooLong';
  return text;
}

export interface CheckedConference {
  kind: ConferenceKind;
  date: string;
  livestreamUrl: string | null;
  recordingUrl: string | null;
  reason: string | null;
}

/** A conference as typed or sent; `correcting` asks a reason. Shared by the API and the form. */
export function checkConference(
  input: Record<string, unknown>,
  correcting: boolean,
): Checked<CheckedConference> {
  const problems: Problems = {};
  const kind = trimmed(input.kind);
  if (kind === '') problems.kind = 'required';
  else if (!isConferenceKind(kind)) problems.kind = 'unknown';
  const date = day(input.date, 'date', problems);
  const livestreamUrl = link(input.livestreamUrl, 'livestreamUrl', problems);
  const recordingUrl = link(input.recordingUrl, 'recordingUrl', problems);
  const reason = reasonOf(input.reason, correcting, problems);
  if (!isConferenceKind(kind) || Object.keys(problems).length > 0) return { ok: false, problems };
  return { ok: true, value: { kind, date, livestreamUrl, recordingUrl, reason } };
}

export interface CheckedObserver {
  name: string;
  organisation: string;
  invited: string;
  reason: string | null;
}

export function checkObserver(
  input: Record<string, unknown>,
  correcting: boolean,
): Checked<CheckedObserver> {
  const problems: Problems = {};
  const name = shortText(input.name, 'name', problems);
  const organisation = shortText(input.organisation, 'organisation', problems);
  const invited = day(input.invited, 'invited', problems);
  const reason = reasonOf(input.reason, correcting, problems);
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return { ok: true, value: { name, organisation, invited, reason } };
}

export function checkCategory(
  input: Record<string, unknown>,
  correcting: boolean,
): Checked<{ category: ProcurementCategory; reason: string | null }> {
  const problems: Problems = {};
  const category = trimmed(input.category);
  if (category === '') problems.category = 'required';
  else if (!isProcurementCategory(category)) problems.category = 'unknown';
  const reason = reasonOf(input.reason, correcting, problems);
  if (!isProcurementCategory(category) || Object.keys(problems).length > 0)
    return { ok: false, problems };
  return { ok: true, value: { category, reason } };
}

/** The project catalogue's name of a conference kind and of a category. */
export const conferenceKindKey = (kind: ConferenceKind): ProjectMessageKey =>
  `project.conference.kind.${kind}`;
export const categoryKey = (category: ProcurementCategory): ProjectMessageKey =>
  `project.category.${category}`;
