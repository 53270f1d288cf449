import { formatManilaDateTime, formatManilaMinute, isTime } from '../../../shared/manila-time.ts';
import { useI18n } from '../../i18n/useI18n.tsx';

/**
 * A moment as residents read it (Manila time) inside a `<time>` whose `datetime` keeps the
 * exact UTC instant for machines: to the second for when something was posted or changed,
 * to the minute for a deadline. A stored time that is not a time shows as it is.
 */
export function ManilaTime({ iso, to = 'second' }: { iso: string; to?: 'second' | 'minute' }) {
  const { lang } = useI18n();
  if (!isTime(iso)) return <>{iso}</>;
  return (
    <time dateTime={new Date(iso).toISOString()}>
      {to === 'minute' ? formatManilaMinute(iso, lang) : formatManilaDateTime(iso, lang)}
    </time>
  );
}
