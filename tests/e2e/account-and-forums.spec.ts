import fs from 'node:fs/promises';
import {
  closeToast,
  createContent,
  expect,
  newMember,
  seriousAccessibilityViolations,
  signInAdminThroughApi,
  signUpThroughForm,
  test,
  uniqueWord,
} from './fixtures.ts';

test.describe('account', () => {
  test('a member renames themselves, downloads their data, deletes their account and cannot sign in again', async ({
    page,
  }) => {
    const member = newMember();
    await page.goto('/sign-up');
    await signUpThroughForm(page, member);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/welcome (back|to stillpoint)/i);

    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 1, name: 'Juniper Moss' })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Subscription' }).getByText('Free membership'),
    ).toBeVisible();
    await expect(page.getByText('No favorites yet')).toBeVisible();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // The profile: a new first name, seen at once in the header menu.
    await page.getByRole('button', { name: 'Edit profile' }).click();
    const form = page.getByRole('form', { name: 'Edit profile' });
    await form.getByLabel('First name').fill('Juno');
    await form.getByRole('button', { name: 'Save profile' }).click();
    await closeToast(page, 'Profile Updated');
    await expect(page.getByRole('heading', { level: 1, name: 'Juno Moss' })).toBeVisible();
    await page.getByRole('button', { name: /account menu/i }).click();
    await expect(page.getByRole('menu').getByText('Juno Moss')).toBeVisible();
    await page.keyboard.press('Escape');

    // The data export: a JSON file that holds the member's e-mail.
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download my data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^stillpoint-export-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await fs.readFile((await download.path())!, 'utf8'));
    expect(exported.account.email).toBe(member.email);
    expect(exported.account.firstName).toBe('Juno');

    // Deleting: the wrong password is refused, the right one says goodbye and signs out.
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await expect(dialog).toContainText('Deleted member');
    await dialog.getByLabel('Password', { exact: true }).fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog.getByText('That is not your password')).toBeVisible();
    await dialog.getByLabel('Password', { exact: true }).fill(member.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Goodbye, for now' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
    await expect(page.getByRole('link', { name: 'Start Now for Free' })).toBeVisible();
    await expect(page.getByRole('button', { name: /account menu/i })).toHaveCount(0);

    await page.goto('/sign-in');
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').filter({ hasText: /invalid email or password/i })).toBeVisible();
    await expect(page).toHaveURL(/\/sign-in/);
  });
});

test.describe('forum management', () => {
  test('an admin creates a premium forum, sees it on /community, edits it and deletes it', async ({
    page,
    baseURL,
  }) => {
    const word = uniqueWord('dusk');
    const title = `Evening Circle ${word}`;
    const slug = `evening-circle-${word}`;
    await signInAdminThroughApi(page, baseURL!);

    await page.goto('/admin/forums');
    await expect(page.getByRole('heading', { level: 1, name: 'Forum Management' })).toBeVisible();
    await page.getByRole('button', { name: 'Create Forum' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create New Forum' });
    // The form is taller than the screen; its buttons stay in view at the dialog's foot.
    await expect(dialog.getByRole('button', { name: 'Create Forum' })).toBeInViewport();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInViewport();
    await dialog.getByLabel('Title').fill(title);
    await expect(dialog.getByLabel('Slug')).toHaveValue(slug);
    await expect(dialog.getByText(`/community/${slug}`)).toBeVisible();
    await dialog.getByLabel('Description').fill(`Quiet talk at the end of the day. ${word}`);
    await dialog.getByLabel('Category').selectOption('support');
    // A field focused on an error, low in the form, scrolls with its message clear of the pinned buttons.
    const language = dialog.getByLabel('Language');
    await language.fill('not a language');
    await dialog.evaluate((box) => box.scrollTo(0, 0));
    await dialog.getByRole('button', { name: 'Create Forum' }).click();
    await expect(language).toBeFocused();
    const clearance = async () => {
      const footTop = Math.min(
        ...(await Promise.all(
          ['Create Forum', 'Cancel'].map(
            // The foot's top edge: 16 px of padding above its buttons.
            async (name) => (await dialog.getByRole('button', { name }).boundingBox())!.y - 16,
          ),
        )),
      );
      const message = (await dialog.getByText('Language must be a language tag').boundingBox())!;
      return footTop - (message.y + message.height);
    };
    await expect.poll(clearance).toBeGreaterThanOrEqual(0);
    await language.fill('');
    await dialog.getByRole('switch', { name: 'Premium' }).click();
    await dialog.getByRole('button', { name: 'Create Forum' }).click();
    await closeToast(page, 'Forum Created');
    await expect(dialog).toBeHidden();

    await page.getByPlaceholder('Search forums...').fill(word);
    const card = page.getByRole('article', { name: new RegExp(title) });
    await expect(card).toBeVisible();
    await expect(card.getByText('Premium', { exact: true })).toBeVisible();
    await expect(card.getByText('Support')).toBeVisible();
    await expect(card.getByText(`/community/${slug}`)).toBeVisible();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.goto('/community');
    const listed = page.getByRole('link', { name: new RegExp(title) });
    await expect(listed).toBeVisible();
    await expect(listed.getByText('Premium')).toBeVisible();

    await page.goto('/admin/forums');
    await page.getByPlaceholder('Search forums...').fill(word);
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Forum' });
    await edit.getByLabel('Title').fill(`${title} Gathering`);
    await expect(edit.getByLabel('Slug')).toHaveValue(slug);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await closeToast(page, 'Forum Updated');
    await expect(page.getByRole('article', { name: new RegExp(`${title} Gathering`) })).toBeVisible();

    await page.getByRole('button', { name: `Delete ${title} Gathering` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Forum' });
    await expect(confirm).toContainText(
      'Are you sure you want to delete this forum? This action cannot be undone.',
    );
    await expect(confirm).toContainText('0 posts');
    await confirm.getByRole('button', { name: 'Delete Forum' }).click();
    await closeToast(page, 'Forum Deleted');
    await expect(page.getByRole('article', { name: new RegExp(title) })).toHaveCount(0);
    await expect(
      page.getByText(/No forums found matching your criteria\.|No forums available\. Create your first/),
    ).toBeVisible();
  });
});

test.describe('playlist management', () => {
  test('an admin builds a two-item playlist and opens it at /playlists/{slug}', async ({ page, baseURL }) => {
    const word = uniqueWord('pair');
    await signInAdminThroughApi(page, baseURL!);
    const first = await createContent(page, baseURL!, {
      title: `Settle In ${word}`,
      description: `A first breath. ${word}`,
      type: 'post',
    });
    const second = await createContent(page, baseURL!, {
      title: `Open Sky ${word}`,
      description: `A wider view. ${word}`,
      type: 'post',
    });

    await page.goto('/admin/playlists');
    await expect(page.getByRole('heading', { level: 1, name: 'Playlists' })).toBeVisible();
    await page.getByRole('button', { name: 'Create Playlist' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create New Playlist' });
    await dialog.getByLabel('Title').fill(`Quiet Pair ${word}`);
    await expect(dialog.getByLabel('Slug')).toHaveValue(`quiet-pair-${word}`);
    await dialog.getByRole('button', { name: 'Create Playlist' }).click();
    await closeToast(page, 'Playlist Created');
    await expect(page.getByRole('heading', { level: 1, name: `Quiet Pair ${word}` })).toBeVisible();

    const picker = page.getByRole('region', { name: 'Add from the library' });
    await picker.getByLabel('Search the library').fill(word);
    // The previous results stay on screen, dimmed, until the search answers; pick from the answer.
    await expect(picker.getByRole('list', { name: 'Library results' }).getByRole('listitem')).toHaveCount(2);
    await expect(picker.getByRole('list', { name: 'Library results' })).not.toHaveAttribute(
      'aria-busy',
      'true',
    );
    await picker.getByRole('button', { name: `Add ${first.title}` }).click();
    await picker.getByRole('button', { name: `Add ${second.title}` }).click();
    const items = page.getByRole('list', { name: 'Playlist items' });
    await items.getByRole('button', { name: `Move ${second.title} up` }).click();
    await expect(items.getByRole('listitem').first()).toContainText(second.title);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save items' }).click();
    await closeToast(page, 'Playlist Saved');
    await expect(page.getByText('2 items, all saved')).toBeVisible();

    await page.getByRole('link', { name: 'View playlist' }).click();
    await expect(page).toHaveURL(new RegExp(`/playlists/quiet-pair-${word}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Quiet Pair ${word}` })).toBeVisible();
    const titles = page.getByRole('heading', { name: new RegExp(word) }).filter({ hasNotText: 'Quiet Pair' });
    await expect(titles).toHaveText([second.title, first.title]);
  });
});
