import sharp from 'sharp';
import { expect, signUpNewMember, test, withDatabase } from './fixtures.ts';

test('a member uploads a profile picture; the stored picture is their own upload, never a URL', async ({
  page,
}) => {
  const member = await signUpNewMember(page);

  await page.goto('/account');
  await page.getByRole('button', { name: 'Edit profile' }).click();
  const form = page.getByRole('form', { name: 'Edit profile' });
  const png = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#8cc3b1' } })
    .png()
    .toBuffer();
  await form
    .getByLabel('Profile picture file')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(form.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('form', { name: 'Edit profile' })).toHaveCount(0);

  // The header shows the picture, served from our own uploads.
  const avatar = page.locator('header img[src^="/objects/images/"]').first();
  await expect(avatar).toBeVisible();
  await expect
    .poll(() => avatar.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);

  const stored = await withDatabase(async (client) => {
    const { rows } = await client.query(
      'select u.image, up.created_by = u.id as is_own from users u join uploads up on up.object_path = u.image where u.email = $1',
      [member.email],
    );
    return rows[0] as { image: string; is_own: boolean } | undefined;
  });
  expect(stored?.image).toMatch(/^\/objects\/images\/[0-9a-f-]{36}\.webp$/);
  expect(stored?.is_own).toBe(true);

  // An outside picture URL sent straight to the API is refused.
  const refused = await page.request.put('/api/user/profile', {
    headers: { origin: new URL(page.url()).origin },
    data: {
      firstName: member.firstName,
      lastName: member.lastName,
      profileImageUrl: 'https://tracker.example/p.gif',
    },
  });
  expect(refused.status()).toBe(400);
});
