import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const envSchema = z.object({
  PORT: z.coerce
    .number({ message: 'must be a whole number between 1 and 65535' })
    .int('must be a whole number between 1 and 65535')
    .min(1, 'must be a whole number between 1 and 65535')
    .max(65535, 'must be a whole number between 1 and 65535')
    .default(3000),
  // Loopback by default: a first start is seen by its own machine only, and only there can
  // SITE_URL be left out (see isLoopbackHost). A public server sets HOST=0.0.0.0 (the image does).
  HOST: z.string().trim().min(1, 'must not be empty').default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1, 'must not be empty').default('./data'),
  CONTENT_DIR: z.string().trim().min(1, 'must not be empty').default('./content'),
  LOG_LEVEL: z
    .enum(logLevels, { message: `must be one of ${logLevels.join(', ')}` })
    .default('info'),
  SESSION_KEYS: z.string().trim().optional(),
  // The container image sets `municipal` (its wrapper in /usr/local/bin); a checkout runs npm.
  CLI_COMMAND: z.string().trim().min(1, 'must not be empty').default('npm run cli --'),
  // Read only to keep demo records out of production (see demoRecords below).
  NODE_ENV: z.string().trim().optional(),
  DEMO_RECORDS: z
    .enum(['true', 'false'], { message: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  COOKIE_SECURE: z
    .enum(['auto', 'true', 'false'], { message: 'must be auto, true or false' })
    .default('auto')
    .transform((value) => (value === 'auto' ? ('auto' as const) : value === 'true')),
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((value, context) => {
      const parsed = parseTrustProxy(value);
      if (typeof parsed === 'string') {
        context.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed.value;
    }),
  MAX_DOCUMENT_MB: z.coerce
    .number({ message: 'must be a whole number of megabytes between 1 and 1024' })
    .int('must be a whole number of megabytes between 1 and 1024')
    .min(1, 'must be a whole number of megabytes between 1 and 1024')
    .max(1024, 'must be a whole number of megabytes between 1 and 1024')
    .default(25),
  RENDER_CACHE_MB: z.coerce
    .number({ message: 'must be a whole number of megabytes between 0 and 4096' })
    .int('must be a whole number of megabytes between 0 and 4096')
    .min(0, 'must be a whole number of megabytes between 0 and 4096')
    .max(4096, 'must be a whole number of megabytes between 0 and 4096')
    .default(64),
  SITE_URL: z
    .string()
    .trim()
    .optional()
    .transform((value, context) => {
      if (value === undefined) return undefined;
      const parsed = parseSiteUrl(value);
      if (parsed === undefined) {
        context.addIssue({
          code: 'custom',
          message: "must be the site's public address, e.g. https://procurement.example.gov.ph",
        });
        return z.NEVER;
      }
      return parsed;
    }),
  // Unset: the embedded SQLite database in DATA_DIR. A PostgreSQL URL selects that engine
  // (issue 36), for several app processes on one database.
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .refine((value) => value === undefined || /^postgres(ql)?:\/\/\S+$/i.test(value), {
      message:
        'must be a PostgreSQL URL as postgres://user:password@host:5432/database (leave it unset for the embedded SQLite database)',
    }),
  SMTP_URL: z
    .string()
    .trim()
    .optional()
    .refine((value) => value === undefined || /^smtps?:\/\/[^/\s]+/.test(value), {
      message:
        'must be the mail server as smtp://user:password@host:587 or smtps://user:password@host:465',
    }),
  MAIL_FROM: z
    .string()
    .trim()
    .optional()
    .refine((value) => value === undefined || /^[^\n\r]*<?[^\s@<>]+@[^\s@<>]+>?$/.test(value), {
      message: 'must be the sender of alert mail, e.g. "Bids and Awards <bac@example.gov.ph>"',
    }),
});

/** Every environment variable the server reads, which README's configuration table names. */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape);

/**
 * Fastify's proxy trust: false, a number of proxy hops, or the proxies' addresses. `true`
 * is refused because it believes the left-most X-Forwarded-For, which any client can write.
 */
export type TrustProxy = false | number | string[];

const ADDRESS_OR_CIDR = /^(?:[0-9.]+|[0-9a-fA-F:.]+)(?:\/[0-9]{1,3})?$/;

function parseTrustProxy(value: string): { value: TrustProxy } | string {
  if (value === 'false' || value === '0') return { value: false };
  if (value === 'true') {
    return 'is no longer accepted: it trusts an address any client can forge. Write the number of proxies in front of the site (TRUST_PROXY=1 behind one nginx or Caddy) or their addresses (TRUST_PROXY=127.0.0.1,10.0.0.0/8)';
  }
  if (/^[0-9]+$/.test(value)) {
    const hops = Number(value);
    return hops <= 10 ? { value: hops } : 'must be at most 10 proxy hops';
  }
  const addresses = value.split(',').map((part) => part.trim());
  if (addresses.every((address) => ADDRESS_OR_CIDR.test(address))) return { value: addresses };
  return 'must be false, a number of proxy hops (e.g. 1) or comma-separated proxy addresses or CIDR ranges (e.g. 127.0.0.1,10.0.0.0/8)';
}

/** An http(s) origin with no path, query or fragment, without its trailing slash. */
function parseSiteUrl(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  const plain =
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.username === '' &&
    url.password === '' &&
    url.pathname === '/' &&
    url.search === '' &&
    url.hash === '';
  return plain ? url.origin : undefined;
}

/** What a route that needs absolute URLs says, after why, when SITE_URL is not set. */
export const SET_SITE_URL =
  "Set SITE_URL to the site's public address, e.g. https://procurement.example.gov.ph, and restart.";

/**
 * Whether the server can only be reached from its own machine: then http://localhost:PORT
 * is its address for everyone who can reach it, and no one can be handed a wrong one.
 */
export function isLoopbackHost(host: string): boolean {
  const address = host.replace(/^\[|\]$/g, '');
  if (address.toLowerCase() === 'localhost') return true;
  if (isIP(address) === 4) return address.startsWith('127.');
  return address === '::1' || address.toLowerCase() === '::ffff:127.0.0.1';
}

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  contentDir: string;
  logLevel: (typeof logLevels)[number];
  /** Which reverse proxies' X-Forwarded-* headers (client address, HTTPS) to believe. */
  trustProxy: TrustProxy;
  /**
   * The public origin (e.g. https://procurement.example.gov.ph), the only source of absolute
   * URLs: SITE_URL, else http://localhost:PORT on a loopback listener with no proxy in
   * front, else undefined (a public server without SITE_URL, whose feeds, OCDS and sitemap
   * then answer 404).
   */
  siteUrl: string | undefined;
  /** siteUrl is http://localhost:PORT because SITE_URL is unset on a loopback listener. */
  siteUrlIsLocal: boolean;
  /**
   * Fill an empty database with demonstration records (DEMO_RECORDS=true), never under
   * NODE_ENV=production: a production start must not fill a real database with made-up
   * records because of how it was installed or what a script defaulted. A trial server
   * loads them on purpose with `municipal demo load`.
   */
  demoRecords: boolean;
  /** DEMO_RECORDS=true was set under NODE_ENV=production and is ignored (a start-up warning says so). */
  demoRecordsIgnored: boolean;
  /** The largest document staff may upload (MAX_DOCUMENT_MB), in bytes. */
  maxDocumentBytes: number;
  /** Memory for finished public responses (RENDER_CACHE_MB), in bytes; 0 turns the cache off. */
  renderCacheBytes: number;
  /** Comma-separated session keys, newest first; without them a key file in dataDir is used. */
  sessionKeys: string | undefined;
  /** Secure cookies: always, never, or 'auto' when the request came over HTTPS. */
  cookieSecure: boolean | 'auto';
  /** The PostgreSQL database (DATABASE_URL), or undefined for the embedded SQLite one. */
  databaseUrl: string | undefined;
  /** The mail server for bid alerts (SMTP_URL); without it no alerts are offered or sent. */
  smtpUrl: string | undefined;
  /** The From of alert mail (MAIL_FROM); undefined means alerts@ the site's host. */
  mailFrom: string | undefined;
  /** How the command line is typed where the server runs (CLI_COMMAND), for the start-up lines that name a command. */
  cliCommand: string;
};

/** A setting as a message may show it: a URL's password (SMTP_URL, DATABASE_URL) hidden. */
function shownValue(value: string | undefined): string | undefined {
  return value?.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@\s]*:)[^@\s]*@/i, '$1***@');
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the settings from the environment; a bad value names its variable so start-up can stop with a useful message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.keys(envSchema.shape)
      .filter((key) => env[key] !== undefined && env[key] !== '')
      .map((key) => [key, env[key]]),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) =>
        `${issue.path.join('.')}=${JSON.stringify(shownValue(present[String(issue.path[0])]))} ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const values = parsed.data;
  // Behind a proxy a loopback listener is public after all: its visitors need the real address.
  const siteUrlIsLocal =
    values.SITE_URL === undefined && isLoopbackHost(values.HOST) && values.TRUST_PROXY === false;
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir: path.resolve(values.DATA_DIR),
    contentDir: path.resolve(values.CONTENT_DIR),
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY,
    siteUrl: siteUrlIsLocal ? `http://localhost:${values.PORT}` : values.SITE_URL,
    siteUrlIsLocal,
    demoRecords: values.DEMO_RECORDS && values.NODE_ENV !== 'production',
    demoRecordsIgnored: values.DEMO_RECORDS && values.NODE_ENV === 'production',
    maxDocumentBytes: values.MAX_DOCUMENT_MB * 1024 * 1024,
    renderCacheBytes: values.RENDER_CACHE_MB * 1024 * 1024,
    sessionKeys: values.SESSION_KEYS,
    cookieSecure: values.COOKIE_SECURE,
    databaseUrl: values.DATABASE_URL,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    cliCommand: values.CLI_COMMAND,
  };
}
