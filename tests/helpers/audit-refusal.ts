import { sql } from 'kysely';
import type { SiteDatabase } from '../../db/site-database.ts';

/**
 * Runs `work` while the database refuses every audit entry of `actions` (a trigger that
 * raises "audit refused", on either engine), then lifts the refusal: for tests that a
 * write and its audit entry commit together or not at all.
 */
export async function whileAuditRefuses<T>(
  site: SiteDatabase,
  actions: readonly string[],
  work: () => Promise<T>,
): Promise<T> {
  const refused = sql.join(actions.map((action) => sql.lit(action)));
  if (site.engine === 'sqlite') {
    await sql`CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log
      WHEN NEW.action IN (${refused}) BEGIN SELECT RAISE(ABORT, 'audit refused'); END`.execute(
      site.db,
    );
  } else {
    await sql`CREATE FUNCTION refuse_audit() RETURNS trigger LANGUAGE plpgsql
      AS $$ BEGIN RAISE EXCEPTION 'audit refused'; END $$`.execute(site.db);
    await sql`CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW
      WHEN (NEW.action IN (${refused})) EXECUTE FUNCTION refuse_audit()`.execute(site.db);
  }
  try {
    return await work();
  } finally {
    if (site.engine === 'sqlite') await sql`DROP TRIGGER refuse_audit`.execute(site.db);
    else {
      await sql`DROP TRIGGER refuse_audit ON audit_log`.execute(site.db);
      await sql`DROP FUNCTION refuse_audit()`.execute(site.db);
    }
  }
}
