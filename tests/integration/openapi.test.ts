import SwaggerParser from '@apidevtools/swagger-parser';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { contentFiles } from '../../server/content/content-schema.ts';
import { LANGUAGES, pathInLang } from '../../shared/i18n/languages.ts';
import { recordKinds, type RecordKind } from '../../shared/record-kinds.ts';
import { addStaffAccount, ApiVisitor } from '../helpers/staff.ts';
import { useTestApp } from '../helpers/test-app.ts';
import { inEnglish } from '../../shared/i18n/localized-text.ts';

interface Schema {
  type?: string;
  properties?: Record<string, unknown>;
  items?: unknown;
  anyOf?: unknown[];
  additionalProperties?: unknown;
}
interface Response {
  description: string;
  content?: Record<string, { schema?: Schema }>;
}
interface Operation {
  summary?: string;
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  responses: Record<string, Response>;
}
interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
}

const SITE_URL = 'https://procurement.example.gov.ph';

/** The plain HTML form posts, each at both languages' addresses: they answer with a redirect. */
const NO_JAVASCRIPT_FORMS = [
  '/bac-input/document',
  '/staff/news/picture',
  '/staff/full-disclosure/posting',
  '/staff/procurement-plan/upload',
  '/staff/procurement/{ocid}/contract/change',
  // The BAC's bid form (issue 34).
  '/staff/procurement/{ocid}/bids',
  // The staff supplier form: merge, dismiss, PhilGEPS number (issue 34).
  '/staff/suppliers',
  // The BAC's conferences, observers and category forms (RA 12009 section 38, issue 34).
  '/staff/procurement/{ocid}/conferences',
  // The BAC's answers to a project's red flags (issue 35).
  '/staff/procurement/{ocid}/flags',
  '/alerts',
  '/alerts/confirm/{token}',
  '/alerts/manage/{token}',
  '/alerts/unsubscribe/{token}',
].flatMap((path) => LANGUAGES.map((lang) => pathInLang(path, lang)));

describe('/openapi.json', () => {
  const testApp = useTestApp({ SITE_URL, TRUST_PROXY: '1', DEMO_RECORDS: 'true' });
  let document: OpenApiDocument;

  beforeAll(async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    document = response.json() as OpenApiDocument;
  });

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
    operation('/api/staff-accounts', 'get');
    const addAccount = operation('/api/staff-accounts', 'post');
    expect(
      Object.keys(addAccount.requestBody!.content['application/json']!.schema.properties!),
    ).toEqual(['email', 'displayName', 'roles', 'setPassword']);
    expect(parameterNames(operation('/api/staff-accounts/{email}', 'patch'), 'path')).toEqual([
      'email',
    ]);
    operation('/api/staff-accounts/{email}/password-reset', 'post');
    operation('/api/set-password', 'get');
    operation('/api/set-password', 'post');
    const reset = operation('/api/password-reset', 'post');
    expect(Object.keys(reset.requestBody!.content['application/json']!.schema.properties!)).toEqual(
      ['email', 'lang'],
    );
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

  it('is valid OpenAPI 3.0 to an independent validator', async () => {
    // validate() resolves references in the object it is given: it gets a copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it('declares the body of every successful answer, with a schema for every JSON one', () => {
    let json = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        const name = `${method.toUpperCase()} ${path}`;
        const answers = Object.entries(op.responses).filter(([status]) => /^[23]/.test(status));
        // Only the no-JavaScript forms answer with a redirect rather than a body.
        const success = answers.filter(([status]) => status.startsWith('2'));
        expect(success.length > 0 || NO_JAVASCRIPT_FORMS.includes(path), name).toBe(true);
        for (const [status, response] of answers) {
          if (status === '204' || status.startsWith('3')) {
            expect(response.content, `${name} ${status} has no body`).toBeUndefined();
            continue;
          }
          const media = Object.entries(response.content ?? {});
          expect(media.length, `${name} ${status} names its media type`).toBeGreaterThan(0);
          for (const [type, { schema }] of media) {
            expect(schema, `${name} ${status} ${type}`).toBeDefined();
            if (type !== 'application/json') continue;
            json += 1;
            // A schema that says what the body holds, not an empty placeholder.
            const described =
              schema!.properties ?? schema!.items ?? schema!.anyOf ?? schema!.additionalProperties;
            expect(described, `${name} ${status} describes its JSON`).toBeTruthy();
          }
        }
      }
    }
    // The records API, content API, staff API, OCDS, JSON downloads, health and this document.
    expect(json).toBeGreaterThan(40);
    for (const kind of recordKinds) {
      const download = operation(`${kind.route}.json`, 'get').responses['200']!;
      const item = download.content!['application/json']!.schema!.properties!.items as Schema;
      expect(Object.keys((item.items as Schema).properties!)).toEqual(
        expect.arrayContaining(['id', 'created', ...kind.fields.map((field) => field.name)]),
      );
    }
  });

  describe('describes the bodies the routes actually send', () => {
    // Ajv reads OpenAPI 3.0's nullable; unknown keywords (OpenAPI's own) are annotations.
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);

    function schemaOf(path: string, status: number, method = 'get'): object {
      const { responses } = operation(path, method);
      const response = responses[String(status)] ?? responses[`${String(status)[0]}XX`];
      expect(response, `${path} ${status}`).toBeDefined();
      return response!.content!['application/json']!.schema as object;
    }

    async function expectDescribed(url: string, path: string, status = 200) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(status);
      const validate = ajv.compile(schemaOf(path, status));
      const body: unknown = response.json();
      expect(validate(body) ? [] : validate.errors, url).toEqual([]);
      return body;
    }

    it('records, record details and the JSON downloads', async () => {
      for (const kind of recordKinds) {
        const page = (await expectDescribed(
          `/api/records/${kind.collection}`,
          '/api/records/{collection}',
        )) as { items: { id: number }[] };
        expect(page.items.length, kind.collection).toBeGreaterThan(0);
        await expectDescribed(
          `/api/records/${kind.collection}/${page.items[0]!.id}`,
          '/api/records/{collection}/{id}',
        );
        await expectDescribed(`${kind.route}.json`, `${kind.route}.json`);
      }
      await expectDescribed('/api/records/nothing-here', '/api/records/{collection}', 404);
    });

    it('news pages and items, with their history', async () => {
      const page = (await expectDescribed('/api/news', '/api/news')) as { items: { id: string }[] };
      expect(page.items.length).toBeGreaterThan(0);
      await expectDescribed(`/api/news/${page.items[0]!.id}`, '/api/news/{id}');
      await expectDescribed('/api/news/no-such-item', '/api/news/{id}', 404);
    });

    it('content, health, the staff session and this document', async () => {
      for (const part of Object.keys(contentFiles)) {
        await expectDescribed(`/api/content/parts/${part}`, '/api/content/parts/{part}');
      }
      const site = (await testApp.app.inject({ url: '/api/content/parts/departments' })).json();
      await expectDescribed(
        `/api/content/departments/${(site as { slug: string }[])[0]!.slug}`,
        '/api/content/departments/{slug}',
      );
      const news = (await testApp.app.inject({ url: '/api/content/parts/news' })).json();
      await expectDescribed(
        `/api/content/news/${(news as { id: string }[])[0]!.id}`,
        '/api/content/news/{id}',
      );
      await expectDescribed('/api/content/site', '/api/content/site');
      await expectDescribed('/healthz', '/healthz');
      await expectDescribed('/api/session', '/api/session');
      await expectDescribed('/openapi.json', '/openapi.json');
    });

    /** Checks an answer the test already has against its operation's schema for that status. */
    function expectAnswerDescribed(
      response: { statusCode: number; json(): unknown },
      path: string,
      method: string,
    ) {
      const validate = ajv.compile(schemaOf(path, response.statusCode, method));
      const body = response.json();
      expect(validate(body) ? [] : validate.errors, `${method} ${path}`).toEqual([]);
      return body;
    }

    function valuesOf(kind: RecordKind): Record<string, string> {
      const typed = {
        link: 'https://example.org/a.pdf',
        money: '1,234.50',
        datetime: '2026-02-03T14:00',
      };
      return Object.fromEntries(
        kind.fields.map((field) => [
          field.name,
          field.type === 'text' ? `A ${inEnglish(field.label)}` : typed[field.type],
        ]),
      );
    }

    it('the Full Disclosure grid and a posting’s refusal', async () => {
      await expectDescribed('/full-disclosure.json?year=2025', '/full-disclosure.json');
      await expectDescribed('/full-disclosure.json?year=1', '/full-disclosure.json', 400);
      await expectDescribed(
        '/api/full-disclosure/sef-utilization/2025-q1',
        '/api/full-disclosure/{type}/{period}',
        404,
      );
    });

    it('the staff API’s answers: sign-in, session, writes, refusals and recent records', async () => {
      const email = 'openapi-test@san-isidro.gov.ph';
      const password = 'a long enough test passphrase';
      await addStaffAccount(testApp.config, email, password);
      const staff = new ApiVisitor(testApp.app);
      expectAnswerDescribed(await staff.signIn(email, password), '/api/session', 'post');
      const session = expectAnswerDescribed(
        await staff.request({ url: '/api/session' }),
        '/api/session',
        'get',
      ) as { csrfToken: string; user: unknown };
      expect(session.user).not.toBeNull();
      const headers = { 'x-csrf-token': session.csrfToken };
      for (const kind of recordKinds) {
        const base = `/api/records/${kind.collection}`;
        const write = { method: 'POST' as const, url: base, payload: valuesOf(kind) };
        const { formKey } = (await staff.request({ url: '/api/session' })).json() as {
          formKey: string;
        };
        expect(formKey, 'GET /api/session keeps the form key').toMatch(/\./);
        const keyed = { ...headers, 'idempotency-key': formKey };
        const added = await staff.request({ ...write, headers: keyed });
        expect(added.statusCode, base).toBe(201);
        const record = expectAnswerDescribed(added, base, 'post') as { id: number };
        const again = await staff.request({ ...write, headers: keyed });
        expect(again.statusCode, base).toBe(200);
        expectAnswerDescribed(again, base, 'post');
        const refused = await staff.request({ ...write, headers, payload: {} });
        expect(refused.statusCode, base).toBe(400);
        expectAnswerDescribed(refused, base, 'post');
        const amended = await staff.request({
          method: 'PATCH',
          url: `${base}/${record.id}`,
          headers,
          payload: {
            fields: { [kind.nameField]: 'Corrected' },
            reason: 'A typo.',
            version: 1,
          },
        });
        expect(amended.statusCode, base).toBe(200);
        expectAnswerDescribed(amended, `${base}/{id}`, 'patch');
        const withdrawn = await staff.request({
          method: 'POST',
          url: `${base}/${record.id}/withdrawal`,
          headers,
          payload: { reason: 'Posted in error.' },
        });
        expect(withdrawn.statusCode, base).toBe(200);
        const detail = expectAnswerDescribed(withdrawn, `${base}/{id}/withdrawal`, 'post') as {
          history: unknown[];
        };
        expect(detail.history).toHaveLength(2);
      }
      const recent = await staff.request({ url: '/api/staff/recent-records' });
      expect(recent.statusCode).toBe(200);
      expectAnswerDescribed(recent, '/api/staff/recent-records', 'get');
      const signedOut = await staff.request({ method: 'DELETE', url: '/api/session', headers });
      expect(signedOut.statusCode).toBe(204);
      const stranger = await staff.request({ url: '/api/staff/recent-records' });
      expect(stranger.statusCode).toBe(401);
      expectAnswerDescribed(stranger, '/api/staff/recent-records', 'get');
    });

    it('OCDS packages', async () => {
      const releases = (await expectDescribed('/ocds/releases.json', '/ocds/releases.json')) as {
        releases: { ocid: string }[];
      };
      const ocid = releases.releases[0]!.ocid;
      await expectDescribed(`/ocds/records/${ocid}.json`, '/ocds/records/{file}');
    });
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
