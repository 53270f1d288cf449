import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { loadContent } from '../../server/content/load.ts';
import { addStaffAccount, ApiVisitor } from '../helpers/staff.ts';
import { sourceRenderer, useTestApp } from '../helpers/test-app.ts';

const stackTrace = /\bat .+\.(ts|tsx|js):\d+/;
/** What SQLite and PostgreSQL say of a missing table: internals no answer may name. */
const missingTable = /no such table|does not exist/;

describe('server errors', () => {
  // Records to read: an empty list is answered from its count, without touching the table.
  const testApp = useTestApp({ DEMO_RECORDS: 'true' });

  /** Runs `work` while the SVP table is away (renamed), on whichever engine the app serves from. */
  async function whileSvpAway(work: () => Promise<void>) {
    const { db } = testApp.site;
    await sql`ALTER TABLE svp RENAME TO svp_away`.execute(db);
    try {
      await work();
    } finally {
      await sql`ALTER TABLE svp_away RENAME TO svp`.execute(db);
    }
  }

  it('shows a 500 page without details when a page cannot load its data', async () => {
    await whileSvpAway(async () => {
      const response = await testApp.app.inject({ url: '/bid-svp' });
      expect(response.statusCode).toBe(500);
      expect(response.body).toContain('class="site-header"');
      expect(response.body).not.toMatch(stackTrace);
      expect(response.body).not.toMatch(missingTable);
    });
  });

  it('answers the API with a JSON 500 that names no internals', async () => {
    await whileSvpAway(async () => {
      const response = await testApp.app.inject({ url: '/api/records/svp' });
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toMatch(missingTable);
      expect(response.body).not.toMatch(stackTrace);
    });
  });

  it('answers a failed record write with a JSON 500 that names no internals', async () => {
    await addStaffAccount(testApp.config, 'writer@san-isidro.gov.ph', 'pasig river at dawn');
    const visitor = new ApiVisitor(testApp.app);
    expect(
      (await visitor.signIn('writer@san-isidro.gov.ph', 'pasig river at dawn')).statusCode,
    ).toBe(200);
    const token = await visitor.csrfToken();
    await whileSvpAway(async () => {
      const response = await visitor.request({
        method: 'POST',
        url: '/api/records/svp',
        headers: { 'x-csrf-token': token },
        payload: {
          pr_number: 'PR-1',
          project_title: 'Office chairs',
          link: 'https://example.org/a.pdf',
        },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'Something went wrong on our side.',
      });
    });
  });

  it('refuses a cross-site form post with a plain 403 page', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/bac-login',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://attacker.example',
      },
      payload: 'email=a%40b.c&password=x',
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('Request refused');
  });

  it('falls back to a plain 500 page when the renderer itself fails', async () => {
    const { dataDir, databaseUrl } = testApp.config;
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    const app = await buildApp({
      config,
      content: await loadContent(config.contentDir),
      renderer: {
        ...sourceRenderer,
        entry: async () => ({
          render: async () => {
            throw new Error('renderer exploded at /secret/path.ts:12');
          },
        }),
      },
    });
    try {
      const response = await app.inject({ url: '/history' });
      expect(response.statusCode).toBe(500);
      expect(response.body).toContain('Something went wrong');
      expect(response.body).not.toContain('exploded');
    } finally {
      await app.close();
    }
  });
});
