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
  HOST: z.string().trim().min(1, 'must not be empty').default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1, 'must not be empty').default('./data'),
  CONTENT_DIR: z.string().trim().min(1, 'must not be empty').default('./content'),
  LOG_LEVEL: z
    .enum(logLevels, { message: `must be one of ${logLevels.join(', ')}` })
    .default('info'),
  SESSION_KEYS: z.string().trim().optional(),
  COOKIE_SECURE: z
    .enum(['auto', 'true', 'false'], { message: 'must be auto, true or false' })
    .default('auto')
    .transform((value) => (value === 'auto' ? ('auto' as const) : value === 'true')),
  TRUST_PROXY: z
    .enum(['true', 'false'], { message: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  contentDir: string;
  logLevel: (typeof logLevels)[number];
  /** Behind a reverse proxy, believe its X-Forwarded-* headers (client address, HTTPS). */
  trustProxy: boolean;
  /** Comma-separated session keys, newest first; without them a key file in dataDir is used. */
  sessionKeys: string | undefined;
  /** Secure cookies: always, never, or 'auto' when the request came over HTTPS. */
  cookieSecure: boolean | 'auto';
};

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
        `${issue.path.join('.')}=${JSON.stringify(present[String(issue.path[0])])} ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const values = parsed.data;
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir: path.resolve(values.DATA_DIR),
    contentDir: path.resolve(values.CONTENT_DIR),
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY,
    sessionKeys: values.SESSION_KEYS,
    cookieSecure: values.COOKIE_SECURE,
  };
}
