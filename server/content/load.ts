import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { SeedNews } from '../../db/news/news-queries.ts';
import type { Content } from '../../shared/content-types.ts';
import { newsDateFromText } from '../../shared/news/news.ts';
import { renderNewsMarkdown } from '../../shared/markdown.ts';
import { publicPaths } from './seo.ts';
import { contentFiles, newsSourceSchema } from './content-schema.ts';

export class ContentError extends Error {
  override name = 'ContentError';
}

function entryName(entry: unknown): string | undefined {
  if (!entry || typeof entry !== 'object') return undefined;
  const record = entry as Record<string, unknown>;
  const name =
    record.id ?? record.slug ?? record.name ?? record.title ?? record.lot ?? record.endedOn;
  if (typeof name === 'string') return name;
  // A text given in both languages is named by its English.
  const english = (name as { en?: unknown } | undefined)?.en;
  return typeof english === 'string' ? english : undefined;
}

/**
 * Names the broken entry and field, e.g. `entry 3 ("Mapagpala Falls") of "destinations",
 * field "contactNumbers"`, so an editor can find it in a long file.
 */
export function describePath(data: unknown, issuePath: readonly PropertyKey[]): string {
  let node = data;
  let entry = '';
  let fieldStart = 0;
  issuePath.forEach((key, index) => {
    if (typeof key === 'number' && Array.isArray(node)) {
      const name = entryName(node[key]);
      const list = issuePath.slice(fieldStart, index).join('.');
      entry = `${entry ? `${entry}, ` : ''}entry ${key + 1}${name ? ` (${JSON.stringify(name)})` : ''}${list ? ` of "${list}"` : ''}`;
      fieldStart = index + 1;
    }
    node =
      node && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[key] : undefined;
  });
  const field = issuePath.slice(fieldStart).join('.');
  if (!entry) return field ? `field "${field}"` : 'the whole file';
  return field ? `${entry}, field "${field}"` : entry;
}

/** Every /media/ path in the content, with where it was found. */
function mediaReferences(
  node: unknown,
  at: PropertyKey[] = [],
): { path: PropertyKey[]; file: string }[] {
  if (typeof node === 'string') return node.startsWith('/media/') ? [{ path: at, file: node }] : [];
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) =>
    mediaReferences(value, [...at, Array.isArray(node) ? Number(key) : key]),
  );
}

async function checkMediaExists(dir: string, fullPath: string, data: unknown) {
  const missing: string[] = [];
  for (const reference of mediaReferences(data)) {
    const onDisk = path.join(dir, 'media', reference.file.slice('/media/'.length));
    try {
      await access(onDisk);
    } catch {
      missing.push(
        `${describePath(data, reference.path)}: ${reference.file} does not exist in ${path.join(dir, 'media')}`,
      );
    }
  }
  if (missing.length)
    throw new ContentError(`Content file ${fullPath} is invalid: ${missing.join('; ')}`);
}

async function loadFile<S extends z.ZodType>(
  dir: string,
  file: string,
  schema: S,
): Promise<z.infer<S>> {
  const fullPath = path.join(dir, file);
  let raw: string;
  try {
    raw = await readFile(fullPath, 'utf8');
  } catch (error) {
    throw new ContentError(
      `Content file ${fullPath} could not be read: ${(error as Error).message}`,
    );
  }
  let data: unknown = raw;
  if (file.endsWith('.json')) {
    try {
      data = JSON.parse(raw);
    } catch (error) {
      throw new ContentError(
        `Content file ${fullPath} is not valid JSON: ${(error as Error).message}`,
      );
    }
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${describePath(data, issue.path)}: ${issue.message}`,
    );
    throw new ContentError(`Content file ${fullPath} is invalid: ${problems.join('; ')}`);
  }
  await checkMediaExists(dir, fullPath, data);
  return parsed.data;
}

/** The pages a content link may lead to. */
export function knownSitePaths(content: Content): Set<string> {
  return new Set(publicPaths(content));
}

/** Every site path (an `href` starting with "/") in a content file, with where it was found. */
function siteLinks(node: unknown, at: PropertyKey[] = []): { path: PropertyKey[]; href: string }[] {
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) => {
    const here = [...at, Array.isArray(node) ? Number(key) : key];
    if (key === 'href' && typeof value === 'string')
      return value.startsWith('/') ? [{ path: here, href: value }] : [];
    return siteLinks(value, here);
  });
}

/**
 * A link in the menu or on the Transparency Seal page must lead to a page that answers: an
 * information page, a procurement list, an office from departments.json or a news item.
 * Checked once every file is read, because offices and news are content themselves.
 */
function checkSiteLinks(dir: string, content: Content): void {
  const known = knownSitePaths(content);
  for (const [part, { file }] of Object.entries(contentFiles)) {
    const data = content[part as keyof Content];
    const broken = siteLinks(data)
      .filter((link) => !known.has(link.href))
      .map(
        (link) =>
          `${describePath(data, link.path)}: ${link.href} is not a page of this site (give the path of an information page such as /history, a procurement list, an office from departments.json or a news item)`,
      );
    if (broken.length)
      throw new ContentError(
        `Content file ${path.join(dir, file)} is invalid: ${broken.join('; ')}`,
      );
  }
}

/** Reads and checks every content file; the first broken file stops start-up. */
export async function loadContent(dir: string): Promise<Content> {
  const entries = await Promise.all(
    Object.entries(contentFiles).map(async ([key, { file, schema }]) => [
      key,
      await loadFile(dir, file, schema),
    ]),
  );
  const content = Object.fromEntries(entries) as Content;
  checkSiteLinks(dir, content);
  return content;
}

/**
 * content/news.json with each item's Markdown as written, for the one copy into the
 * database on a fresh install; loadContent has checked the file already.
 */
export async function loadNewsSource(dir: string): Promise<z.infer<typeof newsSourceSchema>[]> {
  return loadFile(dir, contentFiles.news.file, z.array(newsSourceSchema));
}

/**
 * The items of content/news.json as the database copies them (db/news/news-queries.ts): on a
 * fresh install, and again by `municipal demo remove` once content/ is replaced.
 */
export async function loadNewsToSeed(dir: string): Promise<SeedNews[]> {
  const source = await loadNewsSource(dir);
  return source.map((item) => {
    const rendered = renderNewsMarkdown(item.text);
    // The content schema accepted only texts that render and dates newsDateFromText reads.
    if (!rendered.ok) throw new Error(`content/news.json item ${item.id}: ${rendered.refusal}`);
    return { ...item, date: newsDateFromText(item.date)!, html: rendered.html };
  });
}
