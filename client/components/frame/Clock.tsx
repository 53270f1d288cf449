import { useEffect, useState } from 'react';
import { useHydrated } from '../content/useHydrated.ts';

const MANILA = 'Asia/Manila';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: MANILA,
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: MANILA,
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  hour12: true,
});

/**
 * Philippine Standard Time, refreshed every second, once JavaScript runs. The server HTML
 * is the same for every visitor (pages are cached and shared), so it holds no time: an
 * empty line keeps the header's layout, and the time a cached page was rendered, shown to
 * someone later, would be wrong.
 */
export function Clock() {
  const hydrated = useHydrated();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (!hydrated) return <p className="clock" />;
  const date = new Date(now);
  return (
    <p className="clock">
      <span className="visually-hidden">Philippine Standard Time: </span>
      <time dateTime={date.toISOString()}>
        <span className="clock-date">{dateFormat.format(date)}</span>{' '}
        <span className="clock-time" data-testid="clock-time">
          {timeFormat.format(date)}
        </span>
      </time>
    </p>
  );
}
