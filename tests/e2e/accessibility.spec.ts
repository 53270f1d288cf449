import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { loadContent } from '../../server/content/load.ts';
import { publicPaths } from '../../server/content/seo.ts';
import { pathInLang } from '../../shared/i18n/languages.ts';
import { recordKinds, type FieldSpec } from '../../shared/record-kinds.ts';
import { useMailServer } from './mail-server.ts';
import { insertListFixture } from './record-fixtures.ts';
import {
  chooseType,
  createStaffAccount,
  fillFields,
  sampleValues,
  signInThroughForm,
} from './staff.ts';
import { inEnglish } from '../../shared/i18n/localized-text.ts';

// Issue 32: what a keyboard and a careful eye find that axe does not.

/** Every public page of the sitemap, the sign-in page and the alerts page, in both languages. */
const everyPublicPage = [
  ...publicPaths(await loadContent(path.resolve('content'))),
  '/bac-login',
  '/alerts',
].flatMap((route) => [route, pathInLang(route, 'fil')]);

/** Whether the focused element is shown: rendered, and what is drawn at its centre is it or inside it. */
function focusedIsShown(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) return 'body';
    if (!element.checkVisibility()) return `hidden: ${element.outerHTML.slice(0, 80)}`;
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top && (element === top || element.contains(top) || top.contains(element))
      ? 'shown'
      : `covered: ${element.outerHTML.slice(0, 80)}`;
  });
}

test.describe('the open menu at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('a keyboard walk never leaves focus on a hidden element, and Escape and the overlay close it back onto Menu', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Pause slideshow' })).toBeVisible();
    const toggle = page.locator('.menu-toggle');
    await toggle.focus();
    await page.keyboard.press('Enter');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeVisible();
    // A sub-menu opened on the way, so its links are in the walk too.
    await nav.locator('summary', { hasText: 'For Residents' }).click();
    for (let step = 0; step < 40; step += 1) {
      await page.keyboard.press(step % 7 === 6 ? 'Shift+Tab' : 'Tab');
      expect(await focusedIsShown(page), `after ${step + 1} presses`).toBe('shown');
      expect(await page.evaluate(() => !!document.activeElement?.closest('.site-menu'))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(toggle).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(nav).toBeVisible();
    // The dimmed overlay to the right of the panel.
    await page.mouse.click(310, 600);
    await expect(nav).toBeHidden();
    await expect(toggle).toBeFocused();
  });
});

test.describe('focus never falls to the page', () => {
  test('the pager keeps focus on a control that still exists', async ({ page }) => {
    const kind = recordKinds[0]!;
    const fixture = await insertListFixture(kind);
    await page.goto(`${kind.route}?q=${fixture.marker}`);
    await expect(page.locator('form.record-search[data-enhanced]')).toBeAttached();
    const pager = page.getByRole('navigation', { name: 'Pages' });
    // Next on the second-to-last page: Next becomes a disabled button, focus goes to Prev.
    await pager.getByRole('link', { name: 'Next' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/page=2/);
    await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
    await expect(pager.getByRole('link', { name: 'Prev' })).toBeFocused();
    // Prev on page 2: focus goes to Next.
    await page.keyboard.press('Enter');
    await expect(pager.getByRole('button', { name: 'Prev' })).toBeDisabled();
    await expect(pager.getByRole('link', { name: 'Next' })).toBeFocused();
  });

  test.describe('on /bac-input', () => {
    test.use({ viewport: { width: 360, height: 640 } });

    test('Add with no type says what to do; a refused Add focuses its summary, whose links lead to the fields; Add focuses its outcome in view', async ({
      page,
    }) => {
      await signInThroughForm(page, await createStaffAccount());
      await expect(page).toHaveURL(/\/bac-input$/);
      await expect(page.getByRole('button', { name: 'Show the fields' })).toBeHidden();
      await page.getByRole('button', { name: 'Add' }).click();
      // The add form's message (the upload form above it has its own).
      const error = page.getByTestId('form-message-error').last();
      await expect(error).toContainText('Choose the type of record first');
      await expect(error).toBeFocused();
      await error.getByRole('link', { name: 'Type of record' }).click();
      await expect(page.getByLabel('Type of record')).toBeFocused();

      const kind = recordKinds.find((item) => item.value === 'svp')!;
      await chooseType(page, kind, true);
      // Required fields say so, not only optional ones.
      const first = kind.fields.find((field: FieldSpec) => !field.optional)!;
      await expect(
        page.getByLabel(inEnglish(first.label), { exact: true }),
      ).toHaveAccessibleDescription(/Required\./);
      await page.getByRole('button', { name: 'Add' }).click();
      await expect(error).toBeFocused();
      await expect(error).toBeInViewport();
      const link = error.getByRole('link', { name: inEnglish(first.label), exact: true });
      await link.click();
      await expect(page.getByLabel(inEnglish(first.label), { exact: true })).toBeFocused();

      const marker = `a11y${randomBytes(4).toString('hex')}`;
      await fillFields(page, sampleValues(kind, marker), kind);
      await page.getByRole('button', { name: 'Add' }).click();
      const success = page.getByTestId('form-message-success').last();
      await expect(success).toContainText('Add Successful');
      await expect(success).toBeFocused();
      await expect(success).toBeInViewport();
    });

    test('changing the type keeps what was typed in the fields both types share', async ({
      page,
    }) => {
      await signInThroughForm(page, await createStaffAccount());
      await expect(page).toHaveURL(/\/bac-input$/);
      const [from, to, shared] = (() => {
        for (const a of recordKinds) {
          for (const b of recordKinds) {
            if (a === b) continue;
            const common = a.fields.find(
              (field: FieldSpec) =>
                !field.choices &&
                field.type === 'text' &&
                b.fields.some(
                  (other) =>
                    other.name === field.name && inEnglish(other.label) === inEnglish(field.label),
                ),
            );
            if (common) return [a, b, common] as const;
          }
        }
        throw new Error('no two kinds share a text field');
      })();
      await chooseType(page, from, true);
      await page.getByLabel(inEnglish(shared.label), { exact: true }).fill('Kept across types');
      await chooseType(page, to, true);
      await expect(page.getByLabel(inEnglish(shared.label), { exact: true })).toHaveValue(
        'Kept across types',
      );
    });
  });

  test('/bac-login sent empty names the empty fields and links to them', async ({ page }) => {
    await page.goto('/bac-login');
    await page.getByRole('button', { name: 'Login' }).click();
    const alert = page.getByRole('alert');
    await expect(alert.locator('p')).toHaveText('Fill in your Username and Password.');
    await expect(alert).toBeFocused();
    await alert.getByRole('link', { name: 'Password' }).click();
    await expect(page.getByLabel('Password')).toBeFocused();
    await page.getByLabel('Username').fill('someone@example.org');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(alert.locator('p')).toHaveText('Fill in your Password.');
  });
});

test.describe('at 320 px wide', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('no public page scrolls sideways, in either language', async ({ page }) => {
    test.setTimeout(180_000);
    const wide: string[] = [];
    for (const route of everyPublicPage) {
      await page.goto(route);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      if (overflow > 0) wide.push(`${route} by ${overflow} px`);
    }
    expect(wide).toEqual([]);
  });
});

/** WCAG relative luminance contrast of two `rgb()` colours. */
function contrast(a: string, b: string): number {
  const luminance = (colour: string) => {
    const [r, g, b] = (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map((value) => {
      const channel = Number(value) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/**
 * The focused element's ring: its outer colour (the outline), the colour inside it (the
 * inner ring, or the element's background when there is none) and the opaque colour just
 * outside it, read from what is drawn there.
 */
function ringOfFocused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    const style = getComputedStyle(element);
    const opaque = (colour: string) => !/^rgba\(.*, 0\)$/.test(colour) && colour !== 'transparent';
    const backgroundAt = (x: number, y: number, skip: Element | null) => {
      for (const layer of document.elementsFromPoint(x, y)) {
        if (skip && (layer === skip || skip.contains(layer))) continue;
        const colour = getComputedStyle(layer).backgroundColor;
        if (opaque(colour)) return colour;
      }
      return 'rgb(255, 255, 255)';
    };
    const box = element.getBoundingClientRect();
    const offset = parseFloat(style.outlineOffset);
    const width = parseFloat(style.outlineWidth);
    const reach = Math.max(offset + width, 0) + 1;
    const y = box.top + box.height / 2;
    const x = box.left - reach >= 0 ? box.left - reach : box.right + reach;
    const inner = /rgba?\([^)]*\)/.exec(style.boxShadow)?.[0];
    // Inside the menu the ring is drawn within the item: what lies outside it is the item's own background.
    const outside =
      offset < 0 ? backgroundAt(box.left + box.width / 2, y, null) : backgroundAt(x, y, element);
    const clipper = element.closest('.sidebar');
    const clipped = clipper
      ? (() => {
          const edge = clipper.getBoundingClientRect();
          const grow = Math.max(offset + width, 0);
          return box.left - grow < edge.left || box.right + grow > edge.right;
        })()
      : false;
    return {
      name: element.outerHTML.slice(0, 60),
      outline: style.outlineColor,
      outlineStyle: style.outlineStyle,
      inner: inner ?? backgroundAt(box.left + 1, y, null),
      outside,
      clipped,
    };
  });
}

test.describe('the focus ring', () => {
  for (const viewport of [
    { width: 360, height: 740 },
    { width: 1280, height: 800 },
  ]) {
    test(`stands out 3:1 against every colour beside it at ${viewport.width} px, menu included`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto('/');
      await expect(page.getByRole('button', { name: 'Pause slideshow' })).toBeVisible();
      // The warning and danger banners, as an advisory shows them, with a link to focus.
      await page.evaluate(() => {
        const banners = document.createElement('div');
        banners.innerHTML =
          '<p class="advisory advisory-warning"><a href="#w">Warning link</a></p>' +
          '<p class="advisory advisory-danger"><a href="#d">Danger link</a></p>';
        document.querySelector('.site-header')?.before(banners);
      });
      const checked: string[] = [];
      const check = async () => {
        const ring = await ringOfFocused(page);
        expect(ring.outlineStyle, ring.name).toBe('solid');
        expect(
          contrast(ring.outline, ring.outside),
          `${ring.name} against its background`,
        ).toBeGreaterThanOrEqual(3);
        expect(
          contrast(ring.outline, ring.inner),
          `${ring.name} against its inner ring`,
        ).toBeGreaterThanOrEqual(3);
        expect(ring.clipped, `${ring.name} cut by the menu`).toBe(false);
        checked.push(ring.name);
      };
      await page.keyboard.press('Tab');
      for (let step = 0; step < 25; step += 1) {
        await check();
        await page.keyboard.press('Tab');
      }
      // The footer, on the dark blue.
      await page.getByRole('link', { name: 'Accessibility statement' }).focus();
      await check();
      // Inside the open menu, on white.
      await page.locator('.menu-toggle').focus();
      await page.keyboard.press('Enter');
      for (let step = 0; step < 6; step += 1) {
        await check();
        await page.keyboard.press('Tab');
      }
      expect(checked.join('\n')).toContain('Warning link');
      expect(checked.join('\n')).toContain('Danger link');
    });
  }
});

test.describe('names', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the header's charter link at 360 px is named by the charter, and the video by its title", async ({
    page,
  }) => {
    await page.goto('/');
    const charter = page.locator('.site-header .charter-link');
    await expect(charter).toHaveAccessibleName("Citizen's Charter 2025 (PDF download)");
    await expect(page.locator('video')).toHaveAccessibleName(/\S/);
  });
});

test.describe('language of parts', () => {
  test('Filipino text on English pages and English text on Filipino pages carry their own lang', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(
      page.locator('[lang="fil"]', { hasText: 'Mga minamahal kong kababayan' }),
    ).toHaveCount(1);
    await expect(
      page.locator('footer [lang="fil"]', { hasText: 'Bayan ng Masaganang Ani' }),
    ).toHaveCount(1);
    await page.goto('/news');
    await expect(page.locator('h2 [lang="fil"]', { hasText: 'Pista ng Ani 2025' })).toHaveCount(1);
    await page.goto('/view-news/1');
    await expect(page.locator('h1')).toHaveAttribute('lang', 'fil');

    await page.goto('/fil');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fil');
    // The mayor's message has its own Filipino (content/mayor-message.fil.md): no English
    // part of it is left to mark.
    await expect(page.locator('.prose', { hasText: 'This website is our promise' })).toHaveCount(0);
    await page.goto('/fil/news');
    await expect(
      page.locator('h2 [lang="en"]', { hasText: 'Dalig–Tubigan farm-to-market road' }),
    ).toHaveCount(1);
    // A demonstration record's English title in a Filipino list.
    const kind = recordKinds[0]!;
    await page.goto(`${pathInLang(kind.route, 'fil')}?q=Supply`);
    await expect(
      page.locator('.record-table td [lang="en"]', { hasText: 'Supply' }).first(),
    ).toBeAttached();
  });
});

test.describe('the accessibility statement', () => {
  for (const lang of ['en', 'fil'] as const) {
    test(`is linked from every footer and says what it must (${lang})`, async ({ page }) => {
      await page.goto(pathInLang('/history', lang));
      await page
        .locator('footer')
        .getByRole('link', {
          name: lang === 'en' ? 'Accessibility statement' : 'Pahayag sa accessibility',
        })
        .click();
      await expect(page).toHaveURL(new RegExp(`${pathInLang('/accessibility', lang)}$`));
      const main = page.locator('main');
      await expect(main).toContainText('WCAG) 2.2');
      await expect(main.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/);
      await expect(main.getByRole('heading', { level: 2 })).toHaveCount(4);
      await expect(
        main.getByRole('link', { name: 'mayor@sanisidrodelmonte.gov.ph' }),
      ).toHaveAttribute('href', 'mailto:mayor@sanisidrodelmonte.gov.ph');
    });
  }
});

// The shared e2e server runs without SMTP_URL, so it hides the alert forms: as alerts.spec.ts,
// these tests start their own server with mail on.
test.describe('/alerts sent back with a problem', () => {
  const site = useMailServer('municipal-e2e-a11y-alerts-');

  test('titles the error, focuses a summary linking to the fields, keeps the address and ticks no list', async ({
    page,
  }) => {
    await page.goto(`${site.base}/alerts`);
    const form = page.locator('form.alert-form');
    await form.getByLabel('E-mail address').fill('resident@example.org');
    for (const box of await form.getByRole('checkbox', { checked: true }).all()) {
      await box.uncheck();
    }
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(/problem=lists/);
    await expect(page).toHaveTitle(/^Error: /);
    const summary = page.locator('.alert-summary');
    await expect(summary).toBeFocused();
    await expect(form.getByLabel('E-mail address')).toHaveValue('resident@example.org');
    await expect(form.getByRole('checkbox', { checked: true })).toHaveCount(0);
    await summary.getByRole('link').first().click();
    await expect(form.getByRole('checkbox').first()).toBeFocused();
  });
});
