/**
 * Advisories: short urgent notices (class suspension, typhoon signal, water or power
 * interruption, road closure) shown as a banner on every public page while they run. What
 * the browser and the server both need: the shape, the severities and the checks of input.
 */
import type { DeletionOutcome } from '../deletion.ts';
import type { StaffMessageKey } from '../i18n/staff-messages-en.ts';
import type { StaffText } from '../i18n/staff-text.ts';
import { parseManilaInstant } from '../manila-time.ts';

/** The public list of running and past advisories, and its feed for relays. */
export const ADVISORIES_PATH = '/advisories';
export const ADVISORIES_FEED = '/advisories.atom';

export const SEVERITIES = ['information', 'warning', 'danger'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** The word each banner starts with, so the severity never rests on colour alone. */
export const SEVERITY_LABELS: Record<Severity, string> = {
  information: 'Information',
  warning: 'Warning',
  danger: 'Danger',
};

export const MAX_ADVISORY_TITLE = 120;
export const MAX_ADVISORY_TEXT = 600;

/** Where an advisory stands at a moment: not yet shown, on every page, or over. */
export type AdvisoryState = 'upcoming' | 'active' | 'past';

/** One correction or the early end, oldest first. */
export interface AdvisoryChange {
  /** The version this step produced (an advisory starts at version 1). */
  version: number;
  at: string;
  action: 'amended' | 'ended';
  reason: string;
  changes: { field: AdvisoryField; before: string; after: string }[];
}

/** An advisory as the API and the pages show it; times ISO 8601 UTC. */
export interface Advisory {
  id: number;
  severity: Severity;
  title: string;
  text: string;
  starts: string;
  /** The planned end; `ended` says when it was ended early. */
  ends: string;
  ended: { at: string; reason: string } | null;
  state: AdvisoryState;
  version: number;
  created: string;
  updated: string;
  history: AdvisoryChange[];
}

export const ADVISORY_FIELDS = ['severity', 'title', 'text', 'starts', 'ends'] as const;
export type AdvisoryField = (typeof ADVISORY_FIELDS)[number];

/** What staff send: every field as text (the API's ISO 8601 times or the form's Manila ones). */
export type AdvisoryInput = Record<AdvisoryField, string>;
export type AdvisoryValues = AdvisoryInput & { severity: Severity };

export type AdvisoryFieldErrors = Partial<Record<AdvisoryField | 'reason' | 'version', string>>;

export type AdvisoryCheck =
  { ok: true; value: AdvisoryValues } | { ok: false; errors: AdvisoryFieldErrors };

export const ADVISORY_LABELS: Record<AdvisoryField, string> = {
  severity: 'Severity',
  title: 'Title',
  text: 'Text',
  starts: 'Start',
  ends: 'End',
};

function checkText(
  name: 'title' | 'text',
  input: string,
  max: number,
  t: StaffText,
): string | { error: string } {
  const text = input.normalize('NFC').trim();
  const label = t(`staff.advisories.error.label.${name}`);
  if (text === '') return { error: t('staff.advisories.error.required', { label }) };
  if ([...text].length > max) return { error: t('staff.advisories.error.tooLong', { label, max }) };
  return text;
}

/**
 * Checks a whole advisory: a known severity, a title and a short text, and a start and an
 * end (ISO 8601 with a zone, or Manila date and time as the form's inputs send them) with
 * the end after the start. Times come back as ISO 8601 UTC, text trimmed. Refusals are in
 * the language `t` gives: the API's English, a staff page's own.
 */
export function checkAdvisory(input: AdvisoryInput, t: StaffText): AdvisoryCheck {
  const errors: AdvisoryFieldErrors = {};
  const severity = SEVERITIES.find((item) => item === input.severity);
  if (!severity)
    errors.severity = t('staff.advisories.error.severity', { severities: SEVERITIES.join(', ') });
  const title = checkText('title', input.title, MAX_ADVISORY_TITLE, t);
  if (typeof title !== 'string') errors.title = title.error;
  const text = checkText('text', input.text, MAX_ADVISORY_TEXT, t);
  if (typeof text !== 'string') errors.text = text.error;
  const time = (name: 'starts' | 'ends') => {
    const parsed = parseManilaInstant(input[name], name);
    if (!parsed.ok)
      errors[name] = t('staff.advisories.error.time', {
        label: t(`staff.advisories.error.label.${name}`),
      });
    return parsed;
  };
  const starts = time('starts');
  const ends = time('ends');
  const backwards = starts.ok && ends.ok && ends.iso <= starts.iso;
  if (backwards) errors.ends = t('staff.advisories.error.endBeforeStart');
  if (!severity || typeof title !== 'string' || typeof text !== 'string')
    return { ok: false, errors };
  if (!starts.ok || !ends.ok || backwards) return { ok: false, errors };
  return { ok: true, value: { severity, title, text, starts: starts.iso, ends: ends.iso } };
}

/**
 * Why an advisory write changed nothing: INVALID_INPUT (400, `fieldErrors` says which),
 * ENDS_PASSED (400, a new advisory whose end has passed: it would never be shown),
 * NOTHING_TO_CHANGE (400), NO_SUCH_ADVISORY (404), CHANGED_MEANWHILE (409, made against an
 * older version), ALREADY_ENDED (409, ended early already) and ALREADY_OVER (409, its
 * planned end has passed). A missing role is not an outcome: the services throw it (401, 403).
 */
export const ADVISORY_REFUSALS = [
  'INVALID_INPUT',
  'ENDS_PASSED',
  'NOTHING_TO_CHANGE',
  'NO_SUCH_ADVISORY',
  'CHANGED_MEANWHILE',
  'ALREADY_ENDED',
  'ALREADY_OVER',
] as const;
export type AdvisoryRefusalCode = (typeof ADVISORY_REFUSALS)[number];

/**
 * Each refusal's words on the staff page. INVALID_INPUT's are the page's own check of what
 * was typed; its key here is for when that finds nothing.
 */
export const ADVISORY_REFUSAL_KEYS: Record<AdvisoryRefusalCode, StaffMessageKey> = {
  INVALID_INPUT: 'staff.advisories.refused.failed',
  ENDS_PASSED: 'staff.advisories.error.endsPassed',
  NOTHING_TO_CHANGE: 'staff.advisories.refused.unchanged',
  NO_SUCH_ADVISORY: 'staff.advisories.refused.noItem',
  CHANGED_MEANWHILE: 'staff.advisories.refused.changed',
  ALREADY_ENDED: 'staff.advisories.refused.changed',
  ALREADY_OVER: 'staff.advisories.refused.changed',
};

/** The answer to a write: the advisory as it now stands, or why nothing changed (the code for pages, the message in English). */
export type AdvisoryOutcome =
  | { ok: true; advisory: Advisory }
  | {
      ok: false;
      status: 400 | 404 | 409;
      code: AdvisoryRefusalCode;
      message: string;
      fieldErrors: AdvisoryFieldErrors;
    };

/** A correction: the fields as they should be, why, and the version it was made against. */
export type AdvisoryAmendment = Partial<AdvisoryInput> & { reason: string; version: number };

/** Past advisories the public page lists, newest first. */
export const PAST_ADVISORIES = 50;

/** What route loaders may ask about advisories, on the server and (through the API) in the browser. */
export interface AdvisoryServices {
  /** The advisories running now, most severe first: the banners of every public page. */
  activeAdvisories(): Promise<Advisory[]>;
  /** Running ones and the latest PAST_ADVISORIES that are over, for /advisories. */
  advisoryArchive(): Promise<{ active: Advisory[]; past: Advisory[] }>;
}

/** The staff side; on the server every call acts on the request's session and checks its role. */
export interface AdvisoryStaffServices {
  /** Every advisory, upcoming ones included, newest first, and the server's time (the form's default start). */
  staffAdvisories(): Promise<{ now: string; advisories: Advisory[] }>;
  postAdvisory(input: AdvisoryInput, csrfToken: string): Promise<AdvisoryOutcome>;
  amendAdvisory(
    id: number,
    amendment: AdvisoryAmendment,
    csrfToken: string,
  ): Promise<AdvisoryOutcome>;
  endAdvisory(id: number, end: { reason: string }, csrfToken: string): Promise<AdvisoryOutcome>;
  /** The administrator's alone (shared/deletion.ts). */
  deleteAdvisory(
    id: number,
    deletion: { reason: string },
    csrfToken: string,
  ): Promise<DeletionOutcome>;
}
