/** Daily digests go out at 07:00 Manila time, which is 23:00 UTC the day before (no daylight saving). */
export const DAY_MS = 24 * 60 * 60 * 1000;
const DIGEST_HOUR_UTC = 23;

/** The first 07:00 Manila strictly after `now`. */
export function nextDigestTime(now: Date): Date {
  const today = Date.UTC(
    now.getUTCFullYear(),
    now.getUTCMonth(),
    now.getUTCDate(),
    DIGEST_HOUR_UTC,
  );
  return new Date(today > now.getTime() ? today : today + DAY_MS);
}
