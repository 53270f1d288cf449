import { sql, type RawBuilder } from 'kysely';
import { writeAudit } from '../audit-log.ts';
import { queryRows, writeTransaction, type SiteDatabase } from '../site-database.ts';
import type { Html, Picture } from '../../shared/content-types.ts';
import {
  NEWS_PAGE_SIZE,
  type NewsChange,
  type NewsHistoryEntry,
  type NewsPage,
  type NewsRefusalCode,
  type NewsStatus,
  type NewsSummary,
} from '../../shared/news/news.ts';
import { localize } from '../../shared/i18n/localized-text.ts';

/** A picture's files without its description, which each news item gives. */
export type PictureFiles = Omit<Picture, 'alt'>;

/** An item as stored: the Markdown as written and as HTML, the picture's files and their description. */
export interface StoredNews extends NewsSummary {
  text: string;
  /** The text rendered when it was saved, which pages serve as it is (issue 30). */
  html: Html;
  pictureId: number;
  status: NewsStatus;
  version: number;
  created: string;
  updated: string;
  withdrawn: { at: string; reason: string } | null;
}

/** What a write stores, checked already: the summary filled in, the date YYYY-MM-DD. */
export interface NewsValues {
  title: string;
  date: string;
  summary: string;
  text: string;
  picture: number;
  alt: string;
}

/** A write's values with the text rendered (shared/markdown.ts): stored beside it, never in history. */
export interface RenderedNews extends NewsValues {
  html: Html;
}

/** Who writes, from where, with which role: for the history and the audit entry. */
export interface NewsAuthor {
  actor: string;
  address: string | null;
  role: string;
  at: string;
}

/** Why the database changed nothing: the code pages word, the message in English, the field it concerns. */
export type NewsWriteOutcome =
  | { ok: true; id: string }
  | {
      ok: false;
      status: 400 | 404 | 409;
      code: Extract<
        NewsRefusalCode,
        | 'NO_SUCH_PICTURE'
        | 'NOTHING_TO_CHANGE'
        | 'NO_SUCH_ITEM'
        | 'CHANGED_MEANWHILE'
        | 'ALREADY_WITHDRAWN'
      >;
      message: string;
      field?: 'picture' | 'version';
    };

const NO_SUCH_ITEM = 'There is no such news item.';

interface NewsRow {
  id: string;
  title: string;
  date: string;
  summary: string;
  text: string;
  html: string;
  picture_id: number;
  picture_alt: string;
  version: number;
  created: string;
  updated: string;
  withdrawn_at: string | null;
  withdrawal_reason: string | null;
  width: number;
  height: number;
  variants: string;
  avif: string | null;
}

const SELECT_NEWS = sql`SELECT n.*, p.width, p.height, p.variants, p.avif
  FROM news_items n JOIN pictures p ON p.id = n.picture_id`;
const NEWEST_FIRST = sql`ORDER BY n.date DESC, n.created DESC, n.id DESC`;

/** The rows of items with their pictures' files, `rest` saying which and in what order. */
function selectNews(database: SiteDatabase, rest: RawBuilder<unknown>): Promise<NewsRow[]> {
  return queryRows(database, () => sql<NewsRow>`${SELECT_NEWS} ${rest}`);
}

function pictureOf(row: NewsRow): Picture {
  return {
    alt: row.picture_alt,
    width: row.width,
    height: row.height,
    variants: JSON.parse(row.variants) as Record<string, string>,
    ...(row.avif ? { avif: JSON.parse(row.avif) as Record<string, string> } : {}),
  };
}

function summaryOf(row: NewsRow): NewsSummary {
  return {
    id: row.id,
    title: row.title,
    date: row.date,
    summary: row.summary,
    picture: pictureOf(row),
  };
}

function storedOf(row: NewsRow): StoredNews {
  return {
    ...summaryOf(row),
    text: row.text,
    html: row.html as Html,
    pictureId: row.picture_id,
    status: row.withdrawn_at ? 'withdrawn' : 'published',
    version: row.version,
    created: row.created,
    updated: row.updated,
    withdrawn: row.withdrawn_at
      ? { at: row.withdrawn_at, reason: row.withdrawal_reason ?? '' }
      : null,
  };
}

/** One page of published items, newest first; a page past the end is empty. */
export async function listNewsPage(database: SiteDatabase, page: number): Promise<NewsPage> {
  const [counted] = await queryRows(
    database,
    () =>
      sql<{ total: number }>`SELECT count(*) AS total FROM news_items WHERE withdrawn_at IS NULL`,
  );
  const total = Number(counted!.total);
  const rows = await selectNews(
    database,
    sql`WHERE n.withdrawn_at IS NULL ${NEWEST_FIRST}
      LIMIT ${NEWS_PAGE_SIZE} OFFSET ${(page - 1) * NEWS_PAGE_SIZE}`,
  );
  return {
    items: rows.map(summaryOf),
    page,
    pages: Math.max(1, Math.ceil(total / NEWS_PAGE_SIZE)),
    total,
  };
}

/** Every published item's id, newest first: the sitemap's news pages. */
export async function publishedNewsIds(database: SiteDatabase): Promise<string[]> {
  const rows = await queryRows(
    database,
    () =>
      sql<{
        id: string;
      }>`SELECT n.id FROM news_items n WHERE n.withdrawn_at IS NULL ${NEWEST_FIRST}`,
  );
  return rows.map((row) => row.id);
}

/** The newest published items with their texts (feeds, the content API). */
export async function latestNews(database: SiteDatabase, limit: number): Promise<StoredNews[]> {
  const rows = await selectNews(
    database,
    sql`WHERE n.withdrawn_at IS NULL ${NEWEST_FIRST} LIMIT ${limit}`,
  );
  return rows.map(storedOf);
}

/** Every item, withdrawn ones included, newest first: the staff list. */
export async function staffNewsList(database: SiteDatabase, limit: number): Promise<StoredNews[]> {
  const rows = await selectNews(database, sql`${NEWEST_FIRST} LIMIT ${limit}`);
  return rows.map(storedOf);
}

export async function findNews(
  database: SiteDatabase,
  id: string,
): Promise<StoredNews | undefined> {
  const [row] = await selectNews(database, sql`WHERE n.id = ${id}`);
  return row && storedOf(row);
}

export async function newsHistory(database: SiteDatabase, id: string): Promise<NewsHistoryEntry[]> {
  const rows = await queryRows(
    database,
    () => sql<Omit<NewsHistoryEntry, 'changes'> & { changes: string }>`
      SELECT version, at, action, reason, changes FROM news_history
      WHERE news_id = ${id} ORDER BY version`,
  );
  return rows.map((row) => ({ ...row, changes: JSON.parse(row.changes) as NewsChange[] }));
}

/** Stores a picture's files; `uploader` null is one copied from content/news.json (seeded). */
async function insertPicture(
  tx: SiteDatabase,
  picture: PictureFiles,
  uploader: string | null,
  at: string,
): Promise<number> {
  const [inserted] = await queryRows(
    tx,
    () => sql<{ id: number }>`
      INSERT INTO pictures (width, height, variants, avif, uploader, created, seeded)
      VALUES (${picture.width}, ${picture.height}, ${JSON.stringify(picture.variants)},
              ${picture.avif ? JSON.stringify(picture.avif) : null}, ${uploader}, ${at},
              ${uploader === null ? 1 : 0})
      RETURNING id`,
  );
  return inserted!.id;
}

/** Records an uploaded picture and its audit entry in one transaction; answers its id. */
export async function addPicture(
  database: SiteDatabase,
  picture: PictureFiles,
  author: NewsAuthor,
): Promise<number> {
  return writeTransaction(database, async (tx) => {
    const id = await insertPicture(tx, picture, author.actor, author.at);
    await writeAudit(tx, {
      action: 'picture-uploaded',
      actor: author.actor,
      address: author.address,
      detail: { id, width: picture.width, height: picture.height, role: author.role },
    });
    return id;
  });
}

async function pictureExists(database: SiteDatabase, id: number): Promise<boolean> {
  const rows = await queryRows(
    database,
    () => sql<{ one: number }>`SELECT 1 AS one FROM pictures WHERE id = ${id}`,
  );
  return rows.length > 0;
}

/**
 * On PostgreSQL, takes a table's write lock until the transaction ends: writes that read
 * before they write (the next news number, the seeding's one row) then run one process at
 * a time, as SQLite's BEGIN IMMEDIATE already makes them. Readers are not held up.
 */
async function lockForWrites(tx: SiteDatabase, table: 'news_items' | 'news_seeding') {
  if (tx.engine === 'postgres')
    await sql`LOCK TABLE ${sql.table(table)} IN EXCLUSIVE MODE`.execute(tx.db);
}

const noSuchPicture = (id: number): NewsWriteOutcome => ({
  ok: false,
  status: 400,
  code: 'NO_SUCH_PICTURE',
  message: `There is no picture ${id}. Upload the picture first and use the id it answers.`,
  field: 'picture',
});

/** Locks an item's row until the transaction ends, on PostgreSQL (SQLite's write lock is held already). */
async function lockItem(tx: SiteDatabase, id: string): Promise<void> {
  if (tx.engine === 'postgres')
    await sql`SELECT id FROM news_items WHERE id = ${id} FOR UPDATE`.execute(tx.db);
}

/**
 * The ids made of digits alone: SQLite's GLOB on one engine, a regular expression on the
 * other (PostgreSQL has no GLOB).
 */
function digitsOnly(engine: SiteDatabase['engine']): RawBuilder<unknown> {
  return engine === 'postgres' ? sql`id ~ '^[0-9]+$'` : sql`id NOT GLOB '*[^0-9]*' AND id != ''`;
}

/** The next free number: new items continue the numbering of the ids content/news.json began. */
async function nextNewsId(tx: SiteDatabase): Promise<string> {
  const [row] = await queryRows(
    tx,
    () => sql<{ highest: number | null }>`
      SELECT max(CAST(id AS BIGINT)) AS highest FROM news_items WHERE ${digitsOnly(tx.engine)}`,
  );
  return String(Number(row?.highest ?? 0) + 1);
}

/** Adds an item with its audit entry in one transaction. */
export async function addNews(
  database: SiteDatabase,
  values: RenderedNews,
  author: NewsAuthor,
): Promise<NewsWriteOutcome> {
  return writeTransaction(database, async (tx): Promise<NewsWriteOutcome> => {
    if (!(await pictureExists(tx, values.picture))) return noSuchPicture(values.picture);
    await lockForWrites(tx, 'news_items');
    const id = await nextNewsId(tx);
    await sql`
      INSERT INTO news_items
        (id, title, date, summary, text, html, picture_id, picture_alt, created, updated)
      VALUES (${id}, ${values.title}, ${values.date}, ${values.summary}, ${values.text},
              ${values.html}, ${values.picture}, ${values.alt}, ${author.at}, ${author.at})`.execute(
      tx.db,
    );
    await writeAudit(tx, {
      action: 'news-added',
      actor: author.actor,
      address: author.address,
      detail: { id, title: values.title, date: values.date, role: author.role },
    });
    return { ok: true, id };
  });
}

async function addHistory(
  tx: SiteDatabase,
  id: string,
  entry: NewsHistoryEntry,
  author: NewsAuthor,
): Promise<void> {
  await sql`
    INSERT INTO news_history (news_id, version, at, actor, action, reason, changes)
    VALUES (${id}, ${entry.version}, ${entry.at}, ${author.actor}, ${entry.action},
            ${entry.reason}, ${JSON.stringify(entry.changes)})`.execute(tx.db);
}

/**
 * The item as it stands, or why it cannot be changed (404, 409 withdrawn or stale). Inside
 * a write transaction: on PostgreSQL the item's row is locked first, so another process's
 * change of it waits, and the read after the lock (a statement of its own under READ
 * COMMITTED) sees the version that process committed.
 */
async function changeable(
  tx: SiteDatabase,
  id: string,
  version: number | undefined,
): Promise<{ stored: StoredNews } | Extract<NewsWriteOutcome, { ok: false }>> {
  await lockItem(tx, id);
  const stored = await findNews(tx, id);
  if (!stored) return { ok: false, status: 404, code: 'NO_SUCH_ITEM', message: NO_SUCH_ITEM };
  if (stored.withdrawn) {
    return {
      ok: false,
      status: 409,
      code: 'ALREADY_WITHDRAWN',
      message: 'This news item was withdrawn and can no longer be changed.',
    };
  }
  if (version !== undefined && stored.version !== version) {
    return {
      ok: false,
      status: 409,
      code: 'CHANGED_MEANWHILE',
      field: 'version',
      message: `This news item has changed since you opened it (it is now version ${stored.version}). Reload it, check the changes and make yours again.`,
    };
  }
  return { stored };
}

/**
 * Corrects an item made against `version`: changed fields, a new version, the earlier
 * values in its public history and an audit entry, in one transaction. Nothing changed
 * is refused (400); a stale version or a withdrawn item is a conflict (409).
 */
export async function amendNews(
  database: SiteDatabase,
  id: string,
  change: { values: RenderedNews; reason: string; version: number },
  author: NewsAuthor,
): Promise<NewsWriteOutcome> {
  return writeTransaction(database, async (tx): Promise<NewsWriteOutcome> => {
    const found = await changeable(tx, id, change.version);
    if (!('stored' in found)) return found;
    const { stored } = found;
    const { values } = change;
    if (values.picture !== stored.pictureId && !(await pictureExists(tx, values.picture))) {
      return noSuchPicture(values.picture);
    }
    const before: NewsValues = {
      title: stored.title,
      date: stored.date,
      summary: stored.summary,
      text: stored.text,
      picture: stored.pictureId,
      alt: localize(stored.picture.alt, 'en').text,
    };
    const changes: NewsChange[] = (Object.keys(before) as (keyof NewsValues)[]).flatMap((field) =>
      before[field] === values[field]
        ? []
        : [{ field, before: String(before[field]), after: String(values[field]) }],
    );
    if (changes.length === 0) {
      return {
        ok: false,
        status: 400,
        code: 'NOTHING_TO_CHANGE',
        message: 'Nothing to change: every field is as it was.',
      };
    }
    const version = stored.version + 1;
    await sql`
        UPDATE news_items SET title = ${values.title}, date = ${values.date},
          summary = ${values.summary}, text = ${values.text}, html = ${values.html},
          picture_id = ${values.picture}, picture_alt = ${values.alt}, version = ${version},
          updated = ${author.at}
        WHERE id = ${id}`.execute(tx.db);
    await addHistory(
      tx,
      id,
      { version, at: author.at, action: 'amended', reason: change.reason, changes },
      author,
    );
    await writeAudit(tx, {
      action: 'news-amended',
      actor: author.actor,
      address: author.address,
      detail: {
        id,
        version,
        reason: change.reason,
        fields: changes.map((item) => item.field),
        role: author.role,
      },
    });
    return { ok: true, id };
  });
}

/**
 * Takes an item off /news, the home page and the feed; its permalink stays, marked
 * withdrawn with the date and reason. History and audit entry in the same transaction.
 */
export async function withdrawNews(
  database: SiteDatabase,
  id: string,
  reason: string,
  author: NewsAuthor,
): Promise<NewsWriteOutcome> {
  return writeTransaction(database, async (tx): Promise<NewsWriteOutcome> => {
    const found = await changeable(tx, id, undefined);
    if (!('stored' in found)) return found;
    const version = found.stored.version + 1;
    await sql`
      UPDATE news_items SET withdrawn_at = ${author.at}, withdrawal_reason = ${reason},
        version = ${version}, updated = ${author.at}
      WHERE id = ${id}`.execute(tx.db);
    await addHistory(
      tx,
      id,
      { version, at: author.at, action: 'withdrawn', reason, changes: [] },
      author,
    );
    await writeAudit(tx, {
      action: 'news-withdrawn',
      actor: author.actor,
      address: author.address,
      detail: { id, version, reason, role: author.role },
    });
    return { ok: true, id };
  });
}

/** An item of content/news.json, its date already read as YYYY-MM-DD, its text rendered. */
export interface SeedNews extends Omit<RenderedNews, 'picture' | 'alt'> {
  id: string;
  picture: Picture;
}

/** Copies items of content/news.json in, marked seeded; an id already taken is skipped. */
async function copySeedItems(
  tx: SiteDatabase,
  items: readonly SeedNews[],
  at: string,
): Promise<number> {
  let copied = 0;
  for (const item of items) {
    const { alt, ...files } = item.picture;
    const picture = await insertPicture(tx, files, null, at);
    const added = await queryRows(
      tx,
      () => sql<{ id: string }>`
        INSERT INTO news_items
          (id, title, date, summary, text, html, picture_id, picture_alt, created, updated, seeded)
        VALUES (${item.id}, ${item.title}, ${item.date}, ${item.summary}, ${item.text},
                ${item.html}, ${picture}, ${alt}, ${at}, ${at}, 1)
        ON CONFLICT (id) DO NOTHING RETURNING id`,
    );
    // The picture of an item whose id staff had taken already is not kept unused.
    if (added.length === 0) await sql`DELETE FROM pictures WHERE id = ${picture}`.execute(tx.db);
    copied += added.length;
  }
  return copied;
}

/**
 * Copies content/news.json into the database the first time the server starts on it, and
 * never again: afterwards the database is the source, and editing the file changes
 * nothing (but `municipal demo remove`, below). Answers how many items were copied, or
 * null when that was done before (by this process or, on PostgreSQL, another one).
 */
export async function seedNewsOnce(
  database: SiteDatabase,
  items: readonly SeedNews[],
  at: string,
): Promise<number | null> {
  return writeTransaction(database, async (tx): Promise<number | null> => {
    await lockForWrites(tx, 'news_seeding');
    const seeded = await queryRows(
      tx,
      () => sql<{ one: number }>`SELECT 1 AS one FROM news_seeding`,
    );
    if (seeded.length > 0) return null;
    const copied = await copySeedItems(tx, items, at);
    await sql`INSERT INTO news_seeding (only_row, at, items) VALUES (1, ${at}, ${copied})`.execute(
      tx.db,
    );
    return copied;
  });
}

/**
 * Every file URL the pictures table names (WebP and AVIF of every width), for backups and
 * checks; none in a SQLite database from before news pictures (a PostgreSQL one is
 * migrated before it is used).
 */
export async function listPictureUrls(database: SiteDatabase): Promise<string[]> {
  if (database.engine === 'sqlite') {
    const tables = await queryRows(
      database,
      () => sql<{ name: string }>`
        SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'pictures'`,
    );
    if (tables.length === 0) return [];
  }
  const rows = await queryRows(
    database,
    () => sql<PictureColumns>`SELECT variants, avif FROM pictures ORDER BY id`,
  );
  return pictureUrlsOf(rows);
}

/** The pictures table's columns that name its files: JSON maps of width to URL. */
export interface PictureColumns {
  variants: string;
  avif: string | null;
}

/** Every file URL that pictures rows name, WebP and AVIF; any engine's rows. */
export function pictureUrlsOf(rows: readonly PictureColumns[]): string[] {
  return rows.flatMap((row) => [
    ...Object.values(JSON.parse(row.variants) as Record<string, string>),
    ...Object.values(row.avif ? (JSON.parse(row.avif) as Record<string, string>) : {}),
  ]);
}

/** What bringing the copied news in line with content/news.json did. */
export interface NewsReseeding {
  /** Copied items no longer in content/news.json as they were copied, deleted with their history. */
  removed: string[];
  /** Items of content/news.json copied in. */
  copied: number;
}

/**
 * Brings the news copied from content/news.json in line with the file as it is now, in one
 * transaction with an audit entry: a copied item the file no longer holds as it was
 * copied (the demo's fictional news once content/ is replaced, or a copy corrected on the
 * web since) is deleted with its history and picture, and the file's items not in the
 * database are copied in. Items staff published on the web are never touched. Nothing
 * changes, and nothing is audited, when the copies match the file already.
 */
export async function reseedNews(
  database: SiteDatabase,
  items: readonly SeedNews[],
  at: string,
  actor: string,
): Promise<NewsReseeding> {
  return writeTransaction(database, async (tx): Promise<NewsReseeding> => {
    await lockForWrites(tx, 'news_seeding');
    const rows = await selectNews(tx, sql`WHERE n.seeded = 1`);
    const asWritten = new Map(items.map((item) => [item.id, item]));
    const removed = rows
      .filter((row) => {
        const item = asWritten.get(row.id);
        return !item || row.version !== 1 || !sameAsSource(row, item);
      })
      .map((row) => row.id);
    for (const id of removed) await deleteNewsRows(tx, id);
    const copied = await copySeedItems(tx, items, at);
    if (removed.length > 0 || copied > 0) {
      await sql`
          INSERT INTO news_seeding (only_row, at, items) VALUES (1, ${at}, ${items.length})
          ON CONFLICT (only_row) DO UPDATE SET at = excluded.at, items = excluded.items`.execute(
        tx.db,
      );
      await writeAudit(tx, {
        action: 'news-reseeded',
        actor,
        address: null,
        detail: { removed, copied },
      });
    }
    return { removed, copied };
  });
}

function sameAsSource(row: NewsRow, item: SeedNews): boolean {
  const { alt, ...files } = item.picture;
  return (
    row.title === item.title &&
    row.date === item.date &&
    row.summary === item.summary &&
    row.text === item.text &&
    row.picture_alt === localize(alt, 'en').text &&
    row.variants === JSON.stringify(files.variants) &&
    row.avif === (files.avif ? JSON.stringify(files.avif) : null)
  );
}

/**
 * Deletes an item, its history, and its picture when no other item shows it and it came
 * from content/ (an uploaded picture's files stay in DATA_DIR/pictures, under a random
 * name nothing links to any more). Inside the caller's transaction.
 */
async function deleteNewsRows(tx: SiteDatabase, id: string): Promise<void> {
  const [item] = await queryRows(
    tx,
    () => sql<{ picture: number }>`SELECT picture_id AS picture FROM news_items WHERE id = ${id}`,
  );
  await sql`DELETE FROM news_history WHERE news_id = ${id}`.execute(tx.db);
  await sql`DELETE FROM news_items WHERE id = ${id}`.execute(tx.db);
  if (item !== undefined) {
    await sql`
      DELETE FROM pictures WHERE id = ${item.picture} AND seeded = 1
        AND NOT EXISTS (SELECT 1 FROM news_items WHERE picture_id = pictures.id)`.execute(tx.db);
  }
}

/**
 * Deletes an item posted by mistake (the administrator's step; a correction or a withdrawal
 * keeps the item public, this does not): the item and its history go, and the audit log
 * keeps who, when, why and the title, in one transaction.
 */
export async function deleteNews(
  database: SiteDatabase,
  id: string,
  reason: string,
  author: NewsAuthor,
): Promise<NewsWriteOutcome> {
  return writeTransaction(database, async (tx): Promise<NewsWriteOutcome> => {
    await lockItem(tx, id);
    const stored = await findNews(tx, id);
    if (!stored) return { ok: false, status: 404, code: 'NO_SUCH_ITEM', message: NO_SUCH_ITEM };
    await deleteNewsRows(tx, id);
    await writeAudit(tx, {
      action: 'news-deleted',
      actor: author.actor,
      address: author.address,
      detail: { id, title: stored.title, version: stored.version, reason, role: author.role },
    });
    return { ok: true, id };
  });
}
