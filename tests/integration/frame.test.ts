import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicRoutes } from '../helpers/routes.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('server-rendered pages', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

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

  it('shows the time in Asia/Manila in the server HTML', async () => {
    const response = await testApp.app.inject({ url: '/history' });
    const manilaHour = new Intl.DateTimeFormat('en-US', {
      timeZone: 'Asia/Manila',
      hour: 'numeric',
      hour12: true,
    })
      .format(new Date())
      .replace(/\s?[AP]M$/, '');
    expect(response.body).toMatch(
      new RegExp(`data-testid="clock-time"[^>]*>${manilaHour}:\\d\\d:\\d\\d [AP]M<`),
    );
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

  it('sends a CSP with a fresh nonce per request', async () => {
    const first = await testApp.app.inject({ url: '/' });
    const second = await testApp.app.inject({ url: '/' });
    const nonceOf = (csp: unknown) => /'nonce-([0-9a-f]+)'/.exec(String(csp))?.[1];
    expect(nonceOf(first.headers['content-security-policy'])).toBeTruthy();
    expect(nonceOf(first.headers['content-security-policy'])).not.toBe(
      nonceOf(second.headers['content-security-policy']),
    );
    expect(first.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(first.headers['x-content-type-options']).toBe('nosniff');
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
