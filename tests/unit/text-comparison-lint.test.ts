import { beforeAll, describe, expect, it } from 'vitest';
import { lintProbes, type LintProbe } from '../helpers/lint-probes.ts';

const RULE = 'codes/no-text-comparison';

/** A module of sentences and codes the probes import, as shared/ modules export them. */
const WORDS: LintProbe = {
  file: 'shared/probe-words.ts',
  code: [
    "export const FORM_EXPIRED = 'This form has expired. Reload the page and try again.';",
    "export const WRONG_CREDENTIALS = staffEn['staff.login.wrongCredentials'];",
    "export const FORM_EXPIRED_CODE = 'FORM_EXPIRED';",
    'declare const staffEn: Record<string, string>;',
    '',
  ].join('\n'),
};

/** Each probe: a client/ module whose one function compares what its name says. */
const probe = (name: string, body: string, head = ''): LintProbe => ({
  file: `client/probe-${name}.ts`,
  code: [
    "import { FORM_EXPIRED, FORM_EXPIRED_CODE, WRONG_CREDENTIALS } from '../shared/probe-words.ts';",
    head,
    'export function probe(outcome: { message: string; code: string }, flash: string | null, code: string, error: unknown, errors: Record<string, string>, name: string, words: { text(key: string): string }): unknown {',
    `  return ${body};`,
    '}',
    'export const used = [FORM_EXPIRED, FORM_EXPIRED_CODE, WRONG_CREDENTIALS];',
    '',
  ].join('\n'),
});

const FIRES: Record<string, LintProbe> = {
  'a message against a sentence constant': probe(
    'message-constant',
    'outcome.message === FORM_EXPIRED',
  ),
  'a flash against a sentence': probe('flash-literal', "flash === 'Login successful'"),
  'the constant first, with !==': probe('constant-first', 'FORM_EXPIRED !== outcome.message'),
  'a message against a code, loosely': probe('message-loose', "outcome.message == 'FORM_EXPIRED'"),
  'an error against a string': probe('error-string', "error === 'Wrong Credentials'"),
  'any value against an imported sentence': probe('imported-sentence', 'code === FORM_EXPIRED'),
  'any value against a catalogue lookup': probe('catalogue', 'name === WRONG_CREDENTIALS'),
  'a field error against a translated word': probe(
    'translated',
    'errors[name] === fillAll',
    "declare const words2: { text(key: string): string };\nconst fillAll = words2.text('staff.validation.fillAll');",
  ),
  'a sentence in a switch': probe(
    'switch',
    "(() => { switch (name) { case 'Nothing to change: every field is as it was.': return 1; default: return 0; } })()",
  ),
};

const QUIET: Record<string, LintProbe> = {
  'a code against a code': probe('code', "code === 'FORM_EXPIRED'"),
  'a code against a code constant': probe('code-constant', 'outcome.code === FORM_EXPIRED_CODE'),
  'a message against undefined': probe('undefined', 'outcome.message !== undefined'),
  'a flash against null': probe('null', 'flash === null'),
  'the kind of a message': probe('typeof', "typeof outcome.message === 'string'"),
  'an empty message': probe('empty', "outcome.message === ''"),
  'an error against another value': probe('error-value', 'error === errors'),
  'a word without a space': probe('word', "name === 'published'"),
};

describe('no comparing the English text of messages (npx eslint)', () => {
  let messages: Map<string, string[]>;

  beforeAll(async () => {
    const linted = await lintProbes([WORDS, ...Object.values(FIRES), ...Object.values(QUIET)]);
    messages = new Map(
      [...linted].map(([file, found]) => [
        file,
        found.map((message) => `${message.ruleId ?? 'parse'}: ${message.message}`),
      ]),
    );
  }, 120_000);

  const found = (probe: LintProbe) =>
    (messages.get(probe.file) ?? []).filter(
      (message) => !message.startsWith('@typescript-eslint/no-unused-vars'),
    );

  it.each(Object.keys(FIRES))('fires on %s', (name) => {
    const reported = found(FIRES[name]!);
    expect(reported).toHaveLength(1);
    expect(reported[0]).toMatch(new RegExp(`^${RULE}: Compares .* as text`));
  });

  it.each(Object.keys(QUIET))('stays quiet on %s', (name) => {
    expect(found(QUIET[name]!)).toEqual([]);
  });

  it('leaves the module of sentences alone: defining words is not comparing them', () => {
    expect(found(WORDS)).toEqual([]);
  });
});
