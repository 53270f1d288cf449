import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';
import { markdownAsText, renderNewsMarkdown } from '../../shared/markdown.ts';

/**
 * Each news item's text as HTML, rendered when the text is saved and served as it is, so
 * no request renders Markdown (issue 30: one item's text cost 9 s a render, another
 * overflowed the stack on every one). The items stored before are rendered here, once.
 * One the renderer refuses (nested past its bound) is shown as its words, escaped, so its
 * page and its withdrawal answer again; amending it means writing a text that renders.
 * The renderer is today's, not a snapshot: a later change to it re-renders in a migration
 * of its own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [`ALTER TABLE news_items ADD COLUMN html TEXT NOT NULL DEFAULT ''`]);
  const { rows } = await sql<{ id: string; text: string }>`SELECT id, text FROM news_items`.execute(
    db,
  );
  for (const { id, text } of rows) {
    const rendered = renderNewsMarkdown(text);
    const html = rendered.ok ? rendered.html : markdownAsText(text);
    await sql`UPDATE news_items SET html = ${html} WHERE id = ${id}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE news_items DROP COLUMN html`.execute(db);
}
