import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const urls = ['/', '/history', '/no-such-page', '/robots.txt', '/api/content/site'];

describe('security headers behind one trusted proxy', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(() => testApp.close());

  it.each(urls)('%s sends HSTS when the proxy says the visitor came over HTTPS', async (url) => {
    const response = await testApp.app.inject({
      url,
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });

  it.each(urls)('%s sends no HSTS over plain HTTP', async (url) => {
    const plain = await testApp.app.inject({ url });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const saidHttp = await testApp.app.inject({ url, headers: { 'x-forwarded-proto': 'http' } });
    expect(saidHttp.headers['strict-transport-security']).toBeUndefined();
  });

  it.each(urls)(
    '%s forbids framing by anyone, itself included, as frame-ancestors does',
    async (url) => {
      const response = await testApp.app.inject({ url });
      expect(response.headers['x-frame-options']).toBe('DENY');
    },
  );
});

describe('security headers without a trusted proxy', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it('ignores an X-Forwarded-Proto any client can write', async () => {
    const response = await testApp.app.inject({
      url: '/',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['x-frame-options']).toBe('DENY');
  });
});
