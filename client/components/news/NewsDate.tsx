import { formatNewsDate } from '../../../shared/news.ts';

/** An item's date as the original site wrote it ("May 16, 2025"), with the day for machines. */
export function NewsDate({ date }: { date: string }) {
  return (
    <p className="card-date">
      <time dateTime={date}>{formatNewsDate(date)}</time>
    </p>
  );
}
