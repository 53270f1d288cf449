import { data } from 'react-router-dom';
import { planYearOf } from '../../../shared/procurement-projects/procurement-plan.ts';

/**
 * The `?year=` a page's loader was asked for: undefined when none (the services then pick
 * their default year); a 400 for anything but one four-digit year, so a mistyped link says
 * what is wrong rather than showing another year.
 */
export function askedYear(request: Request): number | undefined {
  const asked = new URL(request.url).searchParams.getAll('year');
  const year = asked.length === 0 || asked[0] === '' ? undefined : planYearOf(asked[0]);
  if (asked.length > 1 || (asked.length === 1 && asked[0] !== '' && year === undefined))
    throw data({ message: 'year must be four digits, e.g. 2026.' }, { status: 400 });
  return year;
}
