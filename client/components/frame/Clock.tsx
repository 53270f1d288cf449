import { useEffect, useState } from 'react';
import { INTL_LOCALES, LANGUAGES, type Lang } from '../../../shared/i18n/languages.ts';
import { useI18n } from '../../i18n/useI18n.tsx';
import { useHydrated } from '../content/useHydrated.ts';

const MANILA = 'Asia/Manila';

/** The clock's two formats in each language's conventions, made once. */
const formats = Object.fromEntries(
  LANGUAGES.map((lang) => [
    lang,
    {
      date: new Intl.DateTimeFormat(INTL_LOCALES[lang], {
        timeZone: MANILA,
        weekday: 'long',
        year: 'numeric',
        month: 'long',
        day: 'numeric',
      }),
      time: new Intl.DateTimeFormat(INTL_LOCALES[lang], {
        timeZone: MANILA,
        hour: 'numeric',
        minute: '2-digit',
        second: '2-digit',
        hour12: true,
      }),
    },
  ]),
) as Record<Lang, { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>;

/**
 * Philippine Standard Time, refreshed every second, once JavaScript runs. The server HTML
 * is the same for every visitor (pages are cached and shared), so it holds no time: an
 * empty line keeps the header's layout, and the time a cached page was rendered, shown to
 * someone later, would be wrong.
 */
export function Clock() {
  const hydrated = useHydrated();
  const { lang, t } = useI18n();
  const { date: dateFormat, time: timeFormat } = formats[lang];
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (!hydrated) return <p className="clock" />;
  const date = new Date(now);
  return (
    <p className="clock">
      <span className="visually-hidden">{t('frame.clockLabel')} </span>
      <time dateTime={date.toISOString()}>
        <span className="clock-date">{dateFormat.format(date)}</span>{' '}
        <span className="clock-time" data-testid="clock-time">
          {timeFormat.format(date)}
        </span>
      </time>
    </p>
  );
}
