import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProductionRenderer } from '../../server/render/production.ts';
import { useTestApp } from '../helpers/test-app.ts';

const urls = ['/', '/history', '/no-such-page', '/robots.txt', '/api/content/site'];

describe('security headers behind one trusted proxy', () => {
  const testApp = useTestApp({ TRUST_PROXY: '1' });

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
  const testApp = useTestApp();

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

/** Headers that only mean something on a document a browser shows as a page. */
const DOCUMENT_ONLY = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-frame-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'referrer-policy',
];

const MEDIA_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

function expectLeanStaticHeaders(headers: Record<string, unknown>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['cross-origin-resource-policy']).toBe('same-origin');
  for (const name of DOCUMENT_ONLY) expect(headers, name).not.toHaveProperty(name);
}

describe('static files from /media', () => {
  const testApp = useTestApp({ TRUST_PROXY: '1' });

  it.each(['/media/news/news-1-800.webp', '/media/seal.svg', '/media/citizens-charter-2025.pdf'])(
    '%s carries only the lean set, with a short CSP that sandboxes it when opened',
    async (url) => {
      const response = await testApp.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expectLeanStaticHeaders(response.headers);
      expect(response.headers['content-security-policy']).toBe(MEDIA_CSP);
      expect(response.headers['cache-control']).toBe('public, max-age=3600');
      expect(response.headers.etag).toBeTruthy();
      expect(response.headers['last-modified']).toBeTruthy();
    },
  );

  it('sends the same CSP to everyone: no nonce is made for a file', async () => {
    const [first, second] = await Promise.all(
      [1, 2].map(() => testApp.app.inject({ url: '/media/seal.svg' })),
    );
    expect(first!.headers['content-security-policy']).toBe(
      second!.headers['content-security-policy'],
    );
    expect(first!.headers['content-security-policy']).not.toMatch(/nonce/);
  });

  it('keeps the lean set on a 304 and on a missing file', async () => {
    const url = '/media/news/news-1-800.webp';
    const { etag } = (await testApp.app.inject({ url })).headers;
    const notModified = await testApp.app.inject({
      url,
      headers: { 'if-none-match': String(etag) },
    });
    expect(notModified.statusCode).toBe(304);
    expectLeanStaticHeaders(notModified.headers);
    const missing = await testApp.app.inject({ url: '/media/no-such-picture.webp' });
    expect(missing.statusCode).toBe(404);
    expectLeanStaticHeaders(missing.headers);
    expect(missing.headers['content-security-policy']).toBe(MEDIA_CSP);
  });

  it('still sends HSTS over HTTPS', async () => {
    const response = await testApp.app.inject({
      url: '/media/seal.svg',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });

  it.each([...urls, '/notice-of-award.csv'])(
    '%s keeps the full set of page headers',
    async (url) => {
      const response = await testApp.app.inject({ url });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      for (const name of DOCUMENT_ONLY) expect(response.headers, name).toHaveProperty(name);
      expect(String(response.headers['content-security-policy'])).toMatch(
        /frame-ancestors 'none'.*script-src 'self'/,
      );
    },
  );
});

describe('hashed assets from the production build', { timeout: 120_000 }, () => {
  const clientDir = `${path.resolve('dist/client')}/`;
  const testApp = useTestApp({}, { renderer: () => createProductionRenderer(clientDir) });
  let files: string[];
  beforeAll(async () => {
    const manifest = JSON.parse(
      await readFile(`${clientDir}.vite/manifest.json`, 'utf8'),
    ) as Record<string, { file: string; css?: string[] }>;
    const client = manifest['client/entry-client.tsx']!;
    files = [client.file, ...(client.css ?? [])];
  });

  it('scripts and stylesheets carry the lean set and no CSP', async () => {
    for (const file of files) {
      const response = await testApp.app.inject({
        url: `/${file}`,
        headers: { 'accept-encoding': 'br' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expectLeanStaticHeaders(response.headers);
      expect(response.headers).not.toHaveProperty('content-security-policy');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });
});
