import { expect, test, type Locator, type Page } from '@playwright/test';
import { databasePath } from '../../db/connection.ts';
import { openMigratedDatabase } from '../../db/database-startup.ts';
import { createStaff, recordSignIn } from '../../db/staff-accounts/staff-accounts.ts';
import { hashPassword } from '../../server/auth/password-hash.ts';
import type { StaffRole } from '../../shared/staff-roles.ts';
import {
  completeSvpRecordId,
  startDemoServer,
  stopDemoServer,
  type DemoServer,
} from './demo-server.ts';

// The screenshots docs/staff-guide.md shows, taken here so the guide shows the pages as they
// are: the baselines ARE the guide's pictures (docs/images/, see the staff-guide project in
// playwright.config.ts), and a change of a staff page that makes them wrong fails here.
// The server is this spec's own, on a fresh data folder with only the demo records and four
// accounts with fixed names, so nothing another spec posts appears; the browser's clock is
// fixed, animations are off, and what the server makes from its own time is set to fixed
// values (the accounts' last sign-in, the advisory form's start).
// After a change of look made on purpose:
//   npm run test:browser -- tests/e2e/staff-guide.spec.ts --update-snapshots
// then look at each picture in docs/images/ and commit them with the change.

process.env.ARGON2_TEST_COST = 'low';

const PASSWORD = 'granite-harbor-willow-81';
const ACCOUNTS = {
  bac: { email: 'bac@sanisidro.example', displayName: 'BAC Secretariat', roles: ['bac'] },
  information: {
    email: 'information@sanisidro.example',
    displayName: 'Information Officer',
    roles: ['information'],
  },
  transparency: {
    email: 'transparency@sanisidro.example',
    displayName: 'Transparency Officer',
    roles: ['transparency'],
  },
  admin: { email: 'admin@sanisidro.example', displayName: 'IT Administrator', roles: ['admin'] },
} satisfies Record<string, { email: string; displayName: string; roles: StaffRole[] }>;

let demo: DemoServer | undefined;
let base: string;
/** A demo SVP record with every field, its closing date long past: the Edit form never changes with time. */
let svpId: number;
/** Each account's id, by its key in ACCOUNTS. */
const accountIds = new Map<string, number>();

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  demo = await startDemoServer('staff-guide');
  base = demo.base;
  const database = await openMigratedDatabase(databasePath(demo.dataDir));
  try {
    for (const [key, account] of Object.entries(ACCOUNTS)) {
      const created = await createStaff(database, {
        ...account,
        passwordHash: await hashPassword(PASSWORD),
      });
      accountIds.set(key, created.id);
    }
  } finally {
    await database.close();
  }
  svpId = await completeSvpRecordId(demo.dataDir);
});

test.afterAll(async () => {
  await stopDemoServer(demo);
});

test.beforeEach(async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.clock.install({ time: new Date('2026-03-02T09:30:00+08:00') });
  await page.clock.pauseAt(new Date('2026-03-02T09:30:01+08:00'));
});

async function signIn(page: Page, account: keyof typeof ACCOUNTS) {
  await page.goto(`${base}/bac-login`);
  await page.getByLabel('Username').fill(ACCOUNTS[account].email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).not.toHaveURL(/bac-login/);
}

/** Opens a staff page and waits until it is hydrated (the frame's clock shows once it is). */
async function open(page: Page, url: string) {
  await page.goto(`${base}${url}`);
  await expect(page.getByTestId('clock-time')).toBeVisible();
}

const PICTURE_OPTIONS = {
  animations: 'disabled',
  caret: 'hide',
  maxDiffPixelRatio: 0.01,
  // A tall picture on a busy test machine takes more than the default 5 s.
  timeout: 30_000,
} as const;

/** No focus ring or selected text on the field typed in last: the pictures show the forms at rest. */
const blur = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

/** Compares `target` with the guide's picture `name` (docs/images/<name>). */
async function guidePicture(target: Locator, name: string) {
  await blur(target.page());
  await expect(target).toHaveScreenshot(name, PICTURE_OPTIONS);
}

/** Compares the staff card from its top down to the bottom of `last` with the guide's picture `name`. */
async function picturedDownTo(page: Page, last: Locator, name: string) {
  await blur(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  const card = await page.locator('.staff-card').boundingBox();
  const end = await last.boundingBox();
  if (!card || !end) throw new Error(`${name}: what it shows is not on the page`);
  await expect(page).toHaveScreenshot(name, {
    ...PICTURE_OPTIONS,
    fullPage: true,
    clip: { x: card.x, y: card.y, width: card.width, height: end.y + end.height + 20 - card.y },
  });
}

test('BAC secretariat: adding a record on /bac-input', async ({ page }) => {
  await signIn(page, 'bac');
  await expect(page).toHaveURL(/\/bac-input$/);
  await open(page, '/bac-input?type=svp');
  await page.getByLabel('Pr Number', { exact: true }).fill('PR-2026-03-014');
  await page
    .getByLabel('Project Title', { exact: true })
    .fill('Supply and delivery of school chairs for San Roque Elementary School');
  await page.getByLabel('Approved Budget for the Contract (ABC)').fill('1,250,000.00');
  await picturedDownTo(
    page,
    page.getByRole('button', { name: 'Add', exact: true }),
    'staff-records-add.png',
  );
});

test('BAC secretariat: correcting a record', async ({ page }) => {
  await signIn(page, 'bac');
  await open(page, `/bac-input?collection=svp&edit=${svpId}#change-record`);
  await page.getByLabel('Reason').fill('The approved budget was typed with one zero too many.');
  await guidePicture(page.locator('#change-record'), 'staff-records-edit.png');
});

test('information officer: news on /staff/news', async ({ page }) => {
  await signIn(page, 'information');
  await open(page, '/staff/news');
  await guidePicture(page.locator('.staff-card'), 'staff-news.png');
});

test('information officer: advisories on /staff/advisories', async ({ page }) => {
  await signIn(page, 'information');
  await open(page, '/staff/advisories');
  // An example filled in, and not posted: its start replaces the server's time now.
  await page.getByLabel('Severity').selectOption('warning');
  await page
    .getByLabel('Title', { exact: true })
    .fill('No classes this afternoon in all public schools');
  await page
    .getByLabel('Text', { exact: true })
    .fill('Classes from 1:00 PM are suspended because of heavy rain. Offices stay open.');
  await page.getByLabel('Start', { exact: true }).fill('2026-03-02T12:00');
  await page.getByLabel('End', { exact: true }).fill('2026-03-02T18:00');
  await guidePicture(page.locator('.staff-card'), 'staff-advisories.png');
});

test('transparency officer: Full Disclosure on /staff/full-disclosure', async ({ page }) => {
  await signIn(page, 'transparency');
  // A past year, so no document's state changes with time (the form's year is the one shown).
  await open(page, '/staff/full-disclosure?year=2025');
  await guidePicture(page.locator('.staff-card'), 'staff-full-disclosure.png');
});

test('administrator: staff accounts on /staff/accounts', async ({ page }) => {
  await signIn(page, 'admin');
  // Each account's last sign-in is the server's time when it signed in: fixed ones instead.
  const database = await openMigratedDatabase(databasePath(demo!.dataDir));
  try {
    for (const [index, id] of [...accountIds.values()].entries()) {
      await recordSignIn(database, id, new Date(Date.UTC(2026, 2, 2, 0, 15 + 7 * index)));
    }
  } finally {
    await database.close();
  }
  await open(page, '/staff/accounts');
  // The form and the first two accounts: the others look the same.
  await picturedDownTo(page, page.locator('.staff-account').nth(1), 'staff-accounts.png');
});
