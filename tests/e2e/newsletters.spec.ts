import {
  expect,
  newMember,
  openBrowserAs,
  seriousAccessibilityViolations,
  signUpThroughApi,
  signUpThroughForm,
  test,
  uniqueWord,
  withDatabase,
} from './fixtures.ts';

test.describe('newsletters', () => {
  test('a member opts in at sign-up, the admin writes and sends a newsletter, the member reads it in the app', async ({
    adminApi,
    page,
    browser,
  }) => {
    // The member ticks the newsletter box at sign-up (it starts unchecked).
    const member = newMember();
    await page.goto('/sign-up');
    const box = page.getByRole('checkbox', { name: /newsletters by e-mail/ });
    await expect(box).not.toBeChecked();
    await box.check();
    await signUpThroughForm(page, member);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/welcome (back|to stillpoint)/i);

    const word = uniqueWord('lantern');
    const subject = `Winter light ${word}`;
    const admin = await openBrowserAs(browser, { storageState: await adminApi.storageState() });
    const adminPage = admin.page;
    await adminPage.goto('/admin/newsletters');
    await expect(adminPage.getByRole('heading', { level: 1, name: 'Newsletters' })).toBeVisible();
    await adminPage.getByLabel('Subject').fill(subject);
    await adminPage.getByLabel('Audience').selectOption('all');
    await adminPage
      .getByLabel('Message')
      .fill(`Sit **gently** tonight.\n\n- Breathe in\n- Breathe out\n\n${word}`);
    // The live preview: the e-mail's HTML in a frame, and its plain text.
    const preview = adminPage.getByRole('region', { name: 'Preview' });
    await expect(preview.locator('pre')).toContainText('Sit gently tonight.');
    const email = adminPage.frameLocator('iframe[title="E-mail preview"]');
    await expect(email.locator('strong')).toHaveText('gently');
    await expect(email.getByRole('link', { name: 'Unsubscribe' })).toBeVisible();
    expect(
      await seriousAccessibilityViolations(adminPage, { singlePageRunner: true }),
      'axe on the newsletter editor',
    ).toEqual([]);
    await adminPage.screenshot({
      path: `.tmp/shots/newsletter-editor-${test.info().project.name}.png`,
      fullPage: true,
    });

    await adminPage.getByRole('button', { name: 'Send test to me' }).click();
    await expect(
      adminPage.getByRole('status').filter({ hasText: 'A test copy is on its way' }),
    ).toBeVisible();
    await adminPage.getByRole('button', { name: 'Send now' }).click();
    await adminPage.getByRole('button', { name: 'Yes, send now' }).click();
    await expect(adminPage.getByText('Sending has started. The figures below follow it.')).toBeVisible();
    const card = adminPage.getByRole('article', { name: subject });
    await expect(card.getByText(/^(Sending|Sent) ·/)).toBeVisible();
    await expect(card.getByText('Recipients')).toBeVisible();
    // Fresh page: the figures as an admin opening the screen sees them.
    await adminPage.reload();
    await expect(adminPage.getByRole('article', { name: subject }).getByText('Recipients')).toBeVisible();
    expect(
      await seriousAccessibilityViolations(adminPage, { singlePageRunner: true }),
      'axe on the sent newsletter',
    ).toEqual([]);
    await admin.context.close();

    // The member finds it from Settings and reads it.
    await page.goto('/settings');
    await expect(page.getByRole('switch', { name: 'Newsletters by e-mail' })).toBeChecked();
    await page.getByRole('link', { name: 'Read the newsletters sent to you' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Newsletters' })).toBeVisible();
    expect(await seriousAccessibilityViolations(page), 'axe on /newsletters').toEqual([]);
    await page.getByRole('link', { name: subject }).click();
    await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    await expect(page.getByText('gently', { exact: true })).toHaveJSProperty('tagName', 'STRONG');
    await expect(page.getByRole('listitem').filter({ hasText: 'Breathe out' })).toBeVisible();
    expect(await seriousAccessibilityViolations(page), 'axe on the newsletter').toEqual([]);
    await page.screenshot({
      path: `.tmp/shots/newsletter-read-${test.info().project.name}.png`,
      fullPage: true,
    });
  });

  test('the admin picks a label from the member import as the audience and sees how many members carry it', async ({
    adminApi,
    browser,
    playwright,
    baseURL,
  }) => {
    // Two members who chose newsletters carry a label, as the member import leaves it (labels come
    // only from an import; written here straight into the table the import writes).
    const label = uniqueWord('retreat').toLowerCase();
    const emails: string[] = [];
    for (let index = 0; index < 2; index += 1) {
      const request = await playwright.request.newContext({ baseURL });
      emails.push((await signUpThroughApi(request, baseURL!)).email);
      await request.dispose();
    }
    await withDatabase(async (client) => {
      await client.query('update users set labels = array[$1] where email = any($2)', [label, emails]);
      await client.query(
        `insert into practice_settings (user_id, newsletters)
         select id, true from users where email = any($1)
         on conflict (user_id) do update set newsletters = true`,
        [emails],
      );
    });

    const admin = await openBrowserAs(browser, { storageState: await adminApi.storageState() });
    const adminPage = admin.page;
    await adminPage.goto('/admin/newsletters');
    const subject = `For the retreat ${label}`;
    await adminPage.getByLabel('Subject').fill(subject);
    await adminPage.getByLabel('Message').fill('See you on *Saturday*.');
    const audience = adminPage.getByLabel('Audience');
    // The label is offered with the number of members carrying it.
    await audience.selectOption({ label: `Members labelled “${label}” (2 members)` });
    await expect(audience.locator('option:checked')).toHaveText(`Members labelled “${label}” (2 members)`);
    await expect(adminPage.frameLocator('iframe[title="E-mail preview"]').locator('em')).toHaveText(
      'Saturday',
    );
    expect(
      await seriousAccessibilityViolations(adminPage, { singlePageRunner: true }),
      'axe with a label audience chosen',
    ).toEqual([]);

    await adminPage.getByRole('button', { name: 'Send now' }).click();
    await adminPage.getByRole('button', { name: 'Yes, send now' }).click();
    const card = adminPage.getByRole('article', { name: subject });
    await expect(card.getByText(`Members labelled “${label}”`, { exact: false })).toBeVisible();
    // Exactly the two labelled members were queued: the recipients figure says so.
    await expect(
      card.locator('dt', { hasText: 'Recipients' }).locator('xpath=following-sibling::dd'),
    ).toHaveText('2');
    await admin.context.close();
  });
});
