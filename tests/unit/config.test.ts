import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from '../../server/config.ts';

describe('configuration from the environment', () => {
  it('has documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      demoRecords: false,
      logLevel: 'info',
      trustProxy: false,
      cookieSecure: 'auto',
      sessionKeys: undefined,
      cliCommand: 'npm run cli --',
    });
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.contentDir).toMatch(/\/content$/);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '3.5'],
    ['LOG_LEVEL', 'loud'],
    ['TRUST_PROXY', 'yes'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '10.0.0.0/8,proxy.example'],
    ['MAX_DOCUMENT_MB', '0'],
    ['MAX_DOCUMENT_MB', '2.5'],
    ['RENDER_CACHE_MB', '-1'],
    ['RENDER_CACHE_MB', '1.5'],
    ['RENDER_CACHE_MB', '5000'],
    ['RENDER_CACHE_MB', 'lots'],
    ['SITE_URL', 'procurement.example.gov.ph'],
    ['SITE_URL', 'ftp://procurement.example.gov.ph'],
    ['SITE_URL', 'https://procurement.example.gov.ph/path'],
    ['COOKIE_SECURE', 'sometimes'],
    ['HOST', '   '],
    ['DEMO_RECORDS', 'yes'],
    ['SMTP_URL', 'mail.example.com'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['MAIL_FROM', 'not an address'],
    ['DATABASE_URL', 'mysql://localhost/municipal'],
    ['DATABASE_URL', './data/municipal.sqlite'],
  ])('refuses %s=%s with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}=`));
  });

  it('reads a PostgreSQL DATABASE_URL, and never shows its password in a refusal', () => {
    expect(loadConfig({}).databaseUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: 'postgres://site:pw@db:5432/municipal' }).databaseUrl).toBe(
      'postgres://site:pw@db:5432/municipal',
    );
    expect(() => loadConfig({ DATABASE_URL: 'mysql://site:hunter2@db/municipal' })).toThrow(
      'DATABASE_URL="mysql://site:***@db/municipal" must be a PostgreSQL URL',
    );
    expect(() => loadConfig({ DATABASE_URL: 'mysql://site:hunter2@db/municipal' })).not.toThrow(
      /hunter2/,
    );
  });

  it('says what to write instead of TRUST_PROXY=true', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=1/);
  });

  it('reads a proxy hop count or proxy addresses', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
  });

  it('keeps SITE_URL as an origin without a trailing slash', () => {
    expect(loadConfig({ HOST: '0.0.0.0' }).siteUrl).toBeUndefined();
    expect(loadConfig({ SITE_URL: 'https://Procurement.Example.gov.ph/' }).siteUrl).toBe(
      'https://procurement.example.gov.ph',
    );
  });

  it.each(['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]'])(
    'without SITE_URL, a loopback listener (HOST=%s) is http://localhost:PORT',
    (host) => {
      const config = loadConfig({ HOST: host, PORT: '8080' });
      expect(config.siteUrl).toBe('http://localhost:8080');
      expect(config.siteUrlIsLocal).toBe(true);
    },
  );

  it.each(['0.0.0.0', '::', '192.168.1.10', 'procurement.example.gov.ph'])(
    'without SITE_URL, a listener other machines reach (HOST=%s) has no site URL',
    (host) => {
      const config = loadConfig({ HOST: host });
      expect(config.siteUrl).toBeUndefined();
      expect(config.siteUrlIsLocal).toBe(false);
    },
  );

  it('behind a proxy a loopback listener is public, so it has no site URL without SITE_URL', () => {
    expect(loadConfig({ HOST: '127.0.0.1', TRUST_PROXY: '1' }).siteUrl).toBeUndefined();
  });

  it('SITE_URL wins over the loopback default', () => {
    const config = loadConfig({
      HOST: '127.0.0.1',
      SITE_URL: 'https://procurement.example.gov.ph',
    });
    expect(config.siteUrl).toBe('https://procurement.example.gov.ph');
    expect(config.siteUrlIsLocal).toBe(false);
  });

  it('names the command line as the container image calls it when CLI_COMMAND says so', () => {
    expect(loadConfig({ CLI_COMMAND: 'municipal' }).cliCommand).toBe('municipal');
  });

  it('loads demo records only when DEMO_RECORDS=true', () => {
    expect(loadConfig({ DEMO_RECORDS: 'true' }).demoRecords).toBe(true);
    expect(loadConfig({ DEMO_RECORDS: 'false' }).demoRecords).toBe(false);
    expect(loadConfig({ DEMO_RECORDS: '' }).demoRecords).toBe(false);
  });

  it('never loads demo records under NODE_ENV=production, and says DEMO_RECORDS=true is ignored', () => {
    const production = loadConfig({ NODE_ENV: 'production', DEMO_RECORDS: 'true' });
    expect(production.demoRecords).toBe(false);
    expect(production.demoRecordsIgnored).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).demoRecordsIgnored).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', DEMO_RECORDS: 'true' }).demoRecords).toBe(true);
  });

  it('takes the document size limit in megabytes', () => {
    expect(loadConfig({}).maxDocumentBytes).toBe(25 * 1024 * 1024);
    expect(loadConfig({ MAX_DOCUMENT_MB: '2' }).maxDocumentBytes).toBe(2 * 1024 * 1024);
  });

  it('takes the render cache size in megabytes, 0 turning it off', () => {
    expect(loadConfig({}).renderCacheBytes).toBe(64 * 1024 * 1024);
    expect(loadConfig({ RENDER_CACHE_MB: '8' }).renderCacheBytes).toBe(8 * 1024 * 1024);
    expect(loadConfig({ RENDER_CACHE_MB: '0' }).renderCacheBytes).toBe(0);
  });

  it('reads the mail server and sender of bid alerts', () => {
    expect(loadConfig({})).toMatchObject({ smtpUrl: undefined, mailFrom: undefined });
    expect(
      loadConfig({
        SMTP_URL: 'smtps://alerts:secret@mail.example.gov.ph:465',
        MAIL_FROM: 'Bids and Awards <bac@example.gov.ph>',
      }),
    ).toMatchObject({
      smtpUrl: 'smtps://alerts:secret@mail.example.gov.ph:465',
      mailFrom: 'Bids and Awards <bac@example.gov.ph>',
    });
  });

  it('reads valid values', () => {
    expect(loadConfig({ PORT: '8080', LOG_LEVEL: 'warn', COOKIE_SECURE: 'true' })).toMatchObject({
      port: 8080,
      logLevel: 'warn',
      cookieSecure: true,
    });
  });
});

describe("README's configuration table", () => {
  it('names every variable the server reads, SMTP_URL and MAIL_FROM included', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const start = readme.indexOf('| Variable ');
    const table = readme.slice(start, readme.indexOf('\n\n', start));
    const named = [...table.matchAll(/^\| `([A-Z_]+)`/gm)].map((match) => match[1]);
    expect(named).toEqual(expect.arrayContaining(CONFIG_VARIABLES));
    expect(named).toContain('SMTP_URL');
  });
});
