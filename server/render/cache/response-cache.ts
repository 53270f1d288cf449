import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { LRUCache } from 'lru-cache';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Every write invalidates the entries, and the first reader after it waits for the
 * compression. Measured on the home page (37 KB): quality 5 takes 0.7 ms for 7.5 KB, 9
 * takes 9 ms for 7.45 KB and 11 takes 31 ms for 6.6 KB, so 5, run on libuv's thread pool
 * off the event loop that writers need.
 */
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;

export type Encoding = 'br' | 'gzip' | 'identity';

/** A finished response, in every encoding it is served in. */
export interface CachedResponse {
  status: number;
  /** The headers that belong to the response itself (type, CSP, location), lower-case names. */
  headers: Record<string, string>;
  bodies: Partial<Record<Encoding, Buffer>> & { identity: Buffer };
  /** The strong validator of the identity body; each encoding gets its own tag from it. */
  hash: string;
}

/** A strong ETag per encoding: the bytes differ, so a validator may not be shared (RFC 9110 §8.8.3). */
export function etagOf(entry: CachedResponse, encoding: Encoding): string {
  return encoding === 'identity' ? `"${entry.hash}"` : `"${entry.hash}-${encoding}"`;
}

/** Builds an entry from a finished body, keeping a compressed form only when it is smaller. */
export async function buildEntry(
  status: number,
  headers: Record<string, string>,
  body: string | Buffer,
): Promise<CachedResponse> {
  const identity = typeof body === 'string' ? Buffer.from(body) : body;
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip(identity, { level: GZIP_LEVEL }),
  ]);
  const bodies: CachedResponse['bodies'] = { identity };
  if (br.length < identity.length) bodies.br = br;
  if (gz.length < identity.length) bodies.gzip = gz;
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 32);
  return { status, headers, bodies, hash };
}

function sizeOf(entry: CachedResponse, key: string): number {
  const bodies = Object.values(entry.bodies).reduce((sum, body) => sum + body.length, 0);
  // Headers and bookkeeping, so a flood of tiny entries is bounded as well.
  return bodies + key.length + 512;
}

export interface ResponseCacheStats {
  /** Responses served from memory, 304s included. */
  hits: number;
  /** Requests that went on to the route's handler: each one is a render. */
  misses: number;
  entries: number;
  bytes: number;
}

/**
 * Finished public responses in a least-recently-used store bounded in bytes, and the
 * renders under way, so that concurrent misses for one key wait for a single render.
 */
export class ResponseCache {
  private readonly store: LRUCache<string, CachedResponse> | undefined;
  private readonly pending = new Map<string, Promise<CachedResponse | undefined>>();
  private generation: string | undefined;
  readonly stats = { hits: 0, misses: 0 };

  /** With maxBytes 0 nothing is kept, but responses still get their ETags and encodings. */
  constructor(readonly maxBytes: number) {
    this.store =
      maxBytes > 0
        ? new LRUCache<string, CachedResponse>({ maxSize: maxBytes, sizeCalculation: sizeOf })
        : undefined;
  }

  /**
   * Entries of an older generation (data version and time epoch, page-version.ts) can never
   * be asked for again (keys carry it), so they are dropped as soon as a newer one is seen,
   * freeing the memory at once.
   */
  observeGeneration(generation: string): void {
    if (generation === this.generation) return;
    this.generation = generation;
    this.store?.clear();
  }

  get(key: string): CachedResponse | undefined {
    return this.store?.get(key);
  }

  /** The render under way for this key, if another request started it. */
  pendingFor(key: string): Promise<CachedResponse | undefined> | undefined {
    return this.pending.get(key);
  }

  /**
   * Marks a render under way; requests for the key wait for `settle` instead of rendering.
   * Settling with undefined (an error, an uncacheable answer) lets them render for themselves.
   */
  begin(key: string): (entry: CachedResponse | undefined) => void {
    let resolve!: (entry: CachedResponse | undefined) => void;
    const render = new Promise<CachedResponse | undefined>((done) => (resolve = done));
    this.pending.set(key, render);
    let settled = false;
    return (entry) => {
      if (settled) return;
      settled = true;
      if (entry) this.store?.set(key, entry);
      if (this.pending.get(key) === render) this.pending.delete(key);
      resolve(entry);
    };
  }

  set(key: string, entry: CachedResponse): void {
    this.store?.set(key, entry);
  }

  snapshot(): ResponseCacheStats {
    return {
      ...this.stats,
      entries: this.store?.size ?? 0,
      bytes: this.store?.calculatedSize ?? 0,
    };
  }
}
