import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';
import { dataVersionTriggers } from '../data-version.ts';

/**
 * News published from the web (issue 22). `pictures` holds each picture's responsive files
 * as JSON maps of pixel width to URL (uploaded ones under /pictures/, the seeded ones under
 * /media/); `news_items` the items, whose `text` is the Markdown as written; `news_history`
 * every amendment and withdrawal, like record_history; `news_seeding` the one row saying
 * content/news.json was copied in, so that happens once. Snapshot, like every migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const time = "GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]T*Z'";
  await runStatements(db, [
    `CREATE TABLE pictures (
      id INTEGER PRIMARY KEY,
      width INTEGER NOT NULL CHECK (width > 0),
      height INTEGER NOT NULL CHECK (height > 0),
      variants TEXT NOT NULL,
      avif TEXT,
      uploader TEXT,
      created TEXT NOT NULL CHECK (created ${time})
    ) STRICT`,
    `CREATE TABLE news_items (
      id TEXT PRIMARY KEY,
      title TEXT NOT NULL,
      date TEXT NOT NULL CHECK (date GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
      summary TEXT NOT NULL,
      text TEXT NOT NULL,
      picture_id INTEGER NOT NULL REFERENCES pictures (id),
      picture_alt TEXT NOT NULL,
      version INTEGER NOT NULL DEFAULT 1 CHECK (version >= 1),
      created TEXT NOT NULL CHECK (created ${time}),
      updated TEXT NOT NULL CHECK (updated ${time}),
      withdrawn_at TEXT CHECK (withdrawn_at ${time}),
      withdrawal_reason TEXT
    ) STRICT`,
    // /news pages through published items newest first.
    `CREATE INDEX news_items_published ON news_items (date DESC, created DESC, id) WHERE withdrawn_at IS NULL`,
    `CREATE TABLE news_history (
      news_id TEXT NOT NULL REFERENCES news_items (id),
      version INTEGER NOT NULL,
      at TEXT NOT NULL CHECK (at ${time}),
      actor TEXT NOT NULL,
      action TEXT NOT NULL CHECK (action IN ('amended', 'withdrawn')),
      reason TEXT NOT NULL,
      changes TEXT NOT NULL,
      PRIMARY KEY (news_id, version)
    ) STRICT`,
    `CREATE TABLE news_seeding (
      only_row INTEGER PRIMARY KEY CHECK (only_row = 1),
      at TEXT NOT NULL,
      items INTEGER NOT NULL
    ) STRICT`,
    ...['pictures', 'news_items', 'news_history'].flatMap(dataVersionTriggers),
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['news_seeding', 'news_history', 'news_items', 'pictures']) {
    await sql.raw(`DROP TABLE ${table}`).execute(db);
  }
}
