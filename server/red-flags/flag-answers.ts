import type { AnsweredFlag } from '../../shared/red-flags/flag-answers.ts';
import type { RedFlag, RedFlagAnswer, RedFlagIndicator } from '../../shared/red-flags/red-flags.ts';

/**
 * The one place flags meet the BAC's answers (issue 35): each flag with the answer to its
 * indicator on the project, or null. A project raising an indicator twice (two pairs of
 * dates out of order) shows the one answer under both.
 */
export function withAnswers(
  flags: readonly RedFlag[],
  answers: ReadonlyMap<RedFlagIndicator, RedFlagAnswer>,
): AnsweredFlag[] {
  return flags.map((flag) => ({ ...flag, answer: answers.get(flag.indicator) ?? null }));
}
