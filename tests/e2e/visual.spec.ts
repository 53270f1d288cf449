import { expect, test, type Page } from '@playwright/test';
import { addStaffAccount } from '../helpers/staff.ts';
import {
  completeSvpRecordId,
  startDemoServer,
  stopDemoServer,
  type DemoServer,
} from './demo-server.ts';

// Screenshots of the pages people see most, compared with the baselines committed beside
// this file (visual.spec.ts-snapshots/). A change of layout fails here before anyone has to
// look. The server is this spec's own (demo-server.ts); the browser's clock is fixed and
// paused (the frame's clock, the slideshow), and animations are off.
// Baselines are updated on purpose only: npm run test:browser -- tests/e2e/visual.spec.ts --update-snapshots

const STAFF = 'bac.visual@example.gov.ph';
const PASSWORD = 'granite-harbor-willow-81';
let demo: DemoServer | undefined;
let base: string;
/** A demo record with every field, its closing date long past: its page never changes with time. */
let recordPath: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  demo = await startDemoServer('visual');
  base = demo.base;
  await addStaffAccount(demo.dataDir, STAFF, PASSWORD);
  recordPath = `/bid-svp/${await completeSvpRecordId(demo.dataDir)}`;
});

test.afterAll(async () => {
  await stopDemoServer(demo);
});

/** Loads the page at a fixed time, hydrated, with every picture loaded (lazy ones too). */
async function settle(page: Page, url: string) {
  await page.clock.install({ time: new Date('2026-03-02T09:30:00+08:00') });
  await page.clock.pauseAt(new Date('2026-03-02T09:30:01+08:00'));
  await page.goto(`${base}${url}`);
  await expect(page.getByTestId('clock-time')).toBeVisible();
  await page.evaluate(async () => {
    const images = [...document.images];
    for (const image of images) image.loading = 'eager';
    await Promise.all(
      images.map((image) =>
        image.complete
          ? undefined
          : new Promise((resolve) => {
              image.addEventListener('load', resolve, { once: true });
              image.addEventListener('error', resolve, { once: true });
            }),
      ),
    );
  });
}

const pages: { name: string; url: () => string; staff?: boolean }[] = [
  { name: 'home', url: () => '/' },
  { name: 'list', url: () => '/bid-svp' },
  { name: 'record', url: () => recordPath },
  { name: 'staff-input', url: () => '/bac-input', staff: true },
];

for (const width of [360, 1280]) {
  for (const { name, url, staff } of pages) {
    test(`${name} at ${width} px looks as its baseline`, async ({ page }) => {
      test.setTimeout(60_000);
      await page.setViewportSize({ width, height: 800 });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      if (staff) {
        await page.goto(`${base}/bac-login`);
        await page.getByLabel('Username').fill(STAFF);
        await page.getByLabel('Password').fill(PASSWORD);
        await page.getByRole('button', { name: 'Login' }).click();
        await expect(page).not.toHaveURL(/bac-login/);
      }
      await settle(page, url());
      await expect(page).toHaveScreenshot(`${name}-${width}.png`, {
        fullPage: true,
        animations: 'disabled',
        caret: 'hide',
        maxDiffPixelRatio: 0.01,
        // A whole page at 1280 px takes more than the default 5 s on a busy test machine.
        timeout: 30_000,
        // The clock is frozen, but its text is the one thing here made from the time.
        mask: [page.getByTestId('clock-time')],
      });
    });
  }
}
