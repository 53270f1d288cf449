/** Until the shared Manila-time helper lands: the original's format, e.g. "March 5, 2024 at 3:07:09 PM UTC+08". */
function formatManilaTime(iso: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Asia/Manila',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
    hour12: true,
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((item) => item.type === type)?.value ?? '';
  return `${part('month')} ${part('day')}, ${part('year')} at ${part('hour')}:${part('minute')}:${part('second')} ${part('dayPeriod')} UTC+08`;
}

/**
 * A moment as residents read it (Manila time) inside a `<time>` whose `datetime` keeps the
 * exact UTC instant for machines. A stored time that is not a date shows as it is.
 */
export function DatePosted({ iso }: { iso: string }) {
  if (Number.isNaN(Date.parse(iso))) return <>{iso}</>;
  return <time dateTime={new Date(iso).toISOString()}>{formatManilaTime(iso)}</time>;
}
