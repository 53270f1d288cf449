import { formatManilaDate, formatManilaDateTime, isTime } from '../../../shared/manila-time.ts';
import { useI18n } from '../../i18n/useI18n.tsx';

/**
 * A moment as residents read it (Manila time, in the site's one form for times) inside a
 * `<time>` whose `datetime` keeps the exact UTC instant for machines: to the minute for
 * when something was posted or changed and for a deadline, to the day for a day a state
 * began. A stored time that is not a time shows as it is.
 */
export function ManilaTime({ iso, to = 'minute' }: { iso: string; to?: 'minute' | 'day' }) {
  const { lang } = useI18n();
  if (!isTime(iso)) return <>{iso}</>;
  const format = to === 'day' ? formatManilaDate : formatManilaDateTime;
  return <time dateTime={new Date(iso).toISOString()}>{format(iso, lang)}</time>;
}
