import type { AppDatabase } from '../../../db/connection.ts';
import { readDataVersion } from '../../../db/sqlite-data-version.ts';
import {
  nextAdvisoryBoundary,
  nextAdvisoryBoundaryNow,
} from '../../../db/advisories/advisories.ts';
import type { DataVersionWatch } from '../../../db/postgres/data-version-listener.ts';
import type { SiteDatabase } from '../../../db/site-database.ts';
import { manilaDate, parseManilaDate } from '../../../shared/manila-time.ts';
import type { Clock } from '../../clock.ts';

/**
 * The next midnight in Manila: pages whose words depend on the date alone (a Full
 * Disclosure document falling due or overdue, the current fiscal year) change then.
 */
function nextManilaMidnight(_database: unknown, now: string): string | null {
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

/** The same instants read with awaited queries, on either engine: the same queries. */
const TIME_BOUNDARIES_AWAITED: readonly ((
  database: SiteDatabase,
  now: string,
) => Promise<string | null> | string | null)[] = [nextAdvisoryBoundary, nextManilaMidnight];

/** The earliest of the next instants, in milliseconds; Infinity when nothing changes with time. */
function earliestOf(instants: readonly (string | null)[]): number {
  let earliest = Infinity;
  for (const next of instants) {
    if (next !== null) earliest = Math.min(earliest, Date.parse(next));
  }
  return earliest;
}

function nextBoundary(database: AppDatabase, now: string): number {
  return earliestOf(TIME_BOUNDARIES.map((boundary) => boundary(database, now)));
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

/**
 * The page version on PostgreSQL, where several app processes share the database: the data
 * version is the one this process's listener knows (`watchDataVersion`: every commit in
 * any process notifies it), and the time boundaries are read with awaited queries when
 * that version moves. Undefined while either is not known yet, or while the listener is
 * reconnecting and may have missed a write: the render cache then keeps and serves
 * nothing, so no process answers from a page older than a write it was not told of.
 */
export function pageVersionWatched(
  database: SiteDatabase,
  watch: DataVersionWatch,
  clock: Clock,
  onError: (error: unknown) => void,
): (() => string | undefined) & { settled(): Promise<void> } {
  let known: { dataVersion: number; boundary: number } | undefined;
  let reading: number | undefined;
  let pending: Promise<void> = Promise.resolve();
  const readBoundary = (dataVersion: number, now: string) => {
    reading = dataVersion;
    pending = Promise.all(TIME_BOUNDARIES_AWAITED.map((boundary) => boundary(database, now))).then(
      (instants) => {
        // A read for a version since replaced is dropped, and leaves the newer read alone: a
        // commit bumps the version once per row, so notifications come in bursts, and an
        // older read ending after a newer one started must not make it drop its answer.
        if (reading !== dataVersion) return;
        known = { dataVersion, boundary: earliestOf(instants) };
        reading = undefined;
      },
      (error: unknown) => {
        if (reading === dataVersion) reading = undefined;
        onError(error);
      },
    );
  };
  // Read ahead: at start and as soon as a write is heard of, so the first request after
  // either finds the key known instead of going uncached.
  const readAhead = (dataVersion: number | undefined) => {
    if (dataVersion !== undefined && reading !== dataVersion) {
      readBoundary(dataVersion, clock.now().toISOString());
    }
  };
  readAhead(watch.current());
  watch.onChange(readAhead);
  const pageVersion = () => {
    const dataVersion = watch.current();
    if (dataVersion === undefined) return undefined;
    const now = clock.now();
    if (known?.dataVersion === dataVersion && now.getTime() < known.boundary) {
      return `${dataVersion}/${known.boundary}`;
    }
    if (reading !== dataVersion) readBoundary(dataVersion, now.toISOString());
    return undefined;
  };
  return Object.assign(pageVersion, {
    /**
     * Resolves once the boundaries of the version last heard of are read (at once when they
     * are): a write awaits it before it is answered, so the first reader after the write
     * gets a page the cache keeps, rather than one rendered while the key is unknown.
     */
    settled: () => pending,
  });
}
