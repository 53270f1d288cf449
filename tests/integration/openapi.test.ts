import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordKinds } from '../../shared/record-kinds.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

interface Operation {
  summary?: string;
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  responses: Record<string, unknown>;
}
interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
}

const SITE_URL = 'https://procurement.example.gov.ph';

describe('/openapi.json', () => {
  let testApp: TestApp;
  let document: OpenApiDocument;

  beforeAll(async () => {
    testApp = await createTestApp({ SITE_URL });
    const response = await testApp.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    document = response.json() as OpenApiDocument;
  });
  afterAll(() => testApp.close());

  function operation(path: string, method: string): Operation {
    const found = document.paths[path]?.[method];
    expect(found, `${method.toUpperCase()} ${path}`).toBeDefined();
    return found!;
  }

  const parameterNames = (op: Operation, place: string) =>
    (op.parameters ?? []).filter((parameter) => parameter.in === place).map((p) => p.name);

  it('is OpenAPI 3 with the site as its server', () => {
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.title).toContain('San Isidro del Monte');
    expect(document.servers).toEqual([{ url: SITE_URL }]);
  });

  it('covers every public endpoint with its parameters', () => {
    const list = operation('/api/records/{collection}', 'get');
    expect(parameterNames(list, 'query')).toEqual(['q', 'page', 'from', 'to']);
    expect(parameterNames(list, 'path')).toEqual(['collection']);
    expect(parameterNames(operation('/api/records/{collection}/{id}', 'get'), 'path')).toEqual([
      'collection',
      'id',
    ]);
    expect(parameterNames(operation('/ocds/releases.json', 'get'), 'query')).toEqual([
      'since',
      'after',
    ]);
    expect(parameterNames(operation('/ocds/records/{file}', 'get'), 'path')).toEqual(['file']);
    for (const kind of recordKinds) {
      for (const format of ['csv', 'json', 'atom']) {
        const download = operation(`${kind.route}.${format}`, 'get');
        expect(parameterNames(download, 'query'), `${kind.route}.${format}`).toEqual([
          'q',
          'from',
          'to',
        ]);
      }
    }
    expect(parameterNames(operation('/procurement.atom', 'get'), 'query')).toEqual([
      'q',
      'from',
      'to',
    ]);
    expect(parameterNames(operation('/documents/{sha256}/{name}', 'get'), 'path')).toEqual([
      'sha256',
      'name',
    ]);
    for (const path of [
      '/openapi.json',
      '/healthz',
      '/sitemap.xml',
      '/robots.txt',
      '/api/content/site',
      '/api/content/parts/{part}',
      '/api/content/departments/{slug}',
      '/api/content/news/{id}',
    ]) {
      operation(path, 'get');
    }
  });

  it('covers every staff endpoint, with each kind’s record fields as its body', () => {
    operation('/api/session', 'get');
    operation('/api/session', 'delete');
    const signIn = operation('/api/session', 'post');
    expect(
      Object.keys(signIn.requestBody!.content['application/json']!.schema.properties!),
    ).toEqual(expect.arrayContaining(['email', 'password']));
    for (const kind of recordKinds) {
      const base = `/api/records/${kind.collection}`;
      const add = operation(base, 'post');
      expect(Object.keys(add.requestBody!.content['application/json']!.schema.properties!)).toEqual(
        expect.arrayContaining(kind.fields.map((spec) => spec.name)),
      );
      expect(parameterNames(operation(`${base}/{id}`, 'patch'), 'path')).toEqual(['id']);
      operation(`${base}/{id}/withdrawal`, 'post');
    }
    operation('/api/staff/recent-records', 'get');
    operation('/api/documents', 'post');
    operation('/bac-input/document', 'post');
  });

  it('names every path parameter its URL has', () => {
    for (const [path, operations] of Object.entries(document.paths)) {
      const inUrl = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      for (const [method, op] of Object.entries(operations)) {
        expect(parameterNames(op, 'path').sort(), `${method} ${path}`).toEqual(inUrl.sort());
      }
    }
  });

  it('leaves out the page renderer, the API 404 catch-all and static files', () => {
    const paths = Object.keys(document.paths);
    expect(paths.filter((path) => path.includes('*'))).toEqual([]);
    expect(paths.filter((path) => path.startsWith('/media'))).toEqual([]);
    // Pages are HTML for people, not endpoints.
    expect(paths).not.toContain('/open-data');
    expect(paths).not.toContain('/');
  });
});
