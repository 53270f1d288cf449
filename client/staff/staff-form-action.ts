import { redirect } from 'react-router-dom';
import { langOfPath, pathInLang, type Lang } from '../../shared/i18n/languages.ts';
import type { StaffMessageKey } from '../../shared/i18n/staff-messages-en.ts';
import { checkReason } from '../../shared/records/record-validation.ts';
import { staffI18n, type StaffI18n } from '../i18n/useStaffI18n.ts';
import { validationWords } from './validation-words.ts';

/*
 * What the staff pages' actions (records, news, advisories, deletion) all do with a posted
 * form, once: read it in the page's language, check the reason, word the service's refusal
 * from its code, and go back to the page saying what was done. Each page keeps what is its
 * own (its fields, its services, its words); the steps they share live here so they cannot
 * drift apart.
 */

/** A staff form post as every staff page's action reads it. */
export interface StaffForm {
  form: FormData;
  /** A field as posted; '' when it is absent (a form posts text, never a file, here). */
  text(name: string): string;
  /** The CSRF token the form carried, sent on with every write. */
  csrfToken: string;
  /** Which of the page's forms was sent (`add`, `amend`, `withdraw`, `delete`, …). */
  intent: string;
  /** The page's language, from the request's address (/fil/… is Filipino), and its words. */
  lang: Lang;
  i18n: StaffI18n;
}

export async function readStaffForm(request: Request): Promise<StaffForm> {
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? '');
  const lang = langOfPath(new URL(request.url).pathname);
  return {
    form,
    text,
    csrfToken: text('_csrf'),
    intent: text('intent'),
    lang,
    i18n: staffI18n(lang),
  };
}

/** The reason's problem in the page's words (the services check the same rule), if any. */
export function reasonProblem(reason: string, i18n: StaffI18n): string | undefined {
  const checked = checkReason(reason, validationWords(i18n));
  return checked.ok ? undefined : checked.message;
}

/**
 * What was typed, checked again as the service checked it, so an INVALID_INPUT refusal is
 * worded per field in the page's language (the service's words are the API's English).
 * `fields` is the check of the item's fields, or undefined when the intent sends none (a
 * withdrawal); `reason` undefined when the intent asks none (a first posting).
 */
export function typedProblems<E extends Partial<Record<string, string>>>(
  fields: { ok: true } | { ok: false; errors: E } | undefined,
  reason: string | undefined,
  i18n: StaffI18n,
): E & { reason?: string } {
  const problems = { ...(fields && !fields.ok ? fields.errors : {}) } as E & { reason?: string };
  const reasonError = reason === undefined ? undefined : reasonProblem(reason, i18n);
  if (reasonError !== undefined) problems.reason = reasonError;
  return problems;
}

/** Every problem once, in one message for above the form (each is also beside its field). */
export function problemsMessage(problems: Partial<Record<string, string>>): string {
  return [...new Set(Object.values(problems))].join(' ');
}

/** How a page words an area's refusals (news, advisories): its codes' keys and exceptions. */
export interface RefusalWords<C extends string> {
  keys: Record<C, StaffMessageKey>;
  /** Refusals for the stored item's sake, whose words then say that nothing was saved. */
  notSaved: ReadonlySet<C>;
  notSavedKey: StaffMessageKey;
  /** The field a refusal is about, which shows the words beside it too. */
  fieldOf?: Partial<Record<C, string>>;
}

/**
 * Any refusal the typed checks do not explain. The service's words are the API's English,
 * shown as they are on an English page (with details such as the version now stored);
 * another language gets the catalogue's sentence for the refusal's code.
 */
export function wordedRefusal<C extends string, E extends Partial<Record<string, string>>>(
  outcome: { code: C; message: string; fieldErrors: E },
  { t, lang }: StaffI18n,
  words: RefusalWords<C>,
  values?: Record<string, string | number>,
): { message: string; fieldErrors: E } {
  let message = outcome.message;
  let fieldErrors = outcome.fieldErrors;
  if (lang !== 'en') {
    message = t(words.keys[outcome.code], values);
    const field = words.fieldOf?.[outcome.code];
    fieldErrors = (field ? { [field]: message } : {}) as E;
  }
  if (words.notSaved.has(outcome.code)) message = t(words.notSavedKey, { message });
  return { message, fieldErrors };
}

/**
 * After a write, back to the page in its language with what was done in its query (the
 * page's `?done=` words it): a 303, so reloading the page does not post the form again.
 */
export function doneRedirect(pathAndQuery: string, lang: Lang) {
  return redirect(pathInLang(pathAndQuery, lang), 303);
}

/**
 * A refused write's answer (news, advisories): an INVALID_INPUT refusal worded per field by
 * the page's own check of what was typed (`typed`, see typedProblems); any other refusal, or
 * one that check does not explain, worded from its code (wordedRefusal).
 */
export function refusalAnswer<C extends string, E extends Partial<Record<string, string>>>(
  outcome: { status: number; code: C; message: string; fieldErrors: E },
  typed: () => E,
  i18n: StaffI18n,
  words: RefusalWords<C>,
  values?: Record<string, string | number>,
): { status: number; message: string; fieldErrors: E } {
  const problems = outcome.code === 'INVALID_INPUT' ? typed() : undefined;
  if (problems && Object.keys(problems).length > 0) {
    return { status: 400, message: problemsMessage(problems), fieldErrors: problems };
  }
  return { status: outcome.status, ...wordedRefusal(outcome, i18n, words, values) };
}
