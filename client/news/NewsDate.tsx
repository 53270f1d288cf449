import { formatNewsDate } from '../../shared/news/news.ts';
import { useI18n } from '../i18n/useI18n.tsx';

/** An item's date as the original site wrote it ("May 16, 2025"), with the day for machines. */
export function NewsDate({ date }: { date: string }) {
  const { lang } = useI18n();
  return (
    <p className="card-date">
      <time dateTime={date}>{formatNewsDate(date, lang)}</time>
    </p>
  );
}
