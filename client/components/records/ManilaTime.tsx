import {
  formatManilaDate,
  formatManilaDateTime,
  formatManilaMinute,
  isTime,
} from '../../../shared/manila-time.ts';
import { useI18n } from '../../i18n/useI18n.tsx';

/**
 * A moment as residents read it (Manila time) inside a `<time>` whose `datetime` keeps the
 * exact UTC instant for machines: to the second for when something was posted or changed,
 * to the minute for a deadline, to the day for a day a state began. A stored time that is
 * not a time shows as it is.
 */
export function ManilaTime({
  iso,
  to = 'second',
}: {
  iso: string;
  to?: 'second' | 'minute' | 'day';
}) {
  const { lang } = useI18n();
  if (!isTime(iso)) return <>{iso}</>;
  const format = {
    second: formatManilaDateTime,
    minute: formatManilaMinute,
    day: formatManilaDate,
  };
  return <time dateTime={new Date(iso).toISOString()}>{format[to](iso, lang)}</time>;
}
