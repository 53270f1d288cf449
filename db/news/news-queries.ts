import { recordAudit } from '../audit-log.ts';
import type { AppDatabase } from '../connection.ts';
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

const SELECT_NEWS = `SELECT n.*, p.width, p.height, p.variants, p.avif
  FROM news_items n JOIN pictures p ON p.id = n.picture_id`;
const NEWEST_FIRST = 'ORDER BY n.date DESC, n.created DESC, n.id DESC';

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
export function listNewsPage(database: AppDatabase, page: number): NewsPage {
  const total = database.sqlite
    .prepare('SELECT count(*) FROM news_items WHERE withdrawn_at IS NULL')
    .pluck()
    .get() as number;
  const rows = database.sqlite
    .prepare(`${SELECT_NEWS} WHERE n.withdrawn_at IS NULL ${NEWEST_FIRST} LIMIT ? OFFSET ?`)
    .all(NEWS_PAGE_SIZE, (page - 1) * NEWS_PAGE_SIZE) as NewsRow[];
  return {
    items: rows.map(summaryOf),
    page,
    pages: Math.max(1, Math.ceil(total / NEWS_PAGE_SIZE)),
    total,
  };
}

/** Every published item's id, newest first: the sitemap's news pages. */
export function publishedNewsIds(database: AppDatabase): string[] {
  return database.sqlite
    .prepare(`SELECT n.id FROM news_items n WHERE n.withdrawn_at IS NULL ${NEWEST_FIRST}`)
    .pluck()
    .all() as string[];
}

/** The newest published items with their texts (feeds, the content API). */
export function latestNews(database: AppDatabase, limit: number): StoredNews[] {
  const rows = database.sqlite
    .prepare(`${SELECT_NEWS} WHERE n.withdrawn_at IS NULL ${NEWEST_FIRST} LIMIT ?`)
    .all(limit) as NewsRow[];
  return rows.map(storedOf);
}

/** Every item, withdrawn ones included, newest first: the staff list. */
export function staffNewsList(database: AppDatabase, limit: number): StoredNews[] {
  const rows = database.sqlite
    .prepare(`${SELECT_NEWS} ${NEWEST_FIRST} LIMIT ?`)
    .all(limit) as NewsRow[];
  return rows.map(storedOf);
}

export function findNews(database: AppDatabase, id: string): StoredNews | undefined {
  const row = database.sqlite.prepare(`${SELECT_NEWS} WHERE n.id = ?`).get(id) as
    NewsRow | undefined;
  return row && storedOf(row);
}

export function newsHistory(database: AppDatabase, id: string): NewsHistoryEntry[] {
  const rows = database.sqlite
    .prepare(
      'SELECT version, at, action, reason, changes FROM news_history WHERE news_id = ? ORDER BY version',
    )
    .all(id) as (Omit<NewsHistoryEntry, 'changes'> & { changes: string })[];
  return rows.map((row) => ({ ...row, changes: JSON.parse(row.changes) as NewsChange[] }));
}

/** Stores a picture's files; `uploader` null is one copied from content/news.json (seeded). */
function insertPicture(
  database: AppDatabase,
  picture: PictureFiles,
  uploader: string | null,
  at: string,
): number {
  return Number(
    database.sqlite
      .prepare(
        'INSERT INTO pictures (width, height, variants, avif, uploader, created, seeded) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .run(
        picture.width,
        picture.height,
        JSON.stringify(picture.variants),
        picture.avif ? JSON.stringify(picture.avif) : null,
        uploader,
        at,
        uploader === null ? 1 : 0,
      ).lastInsertRowid,
  );
}

/** Records an uploaded picture and its audit entry in one transaction; answers its id. */
export function addPicture(
  database: AppDatabase,
  picture: PictureFiles,
  author: NewsAuthor,
): number {
  return database.sqlite.transaction(() => {
    const id = insertPicture(database, picture, author.actor, author.at);
    recordAudit(database, {
      action: 'picture-uploaded',
      actor: author.actor,
      address: author.address,
      detail: { id, width: picture.width, height: picture.height, role: author.role },
    });
    return id;
  })();
}

function pictureExists(database: AppDatabase, id: number): boolean {
  return database.sqlite.prepare('SELECT 1 FROM pictures WHERE id = ?').get(id) !== undefined;
}

const noSuchPicture = (id: number): NewsWriteOutcome => ({
  ok: false,
  status: 400,
  code: 'NO_SUCH_PICTURE',
  message: `There is no picture ${id}. Upload the picture first and use the id it answers.`,
  field: 'picture',
});

/** The next free number: new items continue the numbering of the ids content/news.json began. */
function nextNewsId(database: AppDatabase): string {
  const highest = database.sqlite
    .prepare(
      "SELECT max(CAST(id AS INTEGER)) FROM news_items WHERE id NOT GLOB '*[^0-9]*' AND id != ''",
    )
    .pluck()
    .get() as number | null;
  return String((highest ?? 0) + 1);
}

/** Adds an item with its audit entry in one transaction. */
export function addNews(
  database: AppDatabase,
  values: RenderedNews,
  author: NewsAuthor,
): NewsWriteOutcome {
  return database.sqlite
    .transaction((): NewsWriteOutcome => {
      if (!pictureExists(database, values.picture)) return noSuchPicture(values.picture);
      const id = nextNewsId(database);
      database.sqlite
        .prepare(
          `INSERT INTO news_items (id, title, date, summary, text, html, picture_id, picture_alt, created, updated)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          id,
          values.title,
          values.date,
          values.summary,
          values.text,
          values.html,
          values.picture,
          values.alt,
          author.at,
          author.at,
        );
      recordAudit(database, {
        action: 'news-added',
        actor: author.actor,
        address: author.address,
        detail: { id, title: values.title, date: values.date, role: author.role },
      });
      return { ok: true, id };
    })
    .immediate();
}

function addHistory(
  database: AppDatabase,
  id: string,
  entry: NewsHistoryEntry,
  author: NewsAuthor,
): void {
  database.sqlite
    .prepare(
      'INSERT INTO news_history (news_id, version, at, actor, action, reason, changes) VALUES (?, ?, ?, ?, ?, ?, ?)',
    )
    .run(
      id,
      entry.version,
      entry.at,
      author.actor,
      entry.action,
      entry.reason,
      JSON.stringify(entry.changes),
    );
}

/** The item as it stands, or why it cannot be changed (404, 409 withdrawn or stale). */
function changeable(
  database: AppDatabase,
  id: string,
  version: number | undefined,
): { stored: StoredNews } | Extract<NewsWriteOutcome, { ok: false }> {
  const stored = findNews(database, id);
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
export function amendNews(
  database: AppDatabase,
  id: string,
  change: { values: RenderedNews; reason: string; version: number },
  author: NewsAuthor,
): NewsWriteOutcome {
  return database.sqlite
    .transaction((): NewsWriteOutcome => {
      const found = changeable(database, id, change.version);
      if (!('stored' in found)) return found;
      const { stored } = found;
      const { values } = change;
      if (values.picture !== stored.pictureId && !pictureExists(database, values.picture)) {
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
      const changes: NewsChange[] = (Object.keys(before) as (keyof NewsValues)[]).flatMap(
        (field) =>
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
      database.sqlite
        .prepare(
          `UPDATE news_items SET title = ?, date = ?, summary = ?, text = ?, html = ?,
             picture_id = ?, picture_alt = ?, version = ?, updated = ? WHERE id = ?`,
        )
        .run(
          values.title,
          values.date,
          values.summary,
          values.text,
          values.html,
          values.picture,
          values.alt,
          version,
          author.at,
          id,
        );
      addHistory(
        database,
        id,
        { version, at: author.at, action: 'amended', reason: change.reason, changes },
        author,
      );
      recordAudit(database, {
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
    })
    .immediate();
}

/**
 * Takes an item off /news, the home page and the feed; its permalink stays, marked
 * withdrawn with the date and reason. History and audit entry in the same transaction.
 */
export function withdrawNews(
  database: AppDatabase,
  id: string,
  reason: string,
  author: NewsAuthor,
): NewsWriteOutcome {
  return database.sqlite
    .transaction((): NewsWriteOutcome => {
      const found = changeable(database, id, undefined);
      if (!('stored' in found)) return found;
      const version = found.stored.version + 1;
      database.sqlite
        .prepare(
          'UPDATE news_items SET withdrawn_at = ?, withdrawal_reason = ?, version = ?, updated = ? WHERE id = ?',
        )
        .run(author.at, reason, version, author.at, id);
      addHistory(
        database,
        id,
        { version, at: author.at, action: 'withdrawn', reason, changes: [] },
        author,
      );
      recordAudit(database, {
        action: 'news-withdrawn',
        actor: author.actor,
        address: author.address,
        detail: { id, version, reason, role: author.role },
      });
      return { ok: true, id };
    })
    .immediate();
}

/** An item of content/news.json, its date already read as YYYY-MM-DD, its text rendered. */
export interface SeedNews extends Omit<RenderedNews, 'picture' | 'alt'> {
  id: string;
  picture: Picture;
}

/** Copies items of content/news.json in, marked seeded; an id already taken is skipped. */
function copySeedItems(database: AppDatabase, items: readonly SeedNews[], at: string): number {
  const insert = database.sqlite.prepare(
    `INSERT INTO news_items (id, title, date, summary, text, html, picture_id, picture_alt, created, updated, seeded)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1) ON CONFLICT (id) DO NOTHING`,
  );
  let copied = 0;
  for (const item of items) {
    const { alt, ...files } = item.picture;
    const picture = insertPicture(database, files, null, at);
    const added = insert.run(
      item.id,
      item.title,
      item.date,
      item.summary,
      item.text,
      item.html,
      picture,
      alt,
      at,
      at,
    ).changes;
    // The picture of an item whose id staff had taken already is not kept unused.
    if (added === 0) database.sqlite.prepare('DELETE FROM pictures WHERE id = ?').run(picture);
    copied += added;
  }
  return copied;
}

/**
 * Copies content/news.json into the database the first time the server starts on it, and
 * never again: afterwards the database is the source, and editing the file changes
 * nothing (but `municipal demo remove`, below). Answers how many items were copied, or
 * null when that was done before.
 */
export function seedNewsOnce(
  database: AppDatabase,
  items: readonly SeedNews[],
  at: string,
): number | null {
  return database.sqlite
    .transaction((): number | null => {
      const seeded = database.sqlite.prepare('SELECT 1 FROM news_seeding').get();
      if (seeded) return null;
      const copied = copySeedItems(database, items, at);
      database.sqlite
        .prepare('INSERT INTO news_seeding (only_row, at, items) VALUES (1, ?, ?)')
        .run(at, copied);
      return copied;
    })
    .immediate();
}

/**
 * Every file URL the pictures table names (WebP and AVIF of every width), for backups and
 * checks; none in a database from before news pictures.
 */
export function listPictureUrls({ sqlite }: Pick<AppDatabase, 'sqlite'>): string[] {
  const hasTable = sqlite
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'pictures'")
    .get();
  if (!hasTable) return [];
  const rows = sqlite
    .prepare('SELECT variants, avif FROM pictures ORDER BY id')
    .all() as PictureColumns[];
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
export function reseedNews(
  database: AppDatabase,
  items: readonly SeedNews[],
  at: string,
  actor: string,
): NewsReseeding {
  return database.sqlite
    .transaction((): NewsReseeding => {
      const rows = database.sqlite.prepare(`${SELECT_NEWS} WHERE n.seeded = 1`).all() as NewsRow[];
      const asWritten = new Map(items.map((item) => [item.id, item]));
      const removed = rows
        .filter((row) => {
          const item = asWritten.get(row.id);
          return !item || row.version !== 1 || !sameAsSource(row, item);
        })
        .map((row) => row.id);
      for (const id of removed) deleteNewsRows(database, id);
      const copied = copySeedItems(database, items, at);
      if (removed.length > 0 || copied > 0) {
        database.sqlite
          .prepare(
            `INSERT INTO news_seeding (only_row, at, items) VALUES (1, ?, ?)
             ON CONFLICT (only_row) DO UPDATE SET at = excluded.at, items = excluded.items`,
          )
          .run(at, items.length);
        recordAudit(database, {
          action: 'news-reseeded',
          actor,
          address: null,
          detail: { removed, copied },
        });
      }
      return { removed, copied };
    })
    .immediate();
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
function deleteNewsRows(database: AppDatabase, id: string): void {
  const picture = database.sqlite
    .prepare('SELECT picture_id FROM news_items WHERE id = ?')
    .pluck()
    .get(id) as number | undefined;
  database.sqlite.prepare('DELETE FROM news_history WHERE news_id = ?').run(id);
  database.sqlite.prepare('DELETE FROM news_items WHERE id = ?').run(id);
  if (picture !== undefined) {
    database.sqlite
      .prepare(
        `DELETE FROM pictures WHERE id = ? AND seeded = 1
           AND NOT EXISTS (SELECT 1 FROM news_items WHERE picture_id = pictures.id)`,
      )
      .run(picture);
  }
}

/**
 * Deletes an item posted by mistake (the administrator's step; a correction or a withdrawal
 * keeps the item public, this does not): the item and its history go, and the audit log
 * keeps who, when, why and the title, in one transaction.
 */
export function deleteNews(
  database: AppDatabase,
  id: string,
  reason: string,
  author: NewsAuthor,
): NewsWriteOutcome {
  return database.sqlite
    .transaction((): NewsWriteOutcome => {
      const stored = findNews(database, id);
      if (!stored) return { ok: false, status: 404, code: 'NO_SUCH_ITEM', message: NO_SUCH_ITEM };
      deleteNewsRows(database, id);
      recordAudit(database, {
        action: 'news-deleted',
        actor: author.actor,
        address: author.address,
        detail: { id, title: stored.title, version: stored.version, reason, role: author.role },
      });
      return { ok: true, id };
    })
    .immediate();
}
