import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { contentFiles, type Content } from './schema.ts';

export class ContentError extends Error {
  override name = 'ContentError';
}

/** "entry 3 (id "fiesta")" for array content, so an editor can find the broken entry. */
function describePath(data: unknown, issuePath: readonly PropertyKey[]): string {
  const [first, ...rest] = issuePath;
  if (typeof first === 'number' && Array.isArray(data)) {
    const entry: unknown = data[first];
    const name =
      entry && typeof entry === 'object'
        ? ((entry as Record<string, unknown>).id ?? (entry as Record<string, unknown>).slug)
        : undefined;
    const entryLabel = `entry ${first + 1}${typeof name === 'string' ? ` (${JSON.stringify(name)})` : ''}`;
    return rest.length ? `${entryLabel}, field "${rest.join('.')}"` : entryLabel;
  }
  return issuePath.length ? `field "${issuePath.join('.')}"` : 'the whole file';
}

async function loadFile<S extends z.ZodType>(dir: string, file: string, schema: S): Promise<z.infer<S>> {
  const fullPath = path.join(dir, file);
  let raw: string;
  try {
    raw = await readFile(fullPath, 'utf8');
  } catch (error) {
    throw new ContentError(`Content file ${fullPath} could not be read: ${(error as Error).message}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch (error) {
    throw new ContentError(`Content file ${fullPath} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${describePath(data, issue.path)}: ${issue.message}`,
    );
    throw new ContentError(`Content file ${fullPath} is invalid: ${problems.join('; ')}`);
  }
  return parsed.data;
}

/** Reads and checks every content file; the first broken file stops start-up. */
export async function loadContent(dir: string): Promise<Content> {
  const entries = await Promise.all(
    Object.entries(contentFiles).map(async ([key, { file, schema }]) => [
      key,
      await loadFile(dir, file, schema),
    ]),
  );
  return Object.fromEntries(entries) as Content;
}
