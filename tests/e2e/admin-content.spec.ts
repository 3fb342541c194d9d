import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import {
  closeToast,
  expect,
  newMember,
  signInAdminThroughApi,
  signUpThroughForm,
  test,
  toastNamed,
  todayKey,
  uniqueWord,
} from './fixtures.ts';

const DEMO_VIDEO = path.resolve('src/server/seed/demo-media/breathing-circle.mp4');

/** A real PNG, made on the spot: a calm sage field with a soft clay sun. */
async function makeThumbnail(): Promise<Buffer> {
  const sun = Buffer.from(
    '<svg width="960" height="540"><circle cx="640" cy="300" r="120" fill="#c9826b" opacity="0.85"/></svg>',
  );
  return sharp({ create: { width: 960, height: 540, channels: 3, background: '#8cc3b1' } })
    .composite([{ input: sun }])
    .png()
    .toBuffer();
}

/** Chooses a file through the uploader's button, as a person would with the system picker. */
async function chooseFile(
  page: Page,
  button: Locator,
  file: string | { name: string; mimeType: string; buffer: Buffer },
) {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles(file);
}

/** Another day of this month, a few days from today, so the calendar opens on both. */
function anotherDayThisMonth(now = new Date()): string {
  const day = now.getDate() <= 20 ? now.getDate() + 5 : now.getDate() - 5;
  return todayKey(new Date(now.getFullYear(), now.getMonth(), day));
}

test.describe('content management', () => {
  test('an admin creates a premium video with an uploaded thumbnail and file, schedules it, edits it and deletes it', async ({
    page,
    baseURL,
  }) => {
    const word = uniqueWord('moon');
    const title = `Moonrise Flow ${word}`;
    const today = todayKey();
    const otherDay = anotherDayThisMonth();
    await signInAdminThroughApi(page, baseURL!);

    await page.goto('/admin/content');
    await expect(page.getByRole('heading', { level: 1, name: 'Content Management' })).toBeVisible();
    await page.getByRole('button', { name: 'Create Content' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create New Content' });
    await expect(dialog).toBeVisible();

    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Description').fill(`A slow evening practice as the moon comes up. ${word}`);
    await dialog.getByLabel('Duration (seconds)').fill('754');
    await expect(dialog.getByText('Whole seconds (12:34).')).toBeVisible();
    await dialog.getByLabel('Intensity').selectOption('gentle');
    await dialog.getByLabel('Tags').fill('evening, flow, moon');
    await dialog.getByRole('switch', { name: 'Premium' }).click();
    await expect(dialog.getByRole('switch', { name: 'Premium' })).toHaveAttribute('aria-checked', 'true');

    // The thumbnail: a real PNG through the picker; the bar ends at 100 and the preview appears.
    const thumbnail = dialog.getByRole('group', { name: 'Thumbnail' });
    await chooseFile(page, thumbnail.getByRole('button', { name: 'Upload Image' }), {
      name: 'moonrise.png',
      mimeType: 'image/png',
      buffer: await makeThumbnail(),
    });
    await expect(thumbnail.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await closeToast(page, 'Image uploaded successfully');
    const preview = thumbnail.getByRole('img', { name: 'Thumbnail preview' });
    await expect(preview).toBeVisible();
    await expect(preview).toHaveAttribute('src', /^\/objects\/images\/[0-9a-f-]{36}-640\.webp$/);
    await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(640);
    await expect(thumbnail.getByRole('button', { name: 'Change Image' })).toBeVisible();

    // The video file itself, kept private and played through signed links.
    const media = dialog.getByRole('group', { name: 'Uploaded file' });
    await chooseFile(page, media.getByRole('button', { name: 'Upload File' }), DEMO_VIDEO);
    await expect(media.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await closeToast(page, 'Video uploaded successfully');
    await expect(media.getByText('breathing-circle.mp4').first()).toBeVisible();
    await expect(media.getByText('Video file')).toBeVisible();

    // Two days on the calendar; adding one twice keeps one.
    const dateInput = dialog.getByLabel('Calendar dates', { exact: true });
    for (const date of [today, otherDay, today]) {
      await dateInput.fill(date);
      await dialog.getByRole('button', { name: 'Add date' }).click();
    }
    await expect(dialog.getByRole('list', { name: 'Scheduled dates' }).getByRole('listitem')).toHaveCount(2);

    await dialog.getByRole('button', { name: 'Create Content' }).click();
    await expect(toastNamed(page, 'Content Created')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByRole('searchbox', { name: 'Search content' }).fill(word);
    const card = page.getByRole('article', { name: title });
    await expect(card).toBeVisible();
    await expect(card.getByText('Premium')).toBeVisible();
    await expect(card.getByText('Published')).toBeVisible();
    await expect(card.getByText('12:34')).toBeVisible();
    await expect(card.getByText('+1 more')).toBeVisible();
    await expect(card.getByText('2 calendar dates')).toBeVisible();
    await expect(card.locator('img')).toHaveAttribute('src', /-640\.webp$/);

    // It is in the library…
    await page.goto(`/library?search=${word}`);
    await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();

    // …and on the calendar, on both days.
    await page.goto('/calendar');
    await expect(page.getByRole('heading', { level: 1, name: 'Monthly Journey' })).toBeVisible();
    const todayButton = page.locator(`button[data-date="${today}"]`);
    await expect(todayButton).toHaveAccessibleName(/, \d+ items?$/);
    await todayButton.click();
    await expect(page.getByRole('main').getByRole('link', { name: title, exact: true })).toBeVisible();
    await page.locator(`button[data-date="${otherDay}"]`).click();
    await expect(page.getByRole('main').getByRole('link', { name: title, exact: true })).toBeVisible();

    // The admin renames it and keeps it as a draft for now.
    await page.goto('/admin/content');
    await page.getByRole('searchbox', { name: 'Search content' }).fill(word);
    // The filtered list replaces the first page, where this item is too: click once it has.
    await expect(page.getByRole('status').filter({ hasText: `1 item matching "${word}"` })).toBeVisible();
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Content' });
    await expect(editor.getByLabel('Title')).toHaveValue(title);
    await expect(
      editor.getByRole('group', { name: 'Thumbnail' }).getByRole('button', { name: 'Change Image' }),
    ).toBeVisible();
    await expect(editor.getByRole('group', { name: 'Uploaded file' }).getByText('Video file')).toBeVisible();
    const renamed = `Moonrise Flow, Longer ${word}`;
    await editor.getByLabel('Title').fill(renamed);
    await editor.getByRole('switch', { name: 'Published' }).click();
    await editor.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toastNamed(page, 'Content Updated')).toBeVisible();
    await expect(editor).toBeHidden();
    const renamedCard = page.getByRole('article', { name: renamed });
    await expect(renamedCard.getByText('Draft')).toBeVisible();
    await expect(renamedCard.getByText('2 calendar dates')).toBeVisible();

    // The saved item kept its uploaded file and thumbnail through the edit.
    const [saved] = (await (await page.request.get(`/api/videos?search=${word}`)).json()) as {
      title: string;
      videoFileUrl: string | null;
      thumbnailUrl: string | null;
      isPublished: boolean;
    }[];
    expect(saved).toMatchObject({ title: renamed, isPublished: false });
    expect(saved?.videoFileUrl).toMatch(/^\/objects\/media\/[0-9a-f-]{36}\.mp4$/);
    expect(saved?.thumbnailUrl).toMatch(/^\/objects\/images\/[0-9a-f-]{36}\.webp$/);

    // And finally deletes it.
    await renamedCard.getByRole('button', { name: `Delete ${renamed}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Content' });
    await expect(confirm).toContainText(
      `Are you sure you want to delete "${renamed}"? This action cannot be undone.`,
    );
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toastNamed(page, 'Content Deleted')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('No content found matching your search.')).toBeVisible();
  });

  test('a member opening /admin/content is told Access Denied', async ({ page }) => {
    await page.goto('/sign-up');
    await signUpThroughForm(page, newMember());
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/welcome (back|to stillpoint)/i);
    await page.goto('/admin/content');
    await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/welcome (back|to stillpoint)/i);
  });
});
