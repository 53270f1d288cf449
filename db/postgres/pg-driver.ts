import pg from 'pg';

/**
 * The node-postgres driver, set up once for every PostgreSQL connection of ours: import
 * `pg` from here, not from the package, so no connection misses the setup.
 *
 * PostgreSQL returns bigint (int8) as a string, since it may exceed a JavaScript number.
 * Our integers (ids, centavos, counts, the data version) stay far below 2^53 and SQLite
 * hands them back as numbers: reading them as numbers keeps one set of types. A value that
 * would lose precision is refused rather than rounded.
 */
function safeInteger(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`The database returned ${text}, beyond JavaScript's safe integers`);
  }
  return value;
}
pg.types.setTypeParser(pg.types.builtins.INT8, safeInteger);

export default pg;
