import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../server/plugins/staff-session.ts';
import { addStaffAccount, ApiVisitor } from '../helpers/staff.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const EMAIL = 'bac.secretariat@san-isidro.gov.ph';
const PASSWORD = 'seven lanterns over the municipal hall';

/** Every staff route a browser can GET: the two staff pages and the staff side of the API. */
const STAFF_PATHS = ['/bac-input', '/bac-login', '/api/session', '/api/staff/recent-records'];

/** A CSRF token in a page's hidden field or in the session API's JSON. */
const CSRF_TOKEN = /name="_csrf" value="([^"]+)"|"csrfToken":"([^"]+)"/g;

const tokensIn = (body: string) =>
  [...body.matchAll(CSRF_TOKEN)].map((match) => match[1] ?? match[2] ?? '');

/** The same letter as %xx, in either case of hex digits. */
const encoded = (letter: string, upper: boolean) => {
  const hex = letter.charCodeAt(0).toString(16);
  return `%${upper ? hex.toUpperCase() : hex}`;
};

/**
 * The spellings of one path that the app's routers may read as that path: another letter
 * case, any single letter or every letter percent-encoded, dot segments, a trailing slash,
 * a doubled slash.
 */
function pathSpellings(path: string): string[] {
  const letters = [...path].flatMap((char, index) => (/[a-z]/.test(char) ? [index] : []));
  const withLetter = (index: number, upper: boolean) =>
    path.slice(0, index) + encoded(path[index]!, upper) + path.slice(index + 1);
  const segments = path.split('/').slice(1);
  const last = segments.at(-1)!;
  const parent = path.slice(0, path.length - last.length);
  return [
    path,
    path.toUpperCase(),
    path.replace(/\/(\w)/g, (_slash, first: string) => `/${first.toUpperCase()}`),
    ...letters.map((index, nth) => withLetter(index, nth % 2 === 0)),
    path.replace(/[a-z]/g, (letter) => encoded(letter, false)),
    `/.${path}`,
    `${parent}.${path.slice(parent.length - 1)}`,
    `/x/..${path}`,
    `${parent}staff/../${last}`,
    `${path}/`,
    `${path}/.`,
    `${parent}/${last}`,
    `${path}//`,
    `/%2e${path}`,
    `/x/%2E%2E${path}`,
  ];
}

/**
 * Cookie headers carrying the staff member's session cookie (`name=value`) the ways a
 * client may write it: spaces and tabs around the name, the `=` and the separators, other
 * cookies before and after it, the name in another case, and the cookie twice.
 */
function cookieSpellings(cookie: string): string[] {
  const value = cookie.slice(cookie.indexOf('=') + 1);
  return [
    cookie,
    ` ${cookie}`,
    `${SESSION_COOKIE} =${value}`,
    `${SESSION_COOKIE}\t=\t${value}`,
    `\t${SESSION_COOKIE} = ${value} `,
    `theme=dark; ${cookie}`,
    `theme=dark;${SESSION_COOKIE} =${value}`,
    `_ga=GA1.2.3;\t${cookie};\tlang=fil`,
    `${cookie}; theme=dark`,
    `${cookie}; ${SESSION_COOKIE}=garbage`,
    `${SESSION_COOKIE}=garbage; ${cookie}`,
    `${SESSION_COOKIE.toUpperCase()}=${value}`,
    `Bac_Session=${value}; ${SESSION_COOKIE} =${value}`,
    `__Host-${cookie}`,
  ];
}

const isPublic = (response: LightMyRequestResponse) =>
  /public/.test(String(response.headers['cache-control'] ?? ''));

describe(
  'the render cache and a staff session, as an attacker would try them',
  { timeout: 600_000 },
  () => {
    let testApp: TestApp;
    let cookie: string;
    let value: string;
    beforeAll(async () => {
      testApp = await createTestApp({ TRUST_PROXY: '1' });
      await addStaffAccount(testApp.config.dataDir, EMAIL, PASSWORD);
      const staff = new ApiVisitor(testApp.app);
      expect((await staff.signIn(EMAIL, PASSWORD)).statusCode).toBe(200);
      // The first page takes the sign-in's one-time message and adds the CSRF secret to the
      // session; with the cookie it sets, later visits set none, as in the staff member's browser.
      const input = await staff.request({ url: '/bac-input' });
      expect(input.body).toContain(EMAIL);
      cookie = staff.cookie;
      value = cookie.slice(cookie.indexOf('=') + 1);
      const again = await testApp.app.inject({ url: '/bac-input', headers: { cookie } });
      expect(again.headers['set-cookie']).toBeUndefined();
    });
    afterAll(() => testApp.close());

    it('never shows a staff answer to an anonymous visitor, and never marks one public', async () => {
      /** Every failure, so that one run shows all the spellings that get through. */
      const problems: string[] = [];
      const staffTokens = new Set<string>();
      let signedInAnswers = 0;
      let attempt = 0;
      for (const staffPath of STAFF_PATHS) {
        for (const path of pathSpellings(staffPath)) {
          for (const cookieHeader of cookieSpellings(cookie)) {
            // An unused cache key for every attempt (the home page's video parameter is one
            // the cache keys by), so no earlier answer can hide what this attempt would store.
            const url = `${path}?video=${++attempt}`;
            const what = `${url} with Cookie: ${JSON.stringify(cookieHeader.replaceAll(value, '…'))}`;
            const signedIn = await testApp.app.inject({ url, headers: { cookie: cookieHeader } });
            if (signedIn.body.includes(EMAIL)) signedInAnswers += 1;
            if (attempt < 40)
              console.log(
                what,
                signedIn.statusCode,
                signedIn.headers['cache-control'],
                signedIn.body.includes(EMAIL),
              );
            for (const token of tokensIn(signedIn.body)) staffTokens.add(token);
            if (isPublic(signedIn)) problems.push(`public staff answer: ${what}`);

            const anonymous = await testApp.app.inject({ url });
            if (anonymous.body.includes(EMAIL)) problems.push(`e-mail shown anonymously: ${what}`);
            const tokens = tokensIn(anonymous.body);
            if (tokens.some((token) => staffTokens.has(token)))
              problems.push(`staff CSRF token shown anonymously: ${what}`);
            // An anonymous visitor may get a CSRF token (the sign-in form) only for its own
            // new session, in an answer kept by no one.
            const ownSession = String(anonymous.headers['set-cookie']).startsWith(
              `${SESSION_COOKIE}=`,
            );
            if (tokens.length > 0 && !ownSession)
              problems.push(`CSRF token without a session of its own: ${what}`);
            if (isPublic(anonymous)) problems.push(`public anonymous staff answer: ${what}`);
          }
        }
      }
      expect(problems).toEqual([]);
      // The fuzz reached the staff member's own pages, so it could have leaked them.
      expect(signedInAnswers).toBeGreaterThan(0);
      expect(staffTokens.size).toBeGreaterThan(0);
    });
  },
);
