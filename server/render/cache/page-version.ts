import type { AppDatabase } from '../../../db/connection.ts';
import { readDataVersion } from '../../../db/sqlite-data-version.ts';
import { nextAdvisoryBoundaryNow } from '../../../db/advisories/advisories.ts';
import { manilaDate, parseManilaDate } from '../../../shared/manila-time.ts';
import type { Clock } from '../../clock.ts';

/**
 * The next midnight in Manila: pages whose words depend on the date alone (a Full
 * Disclosure document falling due or overdue, the current fiscal year) change then.
 */
function nextManilaMidnight(_database: AppDatabase, now: string): string | null {
  const today = parseManilaDate(manilaDate(now));
  return today.ok ? today.end : null;
}

/**
 * What makes public pages change with time alone, no write: each gives the next instant
 * after `now` at which its pages change, or null when none will. Another time-dependent
 * page (a due date turning into "overdue") adds its own here, or it stays cached as it was.
 */
const TIME_BOUNDARIES: readonly ((database: AppDatabase, now: string) => string | null)[] = [
  nextAdvisoryBoundaryNow,
  nextManilaMidnight,
];

/** The earliest of the next instants, in milliseconds; Infinity when nothing changes with time. */
function nextBoundary(database: AppDatabase, now: string): number {
  let earliest = Infinity;
  for (const boundary of TIME_BOUNDARIES) {
    const next = boundary(database, now);
    if (next !== null) earliest = Math.min(earliest, Date.parse(next));
  }
  return earliest;
}

/**
 * What a cached page's key is valid for: the data version and the time epoch, as
 * "<data version>/<next boundary in ms>". A page changes when public data is written (the
 * data version), when an advisory's banner appears or goes at its start or end time, and
 * at Manila midnight (due dates): changes of time, not writes. So after each new data version this asks the
 * database for the next such instant (TIME_BOUNDARIES) and keys pages by it; once the clock
 * passes that instant the key changes and every page renders afresh with the banners of
 * the new moment. Between those events a request costs a clock read and a number
 * comparison, no query.
 *
 * Read once per turn of the event loop instead of once per request: the data version read
 * is a SQLite read transaction (a lock on the WAL index, taken and released by syscalls),
 * about a seventh of a cache hit's CPU time. The requests libuv hands over in one poll had
 * all arrived before the first of them read the version, so a write committed before any
 * of them was sent is seen by all; `setImmediate` forgets the version once the poll is
 * over. The one exception: with more than 1,024 connections ready at once libuv polls
 * again within the turn, and those later arrivals are answered as of that turn's first
 * read, a few milliseconds old.
 */
export function pageVersionPerTurn(database: AppDatabase, clock: Clock): () => string {
  let turnVersion: string | undefined;
  let dataVersion: number | undefined;
  // No boundary ahead: the epoch lasts until the data changes.
  let boundary = Infinity;
  const forget = () => {
    turnVersion = undefined;
  };
  return () => {
    if (turnVersion === undefined) {
      const version = readDataVersion(database);
      const now = clock.now();
      if (version !== dataVersion || now.getTime() >= boundary) {
        boundary = nextBoundary(database, now.toISOString());
        dataVersion = version;
      }
      turnVersion = `${version}/${boundary}`;
      setImmediate(forget);
    }
    return turnVersion;
  };
}
