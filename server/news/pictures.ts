import { randomUUID } from 'node:crypto';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { PICTURES_URL_PREFIX, picturesDir } from '../data-folder.ts';

/**
 * News pictures: an upload is checked by its first bytes (JPEG, PNG or WebP) and by the
 * image library reading it, then written as the widths the site serves its news pictures in
 * (content/media/news: 480, 800 and 1200 pixels), each as WebP and AVIF. The library keeps
 * no metadata unless told to, so EXIF, GPS positions and camera details are not copied;
 * the EXIF orientation is applied to the pixels first, so nothing turns on its side.
 */

/** The widths content/media/news holds; narrower uploads are not enlarged. */
export const PICTURE_WIDTHS = [480, 800, 1200] as const;

// Where they live is the data folder's to say (backups and checks read it too).
export { PICTURES_URL_PREFIX, picturesDir } from '../data-folder.ts';

const SIGNATURES: { format: 'jpeg' | 'png' | 'webp'; matches: (head: Buffer) => boolean }[] = [
  {
    format: 'jpeg',
    matches: (head) => head.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])),
  },
  {
    format: 'png',
    matches: (head) =>
      head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  {
    format: 'webp',
    matches: (head) =>
      head.subarray(0, 4).toString('latin1') === 'RIFF' &&
      head.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];
const SNIFF_BYTES = 12;

export class PictureTooLarge extends Error {
  override name = 'PictureTooLarge';
  constructor(maxBytes: number) {
    super(`The picture is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`);
  }
}

export class UnsupportedPicture extends Error {
  override name = 'UnsupportedPicture';
  constructor() {
    super('Only JPEG, PNG and WebP pictures can be uploaded.');
  }
}

/**
 * The most pixels an upload may have: 64 megapixels (8000 × 8000), above every phone's and
 * most cameras' photos, while the site serves 1200 pixels at most. A picture's pixel count
 * is its header's say and costs nothing to read, but decoding costs by the pixel: a
 * 16000 × 16000 PNG of 31 KB took 7 s and 130 MB. So the header is read first and such a
 * picture is refused before any decoding; the same limit guards every decode as well.
 * The staff page's words (staff.news.upload.tooManyPixels) name this figure.
 */
export const MAX_PICTURE_PIXELS = 64_000_000;

export class PictureTooManyPixels extends Error {
  override name = 'PictureTooManyPixels';
  constructor(width: number, height: number) {
    super(
      `The picture is ${width} × ${height} pixels; pictures of at most ${MAX_PICTURE_PIXELS / 1_000_000} megapixels (such as 8000 × 8000) can be uploaded. Make it smaller and upload it again.`,
    );
  }
}

export interface ConvertedPicture {
  width: number;
  height: number;
  /** Pixel width → URL, WebP. */
  variants: Record<string, string>;
  /** The same widths as AVIF. */
  avif: Record<string, string>;
}

/** A converted picture and the files written, for removal should the picture not be recorded. */
export interface StoredPictureFiles {
  picture: ConvertedPicture;
  files: string[];
}

/**
 * Reads an upload into a temporary file in `dir`, refusing (and still draining) one over
 * `maxBytes` or one whose first bytes are no JPEG, PNG or WebP; a refused upload leaves
 * nothing behind. Answers the temporary file, which the caller removes.
 */
async function receive(
  dir: string,
  source: AsyncIterable<Uint8Array>,
  maxBytes: number,
): Promise<string> {
  await mkdir(dir, { recursive: true });
  const temp = path.join(dir, `.upload-${randomUUID()}`);
  const handle = await open(temp, 'wx');
  let bytes = 0;
  let head = Buffer.alloc(0);
  let refusal: Error | undefined;
  try {
    for await (const chunk of source) {
      bytes += chunk.byteLength;
      if (refusal) continue;
      if (bytes > maxBytes) {
        refusal = new PictureTooLarge(maxBytes);
        continue;
      }
      if (head.length < SNIFF_BYTES) {
        head = Buffer.concat([head, chunk]).subarray(0, SNIFF_BYTES);
        if (head.length === SNIFF_BYTES && !SIGNATURES.some((type) => type.matches(head))) {
          refusal = new UnsupportedPicture();
          continue;
        }
      }
      await handle.write(chunk);
    }
    if (!refusal && !SIGNATURES.some((type) => type.matches(head)))
      refusal = new UnsupportedPicture();
  } catch (error) {
    refusal = error as Error;
  } finally {
    await handle.close();
  }
  if (refusal) {
    await rm(temp, { force: true });
    throw refusal;
  }
  return temp;
}

/** The library opening the file with the pixel limit, so no decode can exceed it whatever the header said. */
const openPicture = (file: string) => sharp(file, { limitInputPixels: MAX_PICTURE_PIXELS });

/**
 * Writes every width as WebP and AVIF under a new random name; the original is not kept.
 * Throws PictureTooManyPixels, read from the header, before decoding anything.
 */
async function convert(dir: string, original: string): Promise<StoredPictureFiles> {
  let metadata: Metadata;
  try {
    // The header only: no pixel is decoded here.
    metadata = await sharp(original).metadata();
  } catch {
    throw new UnsupportedPicture();
  }
  if (
    !['jpeg', 'png', 'webp'].includes(metadata.format ?? '') ||
    !metadata.width ||
    !metadata.height
  ) {
    throw new UnsupportedPicture();
  }
  if (metadata.width * metadata.height > MAX_PICTURE_PIXELS)
    throw new PictureTooManyPixels(metadata.width, metadata.height);
  // Width as seen once the EXIF orientation is applied (a portrait photo stored on its side).
  const upright = (metadata.orientation ?? 1) >= 5 ? metadata.height : metadata.width;
  const widths = PICTURE_WIDTHS.filter((width) => width <= upright);
  if (widths.length === 0) widths.push(upright as (typeof PICTURE_WIDTHS)[number]);
  const name = randomUUID();
  const result: ConvertedPicture = { width: 0, height: 0, variants: {}, avif: {} };
  const files: string[] = [];
  try {
    for (const width of widths) {
      const resized = () =>
        openPicture(original).rotate().resize({ width, withoutEnlargement: true });
      for (const format of ['webp', 'avif'] as const) {
        const file = `${name}-${width}.${format}`;
        files.push(path.join(dir, file));
        const info = await (
          format === 'webp' ? resized().webp({ quality: 80 }) : resized().avif({ quality: 50 })
        ).toFile(path.join(dir, file));
        (format === 'webp' ? result.variants : result.avif)[width] = PICTURES_URL_PREFIX + file;
        result.width = info.width;
        result.height = info.height;
      }
    }
  } catch (error) {
    await removePictureFiles(files);
    // The library's own errors (a truncated or corrupt file) carry no system error code.
    throw error instanceof Error && !('code' in error) ? new UnsupportedPicture() : error;
  }
  return { picture: result, files };
}

export async function removePictureFiles(files: readonly string[]): Promise<void> {
  await Promise.all(files.map((file) => rm(file, { force: true })));
}

/** Receives, checks and converts one upload; throws PictureTooLarge, PictureTooManyPixels or UnsupportedPicture. */
export async function storePicture(
  dataDir: string,
  source: AsyncIterable<Uint8Array>,
  maxBytes: number,
): Promise<StoredPictureFiles> {
  const dir = picturesDir(dataDir);
  const original = await receive(dir, source, maxBytes);
  try {
    return await convert(dir, original);
  } finally {
    await rm(original, { force: true });
  }
}
