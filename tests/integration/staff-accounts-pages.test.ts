import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { listAudit } from '../../db/audit-log.ts';
import { LAST_ADMIN_MESSAGE } from '../../db/staff-accounts/staff-accounts.ts';
import type { StaffRole } from '../../shared/staff-roles.ts';
import { ApiVisitor, csrfOf, signedInStaff } from '../helpers/staff.ts';
import { useTestApp } from '../helpers/test-app.ts';

const PASSWORD = 'carabao crossing the rice terraces';
const SITE_URL = 'https://www.san-isidro.example.gov.ph';

/** Text of the page without React's separators and with entities read. */
const textOf = (html: string) =>
  html.replaceAll('<!-- -->', '').replaceAll('&#x27;', "'").replaceAll('&amp;', '&');

describe('the staff home and sign-in', () => {
  const testApp = useTestApp({ TRUST_PROXY: '1', SITE_URL });

  it('sends a visitor without a session to sign-in', async () => {
    for (const url of ['/staff', '/staff/accounts']) {
      const response = await testApp.app.inject({ url });
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location).toBe('/bac-login');
    }
  });

  it('keeps every /staff/ page out of the render cache, those other areas add included', async () => {
    for (let visit = 0; visit < 2; visit += 1) {
      const response = await testApp.app.inject({ url: '/staff/a-later-area' });
      expect(response.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('lists only the areas the account’s roles open, in the page and the staff navigation', async () => {
    const { visitor } = await signedInStaff(testApp, 'pio@example.gov.ph', PASSWORD, [
      'information',
      'bac',
    ]);
    const home = await visitor.request({ url: '/staff' });
    expect(home.statusCode).toBe(200);
    expect(home.headers['cache-control']).toBe('private, no-store');
    const html = textOf(home.body);
    for (const path of ['/bac-input', '/staff/news', '/staff/advisories']) {
      expect(html).toContain(`href="${path}"`);
    }
    for (const path of ['/staff/accounts', '/staff/full-disclosure']) {
      expect(html).not.toContain(`href="${path}"`);
    }
    expect(html).toContain('aria-label="Staff areas"');
    // The same navigation on data entry.
    const input = textOf((await visitor.request({ url: '/bac-input' })).body);
    expect(input).toContain('aria-label="Staff areas"');
    expect(input).toContain('href="/staff/news"');
  });

  it('leads a one-area account to its area and others to the staff home, with the sign-in message', async () => {
    const cases: [string, StaffRole[], string][] = [
      ['bac-only@example.gov.ph', ['bac'], '/bac-input'],
      ['info-only@example.gov.ph', ['information'], '/staff'],
      ['boss@example.gov.ph', ['admin'], '/staff'],
    ];
    for (const [email, roles, landing] of cases) {
      await signedInStaff(testApp, email, PASSWORD, roles);
      const visitor = new ApiVisitor(testApp.app);
      const signedIn = await visitor.submitPageForm('/bac-login', [
        ['email', email],
        ['password', PASSWORD],
      ]);
      expect(signedIn.statusCode, email).toBe(303);
      expect(signedIn.headers.location, email).toBe(landing);
      const page = await visitor.request({ url: landing });
      expect(page.body, email).toContain('Login successful');
    }
  });

  it('signs out from the staff navigation of any staff page', async () => {
    const { visitor } = await signedInStaff(testApp, 'leaving@example.gov.ph', PASSWORD, ['bac']);
    const page = await visitor.request({ url: '/bac-input' });
    const signedOut = await visitor.postForm('/staff', {
      _csrf: csrfOf(page.body),
      intent: 'sign-out',
    });
    expect(signedOut.statusCode).toBe(303);
    expect(signedOut.headers.location).toBe('/bac-login?signed-out');
    expect((await visitor.request({ url: '/api/session' })).json().user).toBeNull();
  });
});

describe('/staff/accounts without JavaScript', () => {
  const testApp = useTestApp({ TRUST_PROXY: '1', SITE_URL });

  it('refuses every other role the page and each of its actions with 403, changing nothing', async () => {
    await signedInStaff(testApp, 'target@example.gov.ph', PASSWORD, ['bac']);
    for (const role of ['bac', 'information', 'transparency'] as const) {
      const { visitor } = await signedInStaff(testApp, `${role}@example.gov.ph`, PASSWORD, [role]);
      const page = await visitor.request({ url: '/staff/accounts' });
      expect(page.statusCode, role).toBe(403);
      expect(textOf(page.body)).toContain('it needs the Administrator role');
      expect(page.body).not.toContain('target@example.gov.ph');
      const actions: [string, string][][] = [
        [
          ['intent', 'add'],
          ['email', 'new@example.gov.ph'],
          ['displayName', 'New'],
          ['roles', 'admin'],
          ['setPassword', 'generated'],
        ],
        [
          ['intent', 'roles'],
          ['email', `${role}@example.gov.ph`],
          ['roles', 'admin'],
        ],
        [
          ['intent', 'disable'],
          ['email', 'target@example.gov.ph'],
        ],
        [
          ['intent', 'reset'],
          ['email', 'target@example.gov.ph'],
          ['setPassword', 'generated'],
        ],
      ];
      for (const fields of actions) {
        const response = await visitor.submitPageForm('/staff/accounts', fields);
        expect(response.statusCode, `${role} ${fields[0]![1]}`).toBe(403);
      }
    }
    const { rows: accounts } = await sql<{
      email: string;
      active: number;
    }>`SELECT email, active FROM staff_users ORDER BY email`.execute(testApp.site.db);
    expect(accounts).not.toContainEqual(expect.objectContaining({ email: 'new@example.gov.ph' }));
    expect(accounts).toContainEqual({ email: 'target@example.gov.ph', active: 1 });
    expect(await listAudit(testApp.site, { limit: 50, action: 'roles-changed' })).toEqual([]);
  });

  it('lets an administrator add with a link, which its holder uses once to set a password', async () => {
    const { visitor: admin } = await signedInStaff(testApp, 'admin@example.gov.ph', PASSWORD, [
      'admin',
    ]);
    const list = textOf((await admin.request({ url: '/staff/accounts' })).body);
    expect(list).toContain('target@example.gov.ph');
    expect(list).toMatch(
      /Last sign-in<\/dt><dd>[A-Z][a-z]+ \d+, \d{4}, \d+:\d\d [AP]M \(Manila time\)/,
    );

    const added = await admin.submitPageForm('/staff/accounts', [
      ['intent', 'add'],
      ['email', 'clerk@example.gov.ph'],
      ['displayName', 'Records Clerk'],
      ['roles', 'information'],
      ['roles', 'transparency'],
      ['setPassword', 'link'],
    ]);
    expect(added.statusCode).toBe(200);
    expect(added.headers['cache-control']).toBe('private, no-store');
    const page = textOf(added.body);
    expect(page).toContain('Added clerk@example.gov.ph with the roles: information, transparency.');
    const link = new RegExp(`${SITE_URL}/staff/set-password\\?token=([\\w-]{43})`).exec(page);
    expect(link).not.toBeNull();
    const setPasswordUrl = `/staff/set-password?token=${link![1]}`;
    // Shown once: the list afterwards does not hold it.
    expect((await admin.request({ url: '/staff/accounts' })).body).not.toContain(link![1]);

    const holder = new ApiVisitor(testApp.app);
    const form = await holder.request({ url: setPasswordUrl });
    expect(form.statusCode).toBe(200);
    expect(form.headers['cache-control']).toBe('private, no-store');
    expect(textOf(form.body)).toContain('clerk@example.gov.ph');
    const differ = await holder.submitPageForm(setPasswordUrl, [
      ['token', link![1]!],
      ['password', 'typhoon season at the municipal hall'],
      ['confirm', 'typhoon season at the town hall'],
    ]);
    expect(differ.statusCode).toBe(400);
    expect(textOf(differ.body)).toContain('The two passwords differ');
    const weak = await holder.submitPageForm(setPasswordUrl, [
      ['token', link![1]!],
      ['password', 'clerk1234'],
      ['confirm', 'clerk1234'],
    ]);
    expect(weak.statusCode).toBe(400);
    expect(textOf(weak.body)).toContain('Password refused: it contains the e-mail address.');
    const set = await holder.submitPageForm(setPasswordUrl, [
      ['token', link![1]!],
      ['password', 'typhoon season at the municipal hall'],
      ['confirm', 'typhoon season at the municipal hall'],
    ]);
    expect(set.statusCode).toBe(303);
    expect(set.headers.location).toBe('/bac-login?password-set');
    expect((await holder.request({ url: '/bac-login?password-set' })).body).toContain(
      'Your password is set',
    );

    const used = await holder.request({ url: setPasswordUrl });
    expect(used.statusCode).toBe(410);
    expect(textOf(used.body)).toContain('already been used');
    const signedIn = await holder.signIn(
      'clerk@example.gov.ph',
      'typhoon season at the municipal hall',
    );
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().roles).toEqual(['information', 'transparency']);
    const unknown = await holder.request({ url: '/staff/set-password?token=nothing' });
    expect(unknown.statusCode).toBe(410);
    expect(textOf(unknown.body)).toContain('not valid');
  });

  it('keeps what was typed and names each refused field', async () => {
    const admin = new ApiVisitor(testApp.app);
    await admin.signIn('admin@example.gov.ph', PASSWORD);
    const refused = await admin.submitPageForm('/staff/accounts', [
      ['intent', 'add'],
      ['email', 'not-an-address'],
      ['displayName', 'Kept Name'],
      ['setPassword', 'generated'],
    ]);
    expect(refused.statusCode).toBe(400);
    const page = textOf(refused.body);
    expect(page).toContain('href="#add-email"');
    expect(page).toContain('E-mail address: enter an address');
    expect(page).toContain('Roles: choose at least one role.');
    expect(page).toContain('value="not-an-address"');
    expect(page).toContain('value="Kept Name"');
    expect(page).toMatch(/id="add-password-generated" name="setPassword" checked=""/);
  });

  it('adds with a generated password, disables (signing the account out), enables, resets and changes roles', async () => {
    const admin = new ApiVisitor(testApp.app);
    await admin.signIn('admin@example.gov.ph', PASSWORD);
    const added = textOf(
      (
        await admin.submitPageForm('/staff/accounts', [
          ['intent', 'add'],
          ['email', 'engineer@example.gov.ph'],
          ['displayName', 'Municipal Engineer'],
          ['roles', 'bac'],
          ['setPassword', 'generated'],
        ])
      ).body,
    );
    const password = /<code class="issued-secret">([a-z2-9-]+)<\/code>/.exec(added)?.[1];
    expect(password).toMatch(/^[a-z2-9]{5}(-[a-z2-9]{5}){3}$/);
    const engineer = new ApiVisitor(testApp.app);
    expect((await engineer.signIn('engineer@example.gov.ph', password!)).statusCode).toBe(200);
    expect((await engineer.request({ url: '/staff' })).statusCode).toBe(200);

    const disabled = await admin.submitPageForm('/staff/accounts', [
      ['intent', 'disable'],
      ['email', 'engineer@example.gov.ph'],
    ]);
    expect(textOf(disabled.body)).toContain('Disabled engineer@example.gov.ph');
    // Its next request is signed out.
    const after = await engineer.request({ url: '/staff' });
    expect(after.statusCode).toBe(302);
    expect(after.headers.location).toBe('/bac-login');

    const enabled = await admin.submitPageForm('/staff/accounts', [
      ['intent', 'enable'],
      ['email', 'engineer@example.gov.ph'],
    ]);
    expect(textOf(enabled.body)).toContain('Enabled engineer@example.gov.ph.');
    const roles = await admin.submitPageForm('/staff/accounts', [
      ['intent', 'roles'],
      ['email', 'engineer@example.gov.ph'],
      ['roles', 'bac'],
      ['roles', 'transparency'],
    ]);
    expect(textOf(roles.body)).toContain(
      'engineer@example.gov.ph now has the roles: bac, transparency.',
    );
    const reset = textOf(
      (
        await admin.submitPageForm('/staff/accounts', [
          ['intent', 'reset'],
          ['email', 'engineer@example.gov.ph'],
          ['setPassword', 'generated'],
        ])
      ).body,
    );
    const newPassword = /<code class="issued-secret">([a-z2-9-]+)<\/code>/.exec(reset)?.[1];
    expect(newPassword).toBeDefined();
    expect(
      (await new ApiVisitor(testApp.app).signIn('engineer@example.gov.ph', password!)).statusCode,
    ).toBe(401);
    expect(
      (await new ApiVisitor(testApp.app).signIn('engineer@example.gov.ph', newPassword!))
        .statusCode,
    ).toBe(200);

    const audit = (await listAudit(testApp.site, { limit: 10, actor: 'admin@example.gov.ph' }))
      .filter((entry) => entry.detail.email === 'engineer@example.gov.ph')
      .reverse();
    expect(audit.map((entry) => entry.action)).toEqual([
      'user-added',
      'user-disabled',
      'user-enabled',
      'roles-changed',
      'password-reset',
    ]);
    expect(audit.every((entry) => entry.detail.role === 'admin')).toBe(true);
    expect(JSON.stringify(audit)).not.toContain(newPassword);
  });

  it('refuses to disable the last administrator or take away its role, saying why', async () => {
    const admin = new ApiVisitor(testApp.app);
    await admin.signIn('admin@example.gov.ph', PASSWORD);
    for (const fields of [
      [['intent', 'disable']],
      [
        ['intent', 'roles'],
        ['roles', 'bac'],
      ],
    ] as [string, string][][]) {
      const refused = await admin.submitPageForm('/staff/accounts', [
        ...fields,
        ['email', 'admin@example.gov.ph'],
      ]);
      expect(refused.statusCode).toBe(409);
      expect(textOf(refused.body)).toContain(LAST_ADMIN_MESSAGE);
    }
    expect((await admin.request({ url: '/staff/accounts' })).statusCode).toBe(200);
  });

  it('shows an account whose set-password link died with disabling as needing a new link, not active', async () => {
    const admin = new ApiVisitor(testApp.app);
    await admin.signIn('admin@example.gov.ph', PASSWORD);
    const email = 'returning@example.gov.ph';
    const statusOf = async (url: string) => {
      const item = textOf((await admin.request({ url })).body)
        .split('<li class="staff-account">')
        .find((part) => part.includes(`<dd>${email}</dd>`));
      return /(?:Status|Katayuan)<\/dt><dd>([^<]*)<\/dd>/.exec(item ?? '')?.[1];
    };
    await admin.submitPageForm('/staff/accounts', [
      ['intent', 'add'],
      ['email', email],
      ['displayName', 'Returning Clerk'],
      ['roles', 'bac'],
      ['setPassword', 'link'],
    ]);
    expect(await statusOf('/staff/accounts')).toBe(
      'Active; waiting for its owner to set a password',
    );
    for (const intent of ['disable', 'enable']) {
      const changed = await admin.submitPageForm('/staff/accounts', [
        ['intent', intent],
        ['email', email],
      ]);
      expect(changed.statusCode).toBe(200);
    }
    expect(await statusOf('/staff/accounts')).toBe(
      'Active, but no password is set and its set-password link no longer works: reset its password to give a new one',
    );
    expect(await statusOf('/fil/staff/accounts')).toBe(
      'Aktibo, pero wala pang password at hindi na gumagana ang set-password link nito: i-reset ang password para makapagbigay ng bago',
    );
  });
});

describe('the staff home, accounts and set-password in Filipino, without JavaScript', () => {
  const testApp = useTestApp({ TRUST_PROXY: '1', SITE_URL });

  it('sends a visitor without a session to the Filipino sign-in', async () => {
    for (const url of ['/fil/staff', '/fil/staff/accounts']) {
      const response = await testApp.app.inject({ url });
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location).toBe('/fil/bac-login');
    }
  });

  it('shows the staff home in Filipino, linking to Filipino pages, and signs out to the Filipino sign-in', async () => {
    const { visitor } = await signedInStaff(testApp, 'pio@example.gov.ph', PASSWORD, [
      'information',
    ]);
    const home = await visitor.request({ url: '/fil/staff' });
    expect(home.statusCode).toBe(200);
    const html = textOf(home.body);
    expect(html).toContain('<html lang="fil"');
    expect(html).toContain('Ang magagawa ng iyong account');
    expect(html).toContain('Mag-post, mag-edit at magbawi ng mga balita.');
    expect(html).toContain('href="/fil/staff/news"');
    expect(html).not.toContain('What your account can do');

    const signedOut = await visitor.postForm('/fil/staff', {
      _csrf: csrfOf(home.body),
      intent: 'sign-out',
    });
    expect(signedOut.statusCode).toBe(303);
    expect(signedOut.headers.location).toBe('/fil/bac-login?signed-out');
    expect((await visitor.request({ url: '/api/session' })).json().user).toBeNull();
  });

  it('adds an account from /fil/staff/accounts with Filipino words, and its link opens the Filipino set-password page', async () => {
    const { visitor: admin } = await signedInStaff(testApp, 'admin@example.gov.ph', PASSWORD, [
      'admin',
    ]);
    const list = await admin.request({ url: '/fil/staff/accounts' });
    expect(list.statusCode).toBe(200);
    expect(textOf(list.body)).toContain('<html lang="fil"');
    expect(textOf(list.body)).toContain('Magdagdag ng account');
    // The page's own forms post back to its Filipino address (sign-out is the staff navigation's).
    const actions = [...list.body.matchAll(/<form ([^>]*)>/g)]
      .map((match) => match[1]!)
      .filter((attributes) => !attributes.includes('sign-out-form'))
      .map((attributes) => /action="([^"]*)"/.exec(attributes)?.[1]);
    expect(actions.length).toBeGreaterThan(3);
    expect(new Set(actions)).toEqual(new Set(['/fil/staff/accounts']));
    expect(textOf(list.body)).toContain('Tagapangasiwa (Admin: mga account ng kawani)');
    expect(textOf(list.body)).toMatch(
      /Huling pag-sign in<\/dt><dd>[A-Z][a-z]+ \d+, \d{4}, \d+:\d\d [AP]M \(oras sa Maynila\)/,
    );

    const refused = await admin.submitPageForm('/fil/staff/accounts', [
      ['intent', 'add'],
      ['email', 'not-an-address'],
      ['displayName', 'Kept Name'],
      ['setPassword', 'link'],
    ]);
    expect(refused.statusCode).toBe(400);
    expect(textOf(refused.body)).toContain('Hindi naidagdag ang account:');
    expect(textOf(refused.body)).toContain('Mga tungkulin: pumili ng kahit isang tungkulin.');
    expect(textOf(refused.body)).toContain('value="Kept Name"');

    const added = await admin.submitPageForm('/fil/staff/accounts', [
      ['intent', 'add'],
      ['email', 'kawani@example.gov.ph'],
      ['displayName', 'Kawani ng Bayan'],
      ['roles', 'information'],
      ['setPassword', 'link'],
    ]);
    expect(added.statusCode).toBe(200);
    const page = textOf(added.body);
    expect(page).toContain(
      'Naidagdag ang kawani@example.gov.ph na may mga tungkulin: Impormasyon (information).',
    );
    expect(page).toContain('Ang set-password link para sa kawani@example.gov.ph');
    // The link opens the page in the language the administrator was using.
    const link = new RegExp(`${SITE_URL}/fil/staff/set-password\\?token=([\\w-]{43})`).exec(page);
    expect(link).not.toBeNull();
    const url = `/fil/staff/set-password?token=${link![1]}`;

    const holder = new ApiVisitor(testApp.app);
    const form = textOf((await holder.request({ url })).body);
    expect(form).toContain('<html lang="fil"');
    expect(form).toContain('Piliin ang password para sa kawani@example.gov.ph.');
    expect(form).toContain('Ulitin ang bagong password');
    expect(form).toMatch(/<form [^>]*action="\/fil\/staff\/set-password\?token=/);
    const weak = await holder.submitPageForm(url, [
      ['token', link![1]!],
      ['password', 'kawani1234'],
      ['confirm', 'kawani1234'],
    ]);
    expect(weak.statusCode).toBe(400);
    expect(textOf(weak.body)).toContain(
      'Hindi tinanggap ang password: naglalaman ito ng e-mail address.',
    );
    const set = await holder.submitPageForm(url, [
      ['token', link![1]!],
      ['password', 'tag-ulan sa bulwagan ng bayan'],
      ['confirm', 'tag-ulan sa bulwagan ng bayan'],
    ]);
    expect(set.statusCode).toBe(303);
    expect(set.headers.location).toBe('/fil/bac-login?password-set');
    const used = await holder.request({ url });
    expect(used.statusCode).toBe(410);
    expect(textOf(used.body)).toContain('Nagamit na ang set-password link na ito.');
  });

  it('disables, enables and resets from /fil, and refuses the last administrator in Filipino', async () => {
    const admin = new ApiVisitor(testApp.app);
    await admin.signIn('admin@example.gov.ph', PASSWORD);
    const disabled = await admin.submitPageForm('/fil/staff/accounts', [
      ['intent', 'disable'],
      ['email', 'kawani@example.gov.ph'],
    ]);
    expect(textOf(disabled.body)).toContain(
      'Na-disable ang kawani@example.gov.ph; natapos na ang mga bukas na session nito.',
    );
    expect(textOf(disabled.body)).toContain('Naka-disable');
    const enabled = await admin.submitPageForm('/fil/staff/accounts', [
      ['intent', 'enable'],
      ['email', 'kawani@example.gov.ph'],
    ]);
    expect(textOf(enabled.body)).toContain('Na-enable ang kawani@example.gov.ph.');
    const roles = await admin.submitPageForm('/fil/staff/accounts', [
      ['intent', 'roles'],
      ['email', 'kawani@example.gov.ph'],
      ['roles', 'bac'],
    ]);
    expect(textOf(roles.body)).toContain(
      'Ang mga tungkulin na ngayon ng kawani@example.gov.ph: BAC.',
    );
    const reset = await admin.submitPageForm('/fil/staff/accounts', [
      ['intent', 'reset'],
      ['email', 'kawani@example.gov.ph'],
      ['setPassword', 'generated'],
    ]);
    expect(textOf(reset.body)).toContain('Ang bagong password para sa kawani@example.gov.ph');

    const lastAdmin = await admin.submitPageForm('/fil/staff/accounts', [
      ['intent', 'disable'],
      ['email', 'admin@example.gov.ph'],
    ]);
    expect(lastAdmin.statusCode).toBe(409);
    const refusal = textOf(lastAdmin.body);
    expect(refusal).toContain(
      'Ito ang huling aktibong tagapangasiwa (admin): ibigay muna sa ibang account ang tungkuling admin.',
    );
    expect(refusal).not.toContain(LAST_ADMIN_MESSAGE);
  });

  it('tells an account without the admin role why, in Filipino', async () => {
    const { visitor } = await signedInStaff(testApp, 'bac@example.gov.ph', PASSWORD, ['bac']);
    const page = await visitor.request({ url: '/fil/staff/accounts' });
    expect(page.statusCode).toBe(403);
    expect(textOf(page.body)).toContain('kailangan nito ang tungkuling Tagapangasiwa (Admin)');
  });
});

describe('the request log', () => {
  const logLines: string[] = [];
  const testApp = useTestApp(
    { LOG_LEVEL: 'info', TRUST_PROXY: '1', SITE_URL },
    { logStream: { write: (line) => logLines.push(line) } },
  );

  it('never holds a set-password link’s token', async () => {
    const token = 'A'.repeat(43);
    await testApp.app.inject({ url: `/staff/set-password?token=${token}` });
    await testApp.app.inject({ url: `/api/set-password?token=${token}` });
    const requests = logLines.filter((line) => line.includes('set-password'));
    expect(requests.length).toBeGreaterThanOrEqual(2);
    expect(requests.join('\n')).toContain('token=[redacted]');
    expect(logLines.join('\n')).not.toContain(token);
  });
});
