import type { Page } from '@playwright/test';
import { expect, newMember, seriousAccessibilityViolations, test } from './fixtures.ts';

/**
 * Stillpoint in the member's language (docs/translating.md): the server answers a visitor in the
 * language their browser asks for, the footer and Settings switch it, a member's choice follows
 * their account, and the pseudo-locales render the translated screens without overflow, mirrored
 * right to left.
 */

/** Whether the page is wider than the window (text that cannot wrap, a layout that does not mirror). */
const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);

/**
 * Lines of the page that still read as plain English under a pseudo-locale: every translated word
 * there carries accents. The site's own name and the languages' own names are not translated.
 */
async function untranslatedLines(page: Page): Promise<string[]> {
  const text = await page.locator('body').innerText();
  return (
    text
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => /[A-Za-z]{3,}/.test(line))
      .filter((line) => !/[À-ɏḀ-ỿ]/.test(line))
      // The footer's year appears once the app runs (site-footer.tsx).
      .filter((line) => !/^(©\s*(\d{4}\s*)?)?Stillpoint$|^(English|Español|Deutsch)$/.test(line))
  );
}

test.describe('languages', () => {
  test.use({ locale: 'de-DE' });

  test('a visitor whose browser asks for German gets the landing page in German, and can choose Spanish', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Finde zurück zu deinem stillen Punkt');
    await expect(page.getByRole('link', { name: 'Loslegen' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Fußzeile' })).toBeVisible();

    const language = page.getByLabel('Sprache');
    await language.selectOption({ label: 'Español' });
    await expect(page.getByRole('link', { name: 'Empezar' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    // The choice stays with the device: the server draws the next visit in Spanish.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vuelve a tu punto de calma');
    await expect(page.getByRole('link', { name: 'Explorar la biblioteca' })).toBeVisible();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  test("a member's language is stored on their account and follows them to another device", async ({
    page,
    browser,
  }) => {
    // Signed up from a German browser, on the German form: the account speaks German until the
    // member says otherwise.
    const member = newMember();
    await page.goto('/sign-up');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.getByLabel('Vorname').fill(member.firstName);
    await page.getByLabel('Nachname').fill(member.lastName);
    await page.getByLabel('E-Mail', { exact: true }).fill(member.email);
    await page.getByLabel('Passwort', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Konto erstellen' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Willkommen bei Stillpoint');
    await page.goto('/settings');
    const card = page.getByRole('region', { name: 'Sprache' });
    await card.getByRole('combobox', { name: 'Sprache' }).selectOption({ label: 'Español' });
    await expect(page.getByRole('region', { name: 'Idioma' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('link', { name: 'Saltar al contenido' })).toBeAttached();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Another device, whose browser asks for English: once signed in, the account's Spanish wins.
    const other = await browser.newContext({ locale: 'en-US' });
    const phone = await other.newPage();
    await phone.goto('/sign-in');
    await phone.getByLabel('Email').fill(member.email);
    await phone.getByLabel('Password', { exact: true }).fill(member.password);
    await phone.getByRole('button', { name: 'Sign in' }).click();
    await expect(phone.locator('html')).toHaveAttribute('lang', 'es');
    await expect(phone.getByRole('link', { name: 'Biblioteca' }).first()).toBeVisible();
    await other.close();
  });

  for (const locale of ['en-XA', 'ar-XB'] as const) {
    test(`the translated screens in the ${locale} pseudo-locale: no overflow at 390 and 1280 px, nothing untranslated`, async ({
      page,
      context,
      baseURL,
    }) => {
      await context.addCookies([{ name: 'stillpoint-locale', value: locale, url: baseURL! }]);
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar-XB' ? 'rtl' : 'ltr');
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await expect(page.getByRole('heading', { level: 1 })).toContainText('śţĩĺĺ');
        expect(await overflowsSideways(page), `${locale} at ${width} px`).toBe(false);
        expect(await untranslatedLines(page), `${locale} at ${width} px`).toEqual([]);
        await page.screenshot({ path: `.tmp/landing-${locale}-${width}.png`, fullPage: true });
      }
      if (locale === 'ar-XB') {
        // Mirrored: the header's mark sits at the right, the sign-in button at the left.
        const header = page.getByRole('banner');
        const mark = await header.getByRole('link').first().boundingBox();
        const signIn = await header.getByRole('link', { name: /Śĩĝń/ }).boundingBox();
        expect(mark!.x).toBeGreaterThan(signIn!.x);
      }
    });
  }

  test("a member's screens in the right-to-left pseudo-locale: mirrored, nothing wider than the window", async ({
    page,
    context,
    baseURL,
  }) => {
    // Signed up in English, then the device is switched to the right-to-left pseudo-locale.
    await context.addCookies([{ name: 'stillpoint-locale', value: 'en', url: baseURL! }]);
    const member = newMember();
    await page.goto('/sign-up');
    await page.getByLabel('First name').fill(member.firstName);
    await page.getByLabel('Last name').fill(member.lastName);
    await page.getByLabel('Email', { exact: true }).fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome to Stillpoint');
    await context.addCookies([{ name: 'stillpoint-locale', value: 'ar-XB', url: baseURL! }]);
    for (const path of ['/', '/library', '/practice', '/timer', '/settings', '/account']) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      // The account page's heading is the member's own name; every other heading is the product's.
      if (path !== '/account') {
        await expect(page.getByRole('heading', { level: 1 })).toContainText(/[À-ɏḀ-ỿ]/);
      }
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        expect(await overflowsSideways(page), `${path} at ${width} px`).toBe(false);
      }
    }
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/[À-ɏḀ-ỿ]/);
    await page.screenshot({ path: '.tmp/home-ar-XB-390.png' });
  });

  test("the admin's screens in the pseudo-locales: translated headings, nothing wider than the window", async ({
    adminPage: page,
    context,
    baseURL,
  }) => {
    const screens = [
      '/admin',
      '/admin/content',
      '/admin/announcements',
      '/admin/forums',
      '/admin/playlists',
      '/admin/analytics',
      '/admin/users',
      '/admin/members',
      '/admin/moderation',
      '/admin/newsletters',
      '/admin/offers',
      '/admin/settings',
    ];
    for (const locale of ['en-XA', 'ar-XB'] as const) {
      await context.addCookies([{ name: 'stillpoint-locale', value: locale, url: baseURL! }]);
      // The longer pseudo-locale on every screen; the mirrored one on the busiest two.
      for (const path of locale === 'en-XA' ? screens : ['/admin', '/admin/content']) {
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar-XB' ? 'rtl' : 'ltr');
        await expect(page.getByRole('heading', { level: 1 }), path).toContainText(/[À-ɏḀ-ỿ]/);
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: 900 });
          expect(await overflowsSideways(page), `${path} in ${locale} at ${width} px`).toBe(false);
        }
      }
    }
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto('/admin/content');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/[À-ɏḀ-ỿ]/);
    await page.screenshot({ path: '.tmp/admin-content-ar-XB-390.png', fullPage: true });
  });
});
