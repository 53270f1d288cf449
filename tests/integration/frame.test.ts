import { describe, expect, it } from 'vitest';
import { expectFreshNonces } from '../helpers/csp.ts';
import { publicRoutes } from '../helpers/routes.ts';
import { createTestApp, useTestApp } from '../helpers/test-app.ts';

describe('server-rendered pages', () => {
  const testApp = useTestApp();

  it.each(publicRoutes)('%s answers 200 with the frame, a title and a heading', async (url) => {
    const response = await testApp.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    const html = response.body;
    expect(html).toMatch(/<title>[^<]+ \| Municipality of San Isidro del Monte<\/title>/);
    expect(html).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    expect(html).toContain('class="site-header"');
    expect(html).toContain('class="site-footer"');
    expect(html).toContain('Skip to main content');
    expect(html).toContain('class="clock"');
  });

  it.each(['/', '/history', '/bids-and-awards', '/fil', '/fil/history', '/no-such-page'])(
    '%s has a staff sign-in link in its footer, in its language',
    async (url) => {
      const html = (await testApp.app.inject({ url })).body;
      const footer = html.slice(html.indexOf('class="site-footer"'), html.indexOf('</footer>'));
      expect(footer).toMatch(
        url.startsWith('/fil')
          ? /<a href="\/fil\/bac-login"[^>]*>Pag-sign in ng kawani<\/a>/
          : /<a href="\/bac-login"[^>]*>Staff sign-in<\/a>/,
      );
    },
  );

  it("names where each of the home page's two More buttons goes, in both languages", async () => {
    const home = (await testApp.app.inject({ url: '/' })).body;
    expect(home).toMatch(/<a class="button" href="\/news"[^>]*>More news<\/a>/);
    expect(home).toMatch(
      /<a class="button" href="\/tourist-destination"[^>]*>More tourist destinations<\/a>/,
    );
    expect(home).not.toContain('See More');
    const fil = (await testApp.app.inject({ url: '/fil' })).body;
    expect(fil).toMatch(/<a class="button" href="\/fil\/news"[^>]*>Higit pang balita<\/a>/);
  });

  it("styles the alerts form's Subscribe button like the site's other buttons", async () => {
    const testApp2 = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:2525' });
    try {
      const html = (await testApp2.app.inject({ url: '/alerts' })).body;
      expect(html).toMatch(
        /<button type="submit" class="button button-primary">Subscribe<\/button>/,
      );
    } finally {
      await testApp2.close();
    }
  });

  it('titles the sign-in page for staff, keeping the Username, Password and Login words', async () => {
    const html = (await testApp.app.inject({ url: '/bac-login' })).body;
    expect(html).toMatch(/<h1[^>]*>Staff sign-in<\/h1>/);
    expect(html).toContain('<title>Staff sign-in | ');
    expect(html).toContain('>Username</label>');
    expect(html).toContain('>Password</label>');
    expect(html).toMatch(/<button type="submit"[^>]*>Login<\/button>/);
    const fil = (await testApp.app.inject({ url: '/fil/bac-login' })).body;
    expect(fil).toMatch(/<h1[^>]*>Pag-sign in ng kawani<\/h1>/);
  });

  it('leaves the time to the browser: the server HTML is shared, a time in it would be stale', async () => {
    const response = await testApp.app.inject({ url: '/history' });
    expect(response.body).toContain('<p class="clock"></p>');
    expect(response.body).not.toContain('clock-time');
  });

  it('answers 404 with the site 404 page for an unknown path', async () => {
    for (const url of ['/no-such-page', '/a/b/c']) {
      const response = await testApp.app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('Page not found');
      expect(response.body).toContain('class="site-header"');
    }
  });

  it('answers JSON 404 for an unknown API path', async () => {
    const response = await testApp.app.inject({ url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404 });
  });

  it('answers /healthz', async () => {
    const response = await testApp.app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('sends public pages a CSP of script hashes, and staff pages a fresh nonce per request', async () => {
    const shared = await testApp.app.inject({ url: '/' });
    expect(shared.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
    expect(shared.headers['content-security-policy']).not.toMatch(/nonce-|unsafe-inline/);
    expect(shared.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(shared.headers['x-content-type-options']).toBe('nosniff');

    const first = await testApp.app.inject({ url: '/bac-login' });
    const second = await testApp.app.inject({ url: '/bac-login' });
    expectFreshNonces(first, second);
  });

  it('gives crawlers the complete document', async () => {
    const response = await testApp.app.inject({
      url: '/history',
      headers: { 'user-agent': 'Googlebot/2.1' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/<\/html>$/);
  });
});
