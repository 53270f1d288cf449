import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { inEnglish } from '../../shared/i18n/localized-text.ts';
import { kindByCollection, recordKinds } from '../../shared/record-kinds.ts';
import { ApiVisitor, signedInStaff } from '../helpers/staff.ts';
import { createTestApp, withAppDatabase, type TestApp } from '../helpers/test-app.ts';

const PASSWORD = 'lanterns over the plaza';
const reports = kindByCollection('reports')!;
const validReport = {
  title: 'Annual Procurement Plan 2027',
  report_description: 'Consolidated plan of all offices',
  link: 'https://example.org/app-2027.pdf',
};

describe('the JSON write API takes exactly what it documents', () => {
  let testApp: TestApp;
  let visitor: ApiVisitor;
  let token: string;
  let email: string;
  let accounts = 0;

  beforeAll(async () => {
    testApp = await createTestApp({ TRUST_PROXY: '1' });
    ({ visitor, token, email } = await signedIn());
  });
  afterAll(() => testApp.close());

  async function signedIn() {
    const address = `strict${++accounts}@san-isidro.gov.ph`;
    const { visitor: someone } = await signedInStaff(testApp, address, PASSWORD);
    return { visitor: someone, token: await someone.csrfToken(), email: address };
  }

  /** Rows in every collection and the audit log, read from the database itself. */
  function stored(): Promise<number> {
    return withAppDatabase(testApp.config, async ({ db }) => {
      let total = 0;
      for (const kind of recordKinds) {
        const { rows } = await sql<{
          n: number;
        }>`SELECT count(*) AS n FROM ${sql.table(kind.collection)}`.execute(db);
        total += Number(rows[0]!.n);
      }
      const audit = await db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('action', '=', 'record-added')
        .executeTakeFirstOrThrow();
      return total + Number(audit.n);
    });
  }

  function post(url: string, contentType: string | undefined, payload: string) {
    return visitor.request({
      method: 'POST',
      url,
      headers: {
        'x-csrf-token': token,
        ...(contentType === undefined ? {} : { 'content-type': contentType }),
      },
      payload,
    });
  }

  const endpoints = ['/api/records/reports', '/api/session'];

  it.each([
    ['text/plain', JSON.stringify(validReport)],
    ['text/plain; charset=utf-8', JSON.stringify(validReport)],
    [
      'multipart/form-data; boundary=x',
      `--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nA\r\n--x--\r\n`,
    ],
    ['application/x-www-form-urlencoded', new URLSearchParams(validReport).toString()],
    ['application/xml', '<report/>'],
    ['application/octet-stream', 'bytes'],
  ])('answers 415 to a %s body on both JSON endpoints and stores nothing', async (type, body) => {
    const before = await stored();
    for (const url of endpoints) {
      const response = await post(url, type, body);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 415 });
      expect(response.json().message).toEqual(expect.any(String));
    }
    expect(await stored()).toBe(before);
  });

  it('answers 415 before asking who is signed in', async () => {
    const stranger = new ApiVisitor(testApp.app);
    const response = await stranger.request({
      method: 'POST',
      url: '/api/records/reports',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify(validReport),
    });
    expect(response.statusCode).toBe(415);
  });

  it.each([
    '{bad',
    '{"title": }',
    '[',
    '{"title": "a"} trailing',
    '{"title": "a",}',
    "{'title': 'a'}",
  ])('answers 400 to the malformed JSON %s on both endpoints', async (body) => {
    const before = await stored();
    for (const url of endpoints) {
      const response = await post(url, 'application/json', body);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 400 });
      expect(response.json().message).toMatch(/JSON/);
    }
    expect(await stored()).toBe(before);
  });

  it.each(['"text"', '[]', '[{"title":"a"}]', 'null', '5', 'true'])(
    'answers 400 to the JSON value %s where an object is expected',
    async (body) => {
      const before = await stored();
      for (const url of endpoints) {
        const response = await post(url, 'application/json', body);
        expect({ url, status: response.statusCode }).toEqual({ url, status: 400 });
        expect(response.json().message).toBe('Send the fields as one JSON object of text values.');
      }
      expect(await stored()).toBe(before);
    },
  );

  it('answers 400 to a body that tries to set __proto__', async () => {
    const response = await post(
      '/api/records/reports',
      'application/json',
      `{"__proto__": {"admin": true}, ${JSON.stringify(validReport).slice(1)}`,
    );
    expect(response.statusCode).toBe(400);
  });

  const notText: [string, unknown][] = [
    ['a number', 2027],
    ['zero', 0],
    ['a boolean', true],
    ['null', null],
    ['a list of one string', ['Annual plan']],
    ['an empty list', []],
    ['an object', { text: 'Annual plan' }],
  ];

  it.each(
    reports.fields.flatMap((field) =>
      notText.map(([what, value]) => [field.name, what, value] as const),
    ),
  )(
    'refuses %s given as %s with 400 naming the field, storing nothing',
    async (name, _what, value) => {
      const before = await stored();
      const response = await visitor.request({
        method: 'POST',
        url: '/api/records/reports',
        headers: { 'x-csrf-token': token },
        payload: { ...validReport, [name]: value },
      });
      expect(response.statusCode).toBe(400);
      const label = inEnglish(reports.fields.find((field) => field.name === name)!.label);
      const body = response.json() as { message: string; errors: Record<string, string> };
      expect(body.errors).toEqual({
        [name]: `${label} must be text, not a number, list or object.`,
      });
      expect(body.message).toBe(`${label} must be text, not a number, list or object.`);
      expect(await stored()).toBe(before);
    },
  );

  it.each([
    ['an unknown key', 'colour'],
    ['a field of another kind', 'pr_number'],
    ['an id', 'id'],
    ['a created time', 'created'],
  ])('refuses %s with 400 naming it, storing nothing', async (_what, key) => {
    const before = await stored();
    const response = await visitor.request({
      method: 'POST',
      url: '/api/records/reports',
      headers: { 'x-csrf-token': token },
      payload: { ...validReport, [key]: 'x' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json() as { message: string; errors: Record<string, string> };
    expect(Object.keys(body.errors)).toEqual([key]);
    expect(body.message).toBe(`Unknown field "${key}": send only title, report_description, link.`);
    expect(await stored()).toBe(before);
  });

  it('names every bad field at once: wrong types, unknown keys, missing and blank fields', async () => {
    const response = await visitor.request({
      method: 'POST',
      url: '/api/records/reports',
      headers: { 'x-csrf-token': token },
      payload: { title: 12, link: '   ', extra: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errors: {
        title: 'Title must be text, not a number, list or object.',
        report_description: 'Fill all the Fields',
        link: 'Fill all the Fields',
        extra: 'Unknown field "extra": send only title, report_description, link.',
      },
    });
  });

  it('answers many unknown keys with a bounded list of errors', async () => {
    const payload = Object.fromEntries(
      Array.from({ length: 5000 }, (_, index) => [`k${index}`, 'x']),
    );
    const response = await visitor.request({
      method: 'POST',
      url: '/api/records/reports',
      headers: { 'x-csrf-token': token },
      payload: { ...validReport, ...payload },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors).length).toBeLessThanOrEqual(20);
  });

  it('keeps the body limit: a body over 1 MiB answers 413', async () => {
    const response = await post(
      '/api/records/reports',
      'application/json',
      JSON.stringify({ ...validReport, report_description: 'x'.repeat(1024 * 1024) }),
    );
    expect(response.statusCode).toBe(413);
  });

  it('still stores a well-formed record with 201', async () => {
    const before = await stored();
    const response = await visitor.request({
      method: 'POST',
      url: '/api/records/reports',
      headers: { 'x-csrf-token': token },
      payload: validReport,
    });
    expect(response.statusCode).toBe(201);
    expect(await stored()).toBe(before + 2);
  });

  it.each([
    ['a number for the e-mail', { email: 5, password: PASSWORD }, 'email'],
    ['a list for the e-mail', { email: ['x@example.org'], password: PASSWORD }, 'email'],
    ['an object for the password', { email: 'x@example.org', password: { $ne: '' } }, 'password'],
    ['null for the password', { email: 'x@example.org', password: null }, 'password'],
    ['an unknown key', { email: 'x@example.org', password: PASSWORD, remember: true }, 'remember'],
  ])('refuses sign-in with %s: 400 naming the field', async (_what, payload, field) => {
    const stranger = new ApiVisitor(testApp.app);
    const response = await stranger.request({
      method: 'POST',
      url: '/api/session',
      headers: { 'x-csrf-token': await stranger.csrfToken() },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual([field]);
  });

  it('does not take a coerced password: ["secret"] is not "secret"', async () => {
    const stranger = new ApiVisitor(testApp.app);
    const response = await stranger.request({
      method: 'POST',
      url: '/api/session',
      headers: { 'x-csrf-token': await stranger.csrfToken() },
      payload: { email, password: [PASSWORD] },
    });
    expect(response.statusCode).toBe(400);
    expect((await stranger.request({ url: '/api/session' })).json().user).toBeNull();
  });

  it.each([
    ['application/json', JSON.stringify({ type: 'reports', ...validReport })],
    ['text/plain', new URLSearchParams({ type: 'reports', ...validReport }).toString()],
    ['multipart/form-data; boundary=x', '--x--\r\n'],
  ])('answers 415 to a %s post to a page, storing nothing', async (type, body) => {
    const page = await visitor.request({ url: '/bac-input?type=reports' });
    const formToken = /name="_csrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const before = await stored();
    const response = await visitor.request({
      method: 'POST',
      url: '/bac-input?type=reports',
      headers: { 'content-type': type, 'x-csrf-token': formToken, origin: 'http://localhost:80' },
      payload: body,
    });
    expect(response.statusCode).toBe(415);
    expect(await stored()).toBe(before);
  });

  describe('the optional procurement fields', () => {
    const validSvp = {
      pr_number: 'PR-2027-01-0001',
      project_title: 'Solar lights for the plaza',
      link: 'https://example.org/svp.pdf',
    };

    function postSvp(payload: unknown) {
      return visitor.request({
        method: 'POST',
        url: '/api/records/svp',
        headers: { 'x-csrf-token': token },
        payload,
      });
    }

    it('may be left out or blank, and are stored normalised when given as text', async () => {
      expect((await postSvp(validSvp)).json()).toMatchObject({ abc: null, closing_date: null });
      expect(
        (await postSvp({ ...validSvp, philgeps_reference: ' ', abc: '', closing_date: '' })).json(),
      ).toMatchObject({ philgeps_reference: null, abc: null, closing_date: null });
      const response = await postSvp({
        ...validSvp,
        philgeps_reference: ' 11250999 ',
        abc: '₱1,234,567.8',
        closing_date: '2027-02-03T14:00',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        philgeps_reference: '11250999',
        abc: '1234567.80',
        closing_date: '2027-02-03T06:00:00.000Z',
      });
    });

    it.each([
      [
        'abc',
        1234567.89,
        'Approved Budget for the Contract (ABC) must be text, not a number, list or object.',
      ],
      ['abc', '-1', 'Approved Budget for the Contract (ABC) must not be negative.'],
      [
        'abc',
        '10.005',
        'Approved Budget for the Contract (ABC) may have at most 2 decimal places (centavos).',
      ],
      [
        'abc',
        '100000000000.01',
        'Approved Budget for the Contract (ABC) must be at most ₱100,000,000,000.00.',
      ],
      [
        'abc',
        '1,0000',
        'Approved Budget for the Contract (ABC) may use commas only between groups of three digits, like 1,234,567.89.',
      ],
      [
        'closing_date',
        '2027-02-30T10:00',
        'Closing Date must be a real date and time, like 2026-02-03T14:00 (Manila time).',
      ],
      [
        'contract_amount',
        '5',
        'Unknown field "contract_amount": send only pr_number, project_title, philgeps_reference, abc, closing_date, link.',
      ],
    ])(
      'refuses %s = %j with 400 naming the field, storing nothing',
      async (name, value, message) => {
        const before = await stored();
        const response = await postSvp({ ...validSvp, [name]: value });
        expect(response.statusCode).toBe(400);
        expect(response.json().errors).toEqual({ [name]: message });
        expect(await stored()).toBe(before);
      },
    );
  });
});
