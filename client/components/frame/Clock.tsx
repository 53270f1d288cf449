import { useEffect, useState } from 'react';

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
 * Philippine Standard Time, refreshed every second. It starts from the server's render
 * time so the server HTML already shows the time and hydration matches it.
 */
export function Clock({ initialTime }: { initialTime: number }) {
  const [now, setNow] = useState(initialTime);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const date = new Date(now);
  return (
    <p className="clock">
      <span className="visually-hidden">Philippine Standard Time: </span>
      <time dateTime={date.toISOString()} suppressHydrationWarning>
        <span className="clock-date" suppressHydrationWarning>
          {dateFormat.format(date)}
        </span>{' '}
        <span className="clock-time" data-testid="clock-time" suppressHydrationWarning>
          {timeFormat.format(date)}
        </span>
      </time>
    </p>
  );
}
