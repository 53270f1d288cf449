import { describe, expect, it } from 'vitest';
import { listAudit } from '../../db/audit-log.ts';
import { disableStaff, enableStaff } from '../../db/staff-accounts/staff-accounts.ts';
import type { ReceivedMail } from '../helpers/smtp-inbox.ts';
import type { StaffAccount } from '../../shared/staff-accounts/staff-accounts.ts';
import { addStaffAccount, ApiVisitor, csrfOf, signedInStaff } from '../helpers/staff.ts';
import { useTestApp, type TestApp } from '../helpers/test-app.ts';
import { testClock } from '../helpers/test-clock.ts';
import { useMailApp } from '../helpers/mail-app.ts';

// Issue 31: staff who forgot their password have a set-password link mailed to them, where
// the site sends mail. The answer is the same for every address; the link follows the
// administrator's link's rules (once, 24 hours, ended by disabling or a newer link).

const SITE = 'https://procurement.example.gov.ph';
const PASSWORD = 'granite-harbor-willow-81';
const NEW_PASSWORD = 'typhoon season at the municipal hall';
const FORGOT = '/staff/forgot-password';
const SENT = 'If an account uses that address, a link to set a new password has been sent.';
/** Long enough for several sender rounds (every 20 ms here): what has not come by then is not coming. */
const QUIET_MS = 600;
const HOUR_MS = 60 * 60 * 1000;

/** Text of the page without React's separators and with entities read. */
const textOf = (html: string) =>
  html.replaceAll('<!-- -->', '').replaceAll('&#x27;', "'").replaceAll('&amp;', '&');

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let network = 0;
/** A visitor from a client network of its own (the per-network limit counts a whole /24). */
const visitorOf = (testApp: TestApp) => new ApiVisitor(testApp.app, `10.${++network}.0.7`);

/** The set-password link in a mail, as a path on the site, and its token. */
function linkIn(mail: ReceivedMail, lang: 'en' | 'fil' = 'en') {
  const prefix = lang === 'fil' ? '/fil' : '';
  const match = new RegExp(`${SITE}(${prefix}/staff/set-password\\?token=([\\w-]{43}))`).exec(
    mail.text,
  );
  if (!match) throw new Error(`no set-password link in: ${mail.text}`);
  return { path: match[1]!, token: match[2]! };
}

describe('a forgotten staff password, where the site sends mail', () => {
  const clock = testClock('2026-03-02T01:00:00Z');
  const logLines: string[] = [];
  const harness = useMailApp(SITE, { clock, logLines });

  const account = (email: string) => addStaffAccount(harness.testApp.config, email, PASSWORD);
  /** Asks for a link as a browser without JavaScript does; answers the redirect. */
  const ask = (email: string, visitor = visitorOf(harness.testApp), page = FORGOT) =>
    visitor.submitPageForm(page, { email });
  const mailTo = (email: string) => harness.inbox.to(email);

  it('links to the form from the sign-in page, in English and Filipino', async () => {
    const signIn = await harness.testApp.app.inject({ url: '/bac-login' });
    expect(signIn.body).toContain(`href="${FORGOT}"`);
    expect(textOf(signIn.body)).toContain('Forgot your password?');
    const filipino = await harness.testApp.app.inject({ url: '/fil/bac-login' });
    expect(filipino.body).toContain(`href="/fil${FORGOT}"`);
    expect(textOf(filipino.body)).toContain('Nakalimutan ang iyong password?');

    const page = await harness.testApp.app.inject({ url: FORGOT });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.body).toMatch(/<label for="forgot-email">E-mail address<\/label>/);
    expect(page.body).toContain('name="email"');
    expect(csrfOf(page.body)).not.toBe('');
  });

  it('mails an account a link that sets a new password once; the old one works until then', async () => {
    await account('clerk@example.gov.ph');
    const asked = await ask('  Clerk@Example.gov.ph ');
    expect(asked.statusCode).toBe(303);
    expect(asked.headers.location).toBe(`${FORGOT}?sent`);
    expect(asked.headers['cache-control']).toBe('private, no-store');
    const sent = await harness.testApp.app.inject({ url: `${FORGOT}?sent` });
    expect(textOf(sent.body)).toContain(SENT);
    expect(sent.body).not.toContain('name="email"');

    const [mail] = await harness.inbox.waitFor(1, (item) =>
      item.to.includes('clerk@example.gov.ph'),
    );
    expect(mail!.subject).toContain('A link to set a new password');
    expect(mail!.headers.get('content-language')).toBe('en');
    expect(mail!.text).toContain('clerk@example.gov.ph');
    const link = linkIn(mail!);
    expect(mail!.html).toContain(`href="${SITE}${link.path}"`);

    // Asking locks no one out: the password works until the link is used, and the
    // administrators see the account as active, not waiting for a password.
    const owner = visitorOf(harness.testApp);
    expect((await owner.signIn('clerk@example.gov.ph', PASSWORD)).statusCode).toBe(200);
    const { visitor: admin } = await signedInStaff(
      harness.testApp,
      'chief@example.gov.ph',
      PASSWORD,
      ['admin'],
    );
    const accounts = (await admin.request({ url: '/api/staff-accounts' })).json() as StaffAccount[];
    expect(accounts.find((item) => item.email === 'clerk@example.gov.ph')).toMatchObject({
      awaitingPassword: false,
      passwordSet: true,
    });

    const holder = visitorOf(harness.testApp);
    const form = await holder.request({ url: link.path });
    expect(form.statusCode).toBe(200);
    expect(textOf(form.body)).toContain('clerk@example.gov.ph');
    const set = await holder.submitPageForm(link.path, {
      token: link.token,
      password: NEW_PASSWORD,
      confirm: NEW_PASSWORD,
    });
    expect(set.statusCode).toBe(303);
    expect(set.headers.location).toBe('/bac-login?password-set');
    expect((await holder.signIn('clerk@example.gov.ph', NEW_PASSWORD)).statusCode).toBe(200);
    expect(
      (await visitorOf(harness.testApp).signIn('clerk@example.gov.ph', PASSWORD)).statusCode,
    ).toBe(401);
    // Setting the password ended the sessions signed in before.
    expect((await owner.request({ url: '/api/session' })).json().user).toBeNull();

    const again = await visitorOf(harness.testApp).request({ url: link.path });
    expect(again.statusCode).toBe(410);
    expect(textOf(again.body)).toContain('already been used');

    // Audited with the link's expiry, never its token; the log holds no token either.
    const [entry] = await listAudit(harness.database, {
      limit: 1,
      action: 'password-reset-mailed',
      actor: 'clerk@example.gov.ph',
    });
    expect(entry!.detail).toEqual({
      email: 'clerk@example.gov.ph',
      linkExpires: '2026-03-03T01:00:00.000Z',
      lang: 'en',
    });
    expect(JSON.stringify(await listAudit(harness.database, { limit: 100 }))).not.toContain(
      link.token,
    );
    expect(logLines.join('\n')).not.toContain(link.token);
  });

  it('answers an unknown address and a disabled account as a real one, and mails neither', async () => {
    await account('known@example.gov.ph');
    await account('gone@example.gov.ph');
    await disableStaff(harness.database, 'gone@example.gov.ph');
    const answers = [];
    for (const email of ['known@example.gov.ph', 'nobody@example.gov.ph', 'gone@example.gov.ph']) {
      const response = await ask(email);
      answers.push({
        status: response.statusCode,
        location: response.headers.location,
        body: response.body,
      });
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);

    // The JSON API (the page's action with JavaScript) says the same words for each, too.
    const visitor = visitorOf(harness.testApp);
    const token = await visitor.csrfToken();
    const api = [];
    for (const email of ['known@example.gov.ph', 'nobody@example.gov.ph', 'gone@example.gov.ph']) {
      const response = await visitor.request({
        method: 'POST',
        url: '/api/password-reset',
        headers: { 'x-csrf-token': token },
        payload: { email },
      });
      api.push({ status: response.statusCode, body: response.body });
    }
    expect(api[0]!.status).toBe(202);
    expect(api[0]!.body).toContain(SENT);
    expect(api[1]).toEqual(api[0]);
    expect(api[2]).toEqual(api[0]);

    await harness.inbox.waitFor(2, (mail) => mail.to.includes('known@example.gov.ph'));
    await pause(QUIET_MS);
    expect(mailTo('nobody@example.gov.ph')).toEqual([]);
    expect(mailTo('gone@example.gov.ph')).toEqual([]);
    expect(
      await listAudit(harness.database, {
        limit: 10,
        action: 'password-reset-mailed',
        actor: 'gone@example.gov.ph',
      }),
    ).toEqual([]);
  });

  it('sends an address at most 3 links an hour, refusing the rest silently and auditing them', async () => {
    await account('busy@example.gov.ph');
    const answers = [];
    for (let i = 1; i <= 4; i += 1) {
      answers.push(await ask('busy@example.gov.ph'));
      // Each mail before the next request: a link replaced before its mail went is not sent.
      if (i <= 3) await harness.inbox.waitFor(i, (mail) => mail.to.includes('busy@example.gov.ph'));
    }
    expect(
      new Set(answers.map((answer) => `${answer.statusCode} ${answer.headers.location}`)),
    ).toEqual(new Set([`303 ${FORGOT}?sent`]));
    await pause(QUIET_MS);
    expect(mailTo('busy@example.gov.ph')).toHaveLength(3);
    const [refusal] = await listAudit(harness.database, {
      limit: 1,
      action: 'password-reset-throttled',
      actor: 'busy@example.gov.ph',
    });
    expect(refusal!.detail).toEqual({ email: 'busy@example.gov.ph', limit: 'address' });
    // Each new link ended the one before: only the newest works.
    const links = mailTo('busy@example.gov.ph').map((mail) => linkIn(mail));
    const first = await visitorOf(harness.testApp).request({ url: links[0]!.path });
    expect(first.statusCode).toBe(410);
    expect(textOf(first.body)).toContain('replaced by a newer link');
    expect((await visitorOf(harness.testApp).request({ url: links[2]!.path })).statusCode).toBe(
      200,
    );

    // An hour on, the address may ask again.
    clock.advance(HOUR_MS + 1000);
    await ask('busy@example.gov.ph');
    await harness.inbox.waitFor(4, (mail) => mail.to.includes('busy@example.gov.ph'));
  });

  it('limits one client network to 10 requests an hour, whatever the addresses', async () => {
    await account('office@example.gov.ph');
    const office = '10.250.3.';
    for (let i = 0; i < 10; i += 1) {
      await ask(
        `stranger${i}@example.gov.ph`,
        new ApiVisitor(harness.testApp.app, `${office}${i + 1}`),
      );
    }
    const refused = await ask(
      'office@example.gov.ph',
      new ApiVisitor(harness.testApp.app, `${office}99`),
    );
    expect(refused.statusCode).toBe(303);
    expect(refused.headers.location).toBe(`${FORGOT}?sent`);
    // From another network the same address is served.
    await ask('office@example.gov.ph');
    await harness.inbox.waitFor(1, (mail) => mail.to.includes('office@example.gov.ph'));
    await pause(QUIET_MS);
    expect(mailTo('office@example.gov.ph')).toHaveLength(1);
    const [refusal] = await listAudit(harness.database, {
      limit: 1,
      action: 'password-reset-throttled',
      actor: 'office@example.gov.ph',
    });
    expect(refusal).toMatchObject({ address: `${office}99`, detail: { limit: 'network' } });
  });

  it('ends a mailed link when the account is disabled, and never sends one still queued', async () => {
    await account('leaver@example.gov.ph');
    await ask('leaver@example.gov.ph');
    const [mail] = await harness.inbox.waitFor(1, (item) =>
      item.to.includes('leaver@example.gov.ph'),
    );
    const link = linkIn(mail!);
    await disableStaff(harness.database, 'leaver@example.gov.ph');
    await enableStaff(harness.database, 'leaver@example.gov.ph');
    const dead = await visitorOf(harness.testApp).request({ url: link.path });
    expect(dead.statusCode).toBe(410);
    expect(textOf(dead.body)).toContain('cancelled when the account was disabled');

    // A link queued while the mail server is away, its account disabled before it is back.
    await harness.inbox.down();
    await ask('leaver@example.gov.ph');
    await pause(QUIET_MS);
    await disableStaff(harness.database, 'leaver@example.gov.ph');
    await harness.inbox.up();
    clock.advance(60_000); // past the sender's backoff
    await ask('known@example.gov.ph');
    await harness.inbox.waitFor(3, (item) => item.to.includes('known@example.gov.ph'));
    await pause(QUIET_MS);
    expect(mailTo('leaver@example.gov.ph')).toHaveLength(1);
  });

  it('writes the mail and the link in Filipino when asked from the Filipino page', async () => {
    await account('kawani@example.gov.ph');
    const asked = await ask('kawani@example.gov.ph', visitorOf(harness.testApp), `/fil${FORGOT}`);
    expect(asked.statusCode).toBe(303);
    expect(asked.headers.location).toBe(`/fil${FORGOT}?sent`);
    const sent = await harness.testApp.app.inject({ url: `/fil${FORGOT}?sent` });
    expect(textOf(sent.body)).toContain('Kung may account na gumagamit ng address na iyon');
    const [mail] = await harness.inbox.waitFor(1, (item) =>
      item.to.includes('kawani@example.gov.ph'),
    );
    expect(mail!.subject).toContain('Link para magtakda ng bagong password');
    expect(mail!.headers.get('content-language')).toBe('fil');
    const link = linkIn(mail!, 'fil');
    const page = await visitorOf(harness.testApp).request({ url: link.path });
    expect(page.statusCode).toBe(200);
    expect(textOf(page.body)).toContain('Itakda ang iyong password');
  });

  it('names a missing or malformed address beside its field, keeping what was typed', async () => {
    const empty = await ask('   ');
    expect(empty.statusCode).toBe(400);
    const page = textOf(empty.body);
    expect(page).toContain('Enter your e-mail address.');
    expect(empty.body).toContain('href="#forgot-email"');
    expect(empty.body).toMatch(/aria-invalid="true"[^>]*aria-describedby="forgot-email-error"/);
    const malformed = await ask('clerk at example');
    expect(malformed.statusCode).toBe(400);
    expect(textOf(malformed.body)).toContain('Enter an e-mail address like name@example.gov.ph.');
    expect(malformed.body).toContain('value="clerk at example"');
  });
});

describe('a forgotten staff password, where the site sends no mail', () => {
  const testApp = useTestApp({ SITE_URL: SITE, TRUST_PROXY: '1' });

  it('offers no link, no form and no API, and says to ask an administrator', async () => {
    const signIn = await testApp.app.inject({ url: '/bac-login' });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.body).not.toContain(FORGOT);
    expect(textOf(signIn.body)).not.toContain('Forgot your password?');

    const page = await testApp.app.inject({ url: FORGOT });
    expect(page.statusCode).toBe(200);
    expect(textOf(page.body)).toContain('Ask an administrator.');
    expect(page.body).not.toContain('name="email"');

    // A post anyway, with the session's CSRF token from the sign-in form.
    const visitor = new ApiVisitor(testApp.app, '10.200.0.7');
    const csrf = csrfOf((await visitor.request({ url: '/bac-login' })).body);
    const posted = await visitor.postForm(FORGOT, { _csrf: csrf, email: 'clerk@example.gov.ph' });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe(FORGOT);
    const api = await visitor.request({
      method: 'POST',
      url: '/api/password-reset',
      headers: { 'x-csrf-token': await visitor.csrfToken() },
      payload: { email: 'clerk@example.gov.ph' },
    });
    expect(api.statusCode).toBe(404);
  });
});
