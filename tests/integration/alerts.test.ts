import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { readSenderState } from '../../db/alerts/alert-messages.ts';
import { createTestApp, withAppDatabase, type TestApp } from '../helpers/test-app.ts';
import { testClock } from '../helpers/test-clock.ts';
import type { ReceivedMail } from '../helpers/smtp-inbox.ts';
import { addStaffAccount, signedInStaff, type ApiVisitor } from '../helpers/staff.ts';
import { cli } from './cli-harness.ts';
import { useMailApp, type MailApp } from '../helpers/mail-app.ts';
import { pathInLang, type Lang } from '../../shared/i18n/languages.ts';

const SITE = 'https://procurement.example.gov.ph';
const STAFF = 'bac.alerts@example.gov.ph';
const PASSWORD = 'granite-harbor-willow-81';
/** Long enough for several sender rounds (they run every 20 ms here): what has not come by then is not coming. */
const QUIET_MS = 600;

let clientNumber = 0;

/** The alert machinery of one test app: its inbox, staff writer and subscribers. */
function alertHarness(
  options: {
    clock?: ReturnType<typeof testClock>;
    retryBaseMs?: number;
    /** Collects the request log (LOG_LEVEL info) here. */
    logLines?: string[];
  } = {},
) {
  const harness = useMailApp(SITE, options) as MailApp & { staff: ApiVisitor };
  beforeAll(async () => {
    harness.staff = (await signedInStaff(harness.testApp, STAFF, PASSWORD)).visitor;
  });
  return harness;
}

type Harness = ReturnType<typeof alertHarness>;

function form(fields: Record<string, string | string[]>): string {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields))
    for (const one of [value].flat()) body.append(name, one);
  return body.toString();
}

async function postForm(
  harness: Harness,
  url: string,
  fields: Record<string, string | string[]>,
  // Each from a network of its own: the per-client limit counts a whole /24.
  client = `10.${Math.floor(clientNumber / 250) % 250}.${clientNumber++ % 250}.7`,
) {
  return harness.testApp.app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      // Each subscriber from its own client network unless told, as in life (the per-client limit).
      'x-forwarded-for': client,
    },
    payload: form(fields),
  });
}

function linkIn(mail: ReceivedMail, purpose: string): string {
  const match = new RegExp(`${SITE}((?:/fil)?/alerts/${purpose}/[^\\s>"]+)`).exec(mail.text);
  if (!match) throw new Error(`no ${purpose} link in: ${mail.text}`);
  return match[1]!;
}

/** Subscribes by the form and follows the confirmation e-mail's link: a confirmed subscriber. */
async function subscribe(
  harness: Harness,
  email: string,
  settings: { lists?: string[]; keyword?: string; frequency?: string; lang?: Lang } = {},
): Promise<void> {
  const lang = settings.lang ?? 'en';
  const response = await postForm(harness, pathInLang('/alerts', lang), {
    email,
    lists: settings.lists ?? ['svp'],
    frequency: settings.frequency ?? 'immediate',
    ...(settings.keyword ? { keyword: settings.keyword } : {}),
  });
  expect(response.statusCode).toBe(303);
  expect(response.headers.location).toBe(pathInLang('/alerts/sent', lang));
  const [confirmation] = await harness.inbox.waitFor(1, (mail) => mail.to.includes(email));
  const confirmed = await postForm(harness, linkIn(confirmation!, 'confirm'), {});
  expect(confirmed.statusCode).toBe(303);
  expect(confirmed.headers.location).toMatch(
    new RegExp(`^${pathInLang('/alerts/manage/', lang)}.+\\?done=confirmed$`),
  );
}

let recordNumber = 0;

async function addSvp(harness: Harness, title: string): Promise<number> {
  const token = await harness.staff.csrfToken();
  const response = await harness.staff.request({
    method: 'POST',
    url: '/api/records/svp',
    headers: { 'x-csrf-token': token },
    payload: {
      pr_number: `PR-ALERT-${++recordNumber}`,
      project_title: title,
      abc: '1500000.00',
      link: `https://example.org/svp-alert-${recordNumber}.pdf`,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: number }).id;
}

const alertsTo = (harness: Harness, email: string) =>
  harness.inbox.to(email).filter((mail) => !mail.subject.includes('Confirm'));

const quiet = () => new Promise((resolve) => setTimeout(resolve, QUIET_MS));

/**
 * Sends the one-click unsubscribe (RFC 8058) to the address in an alert's List-Unsubscribe
 * header, as a mail program does: a POST of `List-Unsubscribe=One-Click`, URL-encoded
 * unless a multipart body is given.
 */
function oneClickUnsubscribe(
  harness: Harness,
  alert: ReceivedMail,
  body = {
    contentType: 'application/x-www-form-urlencoded',
    payload: 'List-Unsubscribe=One-Click',
  },
) {
  const url = new URL(alert.headers.get('list-unsubscribe')!.slice(1, -1));
  return harness.testApp.app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { 'content-type': body.contentType },
    payload: body.payload,
  });
}

/** How many subscriptions, confirmed or not, the database holds for `email`. */
const subscriptionsOf = async (harness: Harness, email: string): Promise<number> => {
  const { rows } = await sql<{ n: number | string }>`SELECT count(*) AS n FROM alert_subscriptions
    WHERE email = ${email}`.execute(harness.database.db);
  return Number(rows[0]!.n);
};

type StoredSubscription = { lists: string; keyword: string | null; lang: string };

/** The subscriptions of `email` as the database holds them. */
const storedSubscriptions = async (
  harness: Harness,
  email: string,
): Promise<StoredSubscription[]> => {
  const { rows } = await sql<StoredSubscription>`
    SELECT lists, keyword, lang FROM alert_subscriptions WHERE email = ${email}`.execute(
    harness.database.db,
  );
  return rows;
};

describe('bid alerts against a real SMTP server', () => {
  const harness = alertHarness();

  it('sends nothing but the confirmation before the address is confirmed (double opt-in)', async () => {
    const email = 'optin@example.com';
    const response = await postForm(harness, '/alerts', {
      email,
      lists: 'all',
      frequency: 'immediate',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/alerts/sent');
    const page = await harness.testApp.app.inject({ url: '/alerts/sent' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('confirmation link');

    const [confirmation] = await harness.inbox.waitFor(1, (mail) => mail.to.includes(email));
    expect(confirmation!.subject).toMatch(/Confirm your bid alerts/);
    const before = await addSvp(harness, 'Posted before confirming');
    await quiet();
    expect(alertsTo(harness, email)).toEqual([]);

    // Opening the link changes nothing (mail scanners open links); the page's button confirms.
    const link = linkIn(confirmation!, 'confirm');
    const opened = await harness.testApp.app.inject({ url: link });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain('Confirm');
    const confirmed = await postForm(harness, link, {});
    expect(confirmed.statusCode).toBe(303);
    const manage = await harness.testApp.app.inject({ url: confirmed.headers.location as string });
    expect(manage.statusCode).toBe(200);
    expect(manage.body).toContain(email);
    expect(manage.headers['cache-control']).toMatch(/no-store|private/);

    const after = await addSvp(harness, 'Posted after confirming');
    const [alert] = await harness.inbox.waitFor(
      1,
      (mail) => mail.to.includes(email) && mail.subject.includes('Posted after'),
    );
    expect(alert!.text).toContain(`${SITE}/bid-svp/${after}`);
    expect(
      alertsTo(harness, email).some((mail) => new RegExp(`/bid-svp/${before}\\s`).test(mail.text)),
    ).toBe(false);
  });

  it('refuses a confirmation link that is forged or tampered with', async () => {
    const bad = await postForm(
      harness,
      '/alerts/confirm/confirm.1.0.0123456789abcdef0123456789abcdef',
      {},
    );
    expect(bad.headers.location).toBe('/alerts/expired');
  });

  it('sends one alert per subscriber for a record added through the API, with its fields, permalink and unsubscribe headers', async () => {
    const email = 'api@example.com';
    await subscribe(harness, email);
    const id = await addSvp(harness, 'Supply of <b>office</b> chairs & desks');
    const [alert] = await harness.inbox.waitFor(
      1,
      (mail) => mail.to.includes(email) && mail.subject.includes('chairs'),
    );
    expect(alert!.subject).toContain('New: Small Value Procurement');
    expect(alert!.text).toContain(`PR-ALERT-${recordNumber}`);
    expect(alert!.text).toContain('₱1,500,000.00');
    expect(alert!.text).toContain(`${SITE}/bid-svp/${id}`);
    expect(alert!.html).toContain('Supply of &lt;b&gt;office&lt;/b&gt; chairs &amp; desks');
    expect(alert!.html).not.toContain('<b>office');
    expect(alert!.headers.get('list-unsubscribe')).toMatch(
      new RegExp(`^<${SITE}/alerts/unsubscribe/[^>]+>$`),
    );
    expect(alert!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(alert!.text).toContain(`${SITE}/alerts/manage/`);
    await quiet();
    expect(
      alertsTo(harness, email).filter((mail) => new RegExp(`/bid-svp/${id}\\s`).test(mail.text)),
    ).toHaveLength(1);
  });

  it('sends one alert for a record added with the no-JavaScript data-entry form, even if the form is sent twice', async () => {
    const email = 'webform@example.com';
    await subscribe(harness, email);
    const page = await harness.staff.request({ url: '/bac-input?type=svp' });
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const formKey = /name="form_key" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const fields = new URLSearchParams({
      type: 'svp',
      _csrf: csrf,
      form_key: formKey,
      pr_number: 'PR-WEB-1',
      project_title: 'Typed on the web: barangay hall paint',
      link: 'https://example.org/web-1.pdf',
    }).toString();
    for (let sent = 0; sent < 2; sent++) {
      const response = await harness.staff.request({
        method: 'POST',
        url: '/bac-input?type=svp',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: 'http://localhost:80',
        },
        payload: fields,
      });
      expect(response.statusCode).toBe(200);
    }
    await harness.inbox.waitFor(
      1,
      (mail) => mail.to.includes(email) && mail.subject.includes('barangay hall paint'),
    );
    await quiet();
    expect(
      alertsTo(harness, email).filter((mail) => mail.subject.includes('barangay hall paint')),
    ).toHaveLength(1);
  });

  it('announces an amendment and a withdrawal of a notice already sent', async () => {
    const email = 'changes@example.com';
    const filipino = 'mga-pagbabago@example.com';
    await subscribe(harness, email);
    await subscribe(harness, filipino, { lang: 'fil' });
    const id = await addSvp(harness, 'Repair of the municipal hall roof');
    await harness.inbox.waitFor(
      1,
      (mail) => mail.to.includes(email) && mail.subject.includes('hall roof'),
    );
    const token = await harness.staff.csrfToken();
    const amended = await harness.staff.request({
      method: 'PATCH',
      url: `/api/records/svp/${id}`,
      headers: { 'x-csrf-token': token },
      payload: { fields: { abc: '1750000.00' }, reason: 'Revised budget', version: 1 },
    });
    expect(amended.statusCode, amended.body).toBe(200);
    const [amendment] = await harness.inbox.waitFor(
      1,
      (mail) =>
        mail.to.includes(email) && mail.subject.startsWith('[') && mail.subject.includes('Amended'),
    );
    expect(amendment!.text).toContain('Revised budget');
    expect(amendment!.text).toContain('₱1,750,000.00');
    // What changed, before → after, in the mail's language, in the text and the HTML.
    expect(amendment!.text).toMatch(
      /What changed:\r?\n {2}- Approved Budget[^\n]+: ₱1,500,000\.00 → ₱1,750,000\.00\r?\n/,
    );
    expect(amendment!.html).toContain('₱1,500,000.00 → ₱1,750,000.00</li>');
    const [susog] = await harness.inbox.waitFor(
      1,
      (mail) => mail.to.includes(filipino) && mail.subject.includes('Binago'),
    );
    expect(susog!.text).toMatch(
      /Ano ang nagbago:\r?\n {2}- [^\n]+: ₱1,500,000\.00 → ₱1,750,000\.00\r?\n/,
    );
    const withdrawn = await harness.staff.request({
      method: 'POST',
      url: `/api/records/svp/${id}/withdrawal`,
      headers: { 'x-csrf-token': token },
      payload: { reason: 'Cancelled by the BAC' },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const [withdrawal] = await harness.inbox.waitFor(
      1,
      (mail) => mail.to.includes(email) && mail.subject.includes('Withdrawn'),
    );
    expect(withdrawal!.text).toContain('Cancelled by the BAC');
  });

  it('sends only what matches the keyword, matched like the list search', async () => {
    const email = 'keyword@example.com';
    await subscribe(harness, email, { keyword: 'BRIDGE' });
    await addSvp(harness, 'Road paving of Purok 3');
    await addSvp(harness, 'Footbridge repair, Barangay Uno');
    const [alert] = await harness.inbox.waitFor(
      1,
      (mail) => mail.to.includes(email) && mail.subject.includes('Footbridge'),
    );
    await quiet();
    expect(alertsTo(harness, email)).toEqual([alert]);
  });

  it('sends one message per subscriber for a CLI import, however many records it holds', async () => {
    const single = 'import-one@example.com';
    await subscribe(harness, single);
    const dataDir = harness.testApp.config.dataDir;
    await addStaffAccount(harness.testApp.config, 'it.alerts@example.gov.ph', PASSWORD);
    // The command line on the database the app serves from, as an operator runs it.
    const { databaseUrl } = harness.testApp.config;
    const env = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
    const folder = await mkdtemp(path.join(os.tmpdir(), 'alerts-import-'));
    try {
      const one = path.join(folder, 'one.csv');
      await writeFile(
        one,
        'pr_number,project_title,link\nPR-CLI-1,Imported drainage canal,https://example.org/cli-1.pdf\n',
      );
      const run = await cli(
        dataDir,
        ['import', 'svp', one, '--as', 'it.alerts@example.gov.ph', '--quiet'],
        undefined,
        env,
      );
      expect(run.code, run.stderr).toBe(0);
      const [alert] = await harness.inbox.waitFor(
        1,
        (mail) => mail.to.includes(single) && mail.subject.includes('drainage'),
      );
      expect(alert!.text).toContain('PR-CLI-1');

      const many = path.join(folder, 'many.csv');
      const rows = Array.from(
        { length: 60 },
        (_, i) => `PR-BULK-${i},Bulk lot ${i},https://example.org/bulk-${i}.pdf`,
      );
      await writeFile(many, `pr_number,project_title,link\n${rows.join('\n')}\n`);
      const bulk = await cli(
        dataDir,
        ['import', 'svp', many, '--as', 'it.alerts@example.gov.ph', '--batch-size', '7', '--quiet'],
        undefined,
        env,
      );
      expect(bulk.code, bulk.stderr).toBe(0);
      const [digest] = await harness.inbox.waitFor(
        1,
        (mail) => mail.to.includes(single) && mail.subject.includes('60 notices'),
      );
      expect(digest!.text).toContain('…and 40 more');
      await quiet();
      expect(alertsTo(harness, single)).toHaveLength(2);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('stops all mail after a one-click unsubscribe (RFC 8058 POST) and deletes the address', async () => {
    const email = 'leaving@example.com';
    const witness = 'staying@example.com';
    await subscribe(harness, email);
    await subscribe(harness, witness);
    await addSvp(harness, 'Before leaving: water pumps');
    const [alert] = await harness.inbox.waitFor(
      1,
      (mail) => mail.to.includes(email) && mail.subject.includes('water pumps'),
    );
    const response = await oneClickUnsubscribe(harness, alert!);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/alerts/unsubscribed');
    expect(await subscriptionsOf(harness, email)).toBe(0);
    await addSvp(harness, 'After leaving: solar lights');
    await harness.inbox.waitFor(
      1,
      (mail) => mail.to.includes(witness) && mail.subject.includes('solar lights'),
    );
    await quiet();
    expect(alertsTo(harness, email)).toEqual([alert]);
  });

  it('takes the one-click POST as multipart/form-data too, as RFC 8058 allows', async () => {
    const email = 'multipart@example.com';
    await subscribe(harness, email);
    await addSvp(harness, 'Multipart leaver: generator fuel');
    const [alert] = await harness.inbox.waitFor(
      1,
      (mail) => mail.to.includes(email) && mail.subject.includes('generator fuel'),
    );
    const response = await oneClickUnsubscribe(harness, alert!, {
      contentType: 'multipart/form-data; boundary=x',
      payload:
        '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(response.headers.location).toBe('/alerts/unsubscribed');
    expect(await subscriptionsOf(harness, email)).toBe(0);
  });

  it('puts no word a visitor typed in the confirmation mail, in either language: the keyword shows once confirmed', async () => {
    const keyword = 'permit suspended pay at evil.example';
    for (const lang of ['en', 'fil'] as const) {
      const email = `typed-${lang}@example.com`;
      const response = await postForm(harness, pathInLang('/alerts', lang), {
        email,
        lists: 'svp',
        keyword,
        frequency: lang === 'en' ? 'immediate' : 'daily',
      });
      expect(response.headers.location).toBe(pathInLang('/alerts/sent', lang));
      const [confirmation] = await harness.inbox.waitFor(1, (mail) => mail.to.includes(email));
      const whole = `${confirmation!.subject}\n${confirmation!.text}\n${confirmation!.html}`;
      expect(whole).toContain('Small Value Procurement');
      for (const word of ['permit', 'evil.example', 'suspended']) expect(whole).not.toContain(word);
      expect(confirmation!.raw).not.toContain('evil');

      const confirmed = await postForm(harness, linkIn(confirmation!, 'confirm'), {});
      const manage = await harness.testApp.app.inject({
        url: confirmed.headers.location as string,
      });
      expect(manage.body).toContain(`“${keyword}”`);
    }
  });

  it('rate-limits subscribing per address', async () => {
    const email = 'flooded@example.com';
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await postForm(harness, '/alerts', {
        email,
        lists: 'svp',
        frequency: 'immediate',
      });
      answers.push(response.headers.location as string);
    }
    expect(answers.slice(0, 3)).toEqual(['/alerts/sent', '/alerts/sent', '/alerts/sent']);
    expect(answers.slice(3)).toEqual(['/alerts/too-many', '/alerts/too-many']);
    await harness.inbox.waitFor(3, (mail) => mail.to.includes(email));
    await quiet();
    expect(harness.inbox.to(email)).toHaveLength(3);
  });

  it('rate-limits subscribing per client address', async () => {
    const answers: string[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await postForm(
        harness,
        '/alerts',
        { email: `neighbour${i}@example.com`, lists: 'svp', frequency: 'immediate' },
        '198.18.0.9',
      );
      answers.push(response.headers.location as string);
    }
    expect(answers.filter((answer) => answer === '/alerts/sent')).toHaveLength(10);
    expect(answers.at(-1)).toBe('/alerts/too-many');
  });

  it('counts one mailbox once however it is spelt, and refuses spellings a mail library reads as something else', async () => {
    // Each of these was taken as a new address, and the mailer delivered it to v@….
    for (const email of [
      '"mailbox"@example.com',
      'name<mailbox@example.com>',
      'x,mailbox@example.com',
      '(c)mailbox@example.com',
      'mailbox@example.com.',
      'mailbox@[192.0.2.1]',
    ]) {
      const refused = await postForm(harness, '/alerts', {
        email,
        lists: 'svp',
        frequency: 'immediate',
      });
      expect(refused.headers.location, email).toMatch(/^\/alerts\?problem=email/);
    }
    const answers: string[] = [];
    for (const email of [
      'mailbox@example.com',
      'Mailbox@EXAMPLE.com',
      'mailbox+1@example.com',
      'MAILBOX+2@example.com',
      'mailbox@Example.Com',
    ]) {
      const response = await postForm(harness, '/alerts', {
        email,
        lists: 'svp',
        frequency: 'immediate',
      });
      answers.push(response.headers.location as string);
    }
    expect(answers).toEqual([
      '/alerts/sent',
      '/alerts/sent',
      '/alerts/sent',
      '/alerts/too-many',
      '/alerts/too-many',
    ]);
    const toMailbox = (mail: ReceivedMail) =>
      mail.to.some((to) => /^mailbox(\+\d)?@example\.com$/i.test(to));
    await harness.inbox.waitFor(3, toMailbox);
    await quiet();
    const received = harness.inbox.received.filter(toMailbox);
    expect(received.flatMap((mail) => mail.to).sort()).toEqual([
      'Mailbox@example.com',
      'mailbox+1@example.com',
      'mailbox@example.com',
    ]);
    // The domain lower-cased, an international one as punycode, in what is stored and sent.
    expect(
      (
        await postForm(harness, '/alerts', {
          email: 'v@Bücher.example',
          lists: 'svp',
          frequency: 'immediate',
        })
      ).headers.location,
    ).toBe('/alerts/sent');
    // (The test mail server gives envelope addresses back in Unicode; the header is as sent.)
    const [idn] = await harness.inbox.waitFor(1, (mail) => mail.to.includes('v@bücher.example'));
    expect(idn!.headers.get('to')).toBe('v@xn--bcher-kva.example');
    const { rows: stored } = await sql<{ email: string }>`SELECT email FROM alert_subscriptions
      WHERE email LIKE 'v@%'`.execute(harness.database.db);
    expect(stored.map((row) => row.email)).toEqual(['v@xn--bcher-kva.example']);
  });

  it('limits a client network (IPv4 /24, IPv6 /64), and refused requests use up nobody’s allowance', async () => {
    const send = (email: string, client: string) =>
      postForm(harness, '/alerts', { email, lists: 'svp', frequency: 'immediate' }, client).then(
        (response) => response.headers.location as string,
      );
    for (let i = 0; i < 10; i++)
      expect(await send(`office${i}@example.com`, `198.19.7.${i + 1}`)).toBe('/alerts/sent');
    // Another address of the same /24 is the same client; three refusals for one person…
    for (let i = 0; i < 3; i++)
      expect(await send('real.person@example.com', '198.19.7.200')).toBe('/alerts/too-many');
    // …leave that person their own three requests from elsewhere.
    for (let i = 0; i < 3; i++)
      expect(await send('real.person@example.com', `198.19.${8 + i}.1`)).toBe('/alerts/sent');

    for (let i = 0; i < 10; i++)
      expect(await send(`v6.${i}@example.com`, `2001:db8:5:6::${i + 1}`)).toBe('/alerts/sent');
    expect(await send('v6.other@example.com', '2001:db8:5:6:ffff::1')).toBe('/alerts/too-many');
    expect(await send('v6.other@example.com', '2001:db8:5:7::1')).toBe('/alerts/sent');
  });

  it('keeps one subscription per address: a repeat subscribe, once confirmed, changes it', async () => {
    const email = 'Repeat@example.com';
    const settings = [
      { lists: 'svp', keyword: 'bridge' },
      { lists: 'svp', keyword: 'roof' },
      // Any spelling of the address is the same address.
      { lists: ['svp', 'bid_bulletin'], keyword: '' },
    ];
    for (const [index, { lists, keyword }] of settings.entries()) {
      const address = index === 2 ? email.toLowerCase() : email;
      const response = await postForm(harness, '/alerts', {
        email: address,
        lists,
        frequency: 'immediate',
        ...(keyword ? { keyword } : {}),
      });
      expect(response.headers.location).toBe('/alerts/sent');
    }
    const toAddress = (mail: ReceivedMail) =>
      mail.to.some((to) => to.toLowerCase() === email.toLowerCase());
    const confirmations = await harness.inbox.waitFor(3, toAddress);
    const managePaths: string[] = [];
    for (const confirmation of confirmations) {
      const confirmed = await postForm(harness, linkIn(confirmation, 'confirm'), {});
      expect(confirmed.statusCode).toBe(303);
      managePaths.push(confirmed.headers.location as string);
    }
    // Whatever the case of the address as typed: the column compares without case.
    const { rows } = await sql<{ lists: string; keyword: string | null }>`
      SELECT lists, keyword FROM alert_subscriptions WHERE lower(email) = lower(${email})`.execute(
      harness.database.db,
    );
    expect(rows).toHaveLength(1);
    // The settings of the subscribe confirmed last, on the one subscription.
    expect(rows[0]).toMatchObject({ keyword: null });
    expect(JSON.parse(rows[0]!.lists)).toEqual(['svp', 'bid_bulletin']);
    // The manage link of the first confirmation still opens it.
    const manage = await harness.testApp.app.inject({ url: managePaths[0]! });
    expect(manage.statusCode).toBe(200);
    expect(manage.body).toContain(email);

    const id = await addSvp(harness, 'One alert per address, however often it subscribed');
    await harness.inbox.waitFor(1, (mail) => toAddress(mail) && mail.subject.includes('One alert'));
    await quiet();
    const alerts = harness.inbox.received.filter(
      (mail) => toAddress(mail) && new RegExp(`/bid-svp/${id}\\s`).test(mail.text),
    );
    expect(alerts).toHaveLength(1);
  });

  it('takes the lists a form ticks over "All lists" ticked beside them', async () => {
    const email = 'picked@example.com';
    await subscribe(harness, email, { lists: ['all', 'bid_bulletin'] });
    const [row] = await storedSubscriptions(harness, email);
    expect(JSON.parse(row!.lists)).toEqual(['bid_bulletin']);
    const alone = await postForm(harness, '/alerts', {
      email: 'everything@example.com',
      lists: 'all',
      frequency: 'immediate',
    });
    expect(alone.headers.location).toBe('/alerts/sent');
    const [stored] = await storedSubscriptions(harness, 'everything@example.com');
    expect(JSON.parse(stored!.lists)).toEqual(['all']);
  });

  it('sends a form with a problem back to it, keeping the choices but not the address', async () => {
    const response = await postForm(harness, '/alerts', {
      email: 'not an address',
      lists: ['svp', 'nonsense'],
      keyword: 'roof',
    });
    expect(response.statusCode).toBe(303);
    const location = response.headers.location as string;
    expect(location).toMatch(/^\/alerts\?/);
    expect(location).toContain('problem=email');
    expect(location).toContain('problem=lists');
    expect(location).toContain('problem=frequency');
    expect(location).toContain('keyword=roof');
    expect(location).not.toContain('address');
    const page = await harness.testApp.app.inject({ url: location });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Enter your e-mail address');
  });

  it('keeps a subscriber from a Filipino page in Filipino: the pages after each form, the confirmation, every alert and their links', async () => {
    const email = 'filipino@example.com';
    const subscribed = await postForm(harness, '/fil/alerts', {
      email,
      lists: 'svp',
      frequency: 'immediate',
    });
    expect(subscribed.headers.location).toBe('/fil/alerts/sent');
    const sent = await harness.testApp.app.inject({ url: '/fil/alerts/sent' });
    expect(sent.body).toContain('<html lang="fil"');
    expect(sent.body).toContain('Tingnan ang iyong e-mail');

    const [confirmation] = await harness.inbox.waitFor(1, (mail) => mail.to.includes(email));
    expect(confirmation!.subject).toContain('Kumpirmahin ang iyong mga alerto sa bid');
    expect(confirmation!.text).toContain('isang e-mail sa bawat bagong abiso sa Small Value');
    expect(confirmation!.html).toContain('<html lang="fil">');
    expect(confirmation!.headers.get('content-language')).toBe('fil');
    const link = linkIn(confirmation!, 'confirm');
    expect(link).toMatch(/^\/fil\/alerts\/confirm\//);
    const confirmPage = await harness.testApp.app.inject({ url: link });
    expect(confirmPage.body).toContain('<html lang="fil"');
    expect(confirmPage.body).toContain(`action="${link}"`);
    expect(confirmPage.body).toContain('Kumpirmahin</button>');
    const confirmed = await postForm(harness, link, {});
    const managePath = confirmed.headers.location as string;
    expect(managePath).toMatch(/^\/fil\/alerts\/manage\/.+\?done=confirmed$/);
    const manage = await harness.testApp.app.inject({ url: managePath });
    expect(manage.body).toContain('<html lang="fil"');
    expect(manage.body).toContain('nakumpirma na ang iyong address');
    const stored = async () => (await storedSubscriptions(harness, email))[0];
    expect((await stored())?.lang).toBe('fil');

    const id = await addSvp(harness, 'Pagkumpuni ng tulay sa Purok 5');
    const [alert] = await harness.inbox.waitFor(
      1,
      (mail) => mail.to.includes(email) && mail.subject.includes('tulay'),
    );
    expect(alert!.subject).toContain(
      'Bago: Small Value Procurement (SVP): Pagkumpuni ng tulay sa Purok 5',
    );
    expect(alert!.text).toContain('Bago sa Small Value Procurement (SVP)');
    expect(alert!.text).toContain('Inaprubahang Badyet para sa Kontrata (ABC): ₱1,500,000.00');
    expect(alert!.text).toContain(`${SITE}/fil/bid-svp/${id}`);
    expect(alert!.text).toContain('Natatanggap mo ito dahil nag-subscribe ka');
    expect(alert!.text).toContain(`Baguhin ang iyong mga alerto: ${SITE}/fil/alerts/manage/`);
    expect(alert!.html).toContain('<html lang="fil">');
    expect(alert!.html).toContain(`<a href="${SITE}/fil/bid-svp/${id}">`);
    expect(alert!.headers.get('list-unsubscribe')).toMatch(
      new RegExp(`^<${SITE}/fil/alerts/unsubscribe/[^>]+>$`),
    );

    // The manage form on the Filipino page switches the e-mails to English and stays Filipino.
    const manageToken = managePath.split('/')[4]!.split('?')[0]!;
    const switched = await postForm(harness, `/fil/alerts/manage/${manageToken}`, {
      lists: 'svp',
      frequency: 'immediate',
      lang: 'en',
    });
    expect(switched.headers.location).toBe(`/fil/alerts/manage/${manageToken}?done=saved`);
    expect((await stored())?.lang).toBe('en');
    const englishId = await addSvp(harness, 'Bridge railings, Purok 6');
    const [english] = await harness.inbox.waitFor(
      1,
      (mail) => mail.to.includes(email) && mail.subject.includes('railings'),
    );
    expect(english!.subject).toContain('New: Small Value Procurement (SVP)');
    expect(english!.text).toContain(`${SITE}/bid-svp/${englishId}`);
    expect(english!.text).not.toContain('/fil/');

    const bad = await postForm(harness, `/fil/alerts/manage/${manageToken}`, {
      lists: 'svp',
      frequency: 'immediate',
      lang: 'xx',
    });
    expect(bad.headers.location).toMatch(
      new RegExp(`^/fil/alerts/manage/${manageToken}\\?problem=lang`),
    );
    const badPage = await harness.testApp.app.inject({ url: bad.headers.location as string });
    expect(badPage.body).toContain('Pumili ng English o Filipino.');
    expect((await stored())?.lang).toBe('en');

    const left = await oneClickUnsubscribe(harness, alert!);
    expect(left.headers.location).toBe('/fil/alerts/unsubscribed');
    expect(await stored()).toBeUndefined();
    const gone = await postForm(harness, `/fil/alerts/manage/${manageToken}`, {
      lists: 'svp',
      frequency: 'immediate',
    });
    expect(gone.headers.location).toBe('/fil/alerts/expired');
  });

  it('sends a Filipino form with a problem back to the Filipino form, its problems in Filipino, and limits it in Filipino', async () => {
    const response = await postForm(harness, '/fil/alerts', {
      email: 'hindi address',
      lists: 'svp',
      frequency: 'immediate',
    });
    const location = response.headers.location as string;
    expect(location).toMatch(/^\/fil\/alerts\?problem=email/);
    const page = await harness.testApp.app.inject({ url: location });
    expect(page.body).toContain('<html lang="fil"');
    expect(page.body).toContain('Ilagay ang iyong e-mail address');
    expect(page.body).toContain('Pakiwasto ang form sa ibaba');

    const answers: string[] = [];
    for (let i = 0; i < 4; i++) {
      const sent = await postForm(harness, '/fil/alerts', {
        email: 'madalas@example.com',
        lists: 'svp',
        frequency: 'immediate',
      });
      answers.push(sent.headers.location as string);
    }
    expect(answers.at(-1)).toBe('/fil/alerts/too-many');
    const tooMany = await harness.testApp.app.inject({ url: '/fil/alerts/too-many' });
    expect(tooMany.body).toContain('Napakaraming kahilingan');
  });
});

describe('alert links after use, and in the request log', () => {
  const logLines: string[] = [];
  const harness = alertHarness({ logLines });

  it('hands out the manage page to the first use of a confirmation link only, and logs no link’s token', async () => {
    const email = 'once@example.com';
    await postForm(harness, '/alerts', { email, lists: 'svp', frequency: 'immediate' });
    const [confirmation] = await harness.inbox.waitFor(1, (mail) => mail.to.includes(email));
    const confirmLink = linkIn(confirmation!, 'confirm');
    const first = await postForm(harness, confirmLink, {});
    const managePath = first.headers.location as string;
    expect(managePath).toMatch(/^\/alerts\/manage\/.+\?done=confirmed$/);
    const again = await postForm(harness, confirmLink, {});
    expect(again.headers.location).toBe('/alerts/already-confirmed');
    expect(again.headers.location).not.toContain('manage');
    const page = await harness.testApp.app.inject({ url: '/alerts/already-confirmed' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('works only once');
    const filPage = await harness.testApp.app.inject({ url: '/fil/alerts/already-confirmed' });
    expect(filPage.body).toContain('Nakumpirma na');

    // Every kind of alert link, opened and posted: none of their tokens reaches the log.
    const manageToken = managePath.split('/')[3]!.split('?')[0]!;
    const confirmToken = confirmLink.split('/').pop()!;
    await harness.testApp.app.inject({ url: managePath });
    await harness.testApp.app.inject({ url: `/api/alerts/subscriptions/${manageToken}` });
    await harness.testApp.app.inject({ url: `/fil/alerts/unsubscribe/${manageToken}` });
    await postForm(harness, `/alerts/unsubscribe/${manageToken}`, {});
    const logged = logLines.join('\n');
    expect(logged).toContain('/alerts/confirm/[redacted]');
    expect(logged).toContain('/alerts/manage/[redacted]');
    expect(logged).toContain('/api/alerts/subscriptions/[redacted]');
    expect(logged).toContain('/fil/alerts/unsubscribe/[redacted]');
    for (const token of [confirmToken, manageToken]) {
      expect(logged).not.toContain(token);
      expect(logged).not.toContain(token.split('.').pop()!);
    }
  });
});

describe('the daily digest', () => {
  // 10:00 Manila on a Monday.
  const clock = testClock('2026-03-02T02:00:00Z');
  const harness = alertHarness({ clock });

  it('gathers a day of notices into one message at 07:00 Manila the next morning', async () => {
    const email = 'digest@example.com';
    const filipino = 'buod@example.com';
    await subscribe(harness, email, { frequency: 'daily', lists: ['all'] });
    await subscribe(harness, filipino, { frequency: 'daily', lists: ['all'], lang: 'fil' });
    await addSvp(harness, 'Digest item one: school chairs');
    await addSvp(harness, 'Digest item two: rice seedlings');
    await quiet();
    expect(alertsTo(harness, email)).toEqual([]);
    clock.set('2026-03-02T22:59:00Z'); // 06:59 Manila
    await quiet();
    expect(alertsTo(harness, email)).toEqual([]);
    clock.set('2026-03-02T23:00:00Z'); // 07:00 Manila
    const [digest] = await harness.inbox.waitFor(
      1,
      (mail) => mail.to.includes(email) && !mail.subject.includes('Confirm'),
    );
    expect(digest!.subject).toContain('Daily digest of March 3, 2026: 2 notices');
    expect(digest!.text).toContain('school chairs');
    expect(digest!.text).toContain('rice seedlings');
    const [buod] = await harness.inbox.waitFor(
      1,
      (mail) => mail.to.includes(filipino) && mail.subject.includes('buod'),
    );
    expect(buod!.subject).toContain('Pang-araw-araw na buod ng Marso 3, 2026: 2 na abiso');
    expect(buod!.text).toContain('school chairs');
    clock.set('2026-03-03T23:00:00Z');
    await quiet();
    expect(alertsTo(harness, email)).toEqual([digest]);
  });

  it('lets a confirmation link expire after 48 hours', async () => {
    const email = 'late@example.com';
    await postForm(harness, '/alerts', { email, lists: 'svp', frequency: 'immediate' });
    const [confirmation] = await harness.inbox.waitFor(1, (mail) => mail.to.includes(email));
    clock.advance(48 * 60 * 60 * 1000 + 60_000);
    const response = await postForm(harness, linkIn(confirmation!, 'confirm'), {});
    expect(response.headers.location).toBe('/alerts/expired');
  });
  it('forgets a subscription never confirmed after 7 days', async () => {
    const email = 'forgotten@example.com';
    await postForm(harness, '/alerts', { email, lists: 'svp', frequency: 'immediate' });
    await harness.inbox.waitFor(1, (mail) => mail.to.includes(email));
    const count = () => subscriptionsOf(harness, email);
    expect(await count()).toBe(1);
    clock.advance(6 * 24 * 60 * 60 * 1000);
    await quiet();
    expect(await count()).toBe(1);
    clock.advance(24 * 60 * 60 * 1000 + 60_000);
    await expect.poll(count, { timeout: 5000 }).toBe(0);
  });
});

describe('the mail server down for a while, then up', () => {
  const harness = alertHarness({ retryBaseMs: 50 });

  it('keeps the site healthy, says so in the stats, and delivers everything once it is back', async () => {
    const email = 'patient@example.com';
    await subscribe(harness, email);
    await harness.inbox.down();
    const titles = ['Outage one: generator', 'Outage two: fuel', 'Outage three: cables'];
    for (const title of titles) await addSvp(harness, title);
    await expect
      .poll(async () => (await readSenderState(harness.database)).serverDownSince, {
        timeout: 5000,
      })
      .not.toBeNull();
    const health = await harness.testApp.app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(200);
    await quiet();
    await harness.inbox.up();
    await harness.inbox.waitFor(
      3,
      (mail) => mail.to.includes(email) && mail.subject.includes('Outage'),
      15_000,
    );
    await quiet();
    const received = alertsTo(harness, email).filter((mail) => mail.subject.includes('Outage'));
    expect(received.map((mail) => mail.subject.split(': ').pop()).sort()).toEqual(
      titles.map((title) => title.split(': ').pop()).sort(),
    );
    expect(new Set(received.map((mail) => mail.messageId)).size).toBe(3);
    expect((await readSenderState(harness.database)).serverDownSince).toBeNull();
  });
});

describe('without SMTP_URL', () => {
  let testApp: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    testApp = await createTestApp(
      { LOG_LEVEL: 'info' },
      { logStream: { write: (line) => lines.push(line) } },
    );
  });
  afterAll(() => testApp.close());

  it('says so in one line at start, hides the forms and queues nothing', async () => {
    const notices = lines.filter((line) => line.includes('SMTP_URL'));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain('bid alerts by e-mail are off');
    for (const url of ['/bid-svp', '/bids-and-awards']) {
      const page = await testApp.app.inject({ url });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('action="/alerts"');
    }
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/alerts',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({ email: 'nobody@example.com', lists: 'all', frequency: 'immediate' }),
    });
    expect(response.statusCode).not.toBe(303);
    await withAppDatabase(testApp.config, async (database) => {
      const { rows } = await sql<{
        n: number | string;
      }>`SELECT count(*) AS n FROM alert_subscriptions`.execute(database.db);
      expect(Number(rows[0]!.n)).toBe(0);
      expect((await readSenderState(database)).enabled).toBe(false);
    });
  });
});
