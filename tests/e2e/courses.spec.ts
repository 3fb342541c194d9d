import {
  createContent,
  expect,
  seriousAccessibilityViolations,
  test,
  uniqueWord,
  withDatabase,
} from './fixtures.ts';

/**
 * A course from enrolment to its second lesson opening (issue 36): the member sees what is closed
 * and why, enrols, the first lesson opens, and two days later (the enrolment moved back in the
 * database, as the clock cannot be) the second opens too.
 */
test.describe('courses', () => {
  test('enrol, the first lesson opens, then the second two days later', async ({
    adminApi,
    baseURL,
    member: _member,
    page,
  }) => {
    const word = uniqueWord('dawn');
    const lessons = [];
    for (const title of [`Arriving ${word}`, `Breathing ${word}`]) {
      lessons.push(
        await createContent(adminApi, baseURL!, {
          title,
          description: 'A short sit.',
          type: 'audio',
          duration: 300,
          isPremium: false,
          tags: [],
        }),
      );
    }
    const headers = { origin: new URL(baseURL!).origin };
    const created = await adminApi.post('/api/admin/playlists', {
      headers,
      data: { title: `Quiet mornings ${word}`, isCourse: true },
    });
    expect(created.status(), await created.text()).toBe(201);
    const course = (await created.json()) as { id: string; slug: string };
    const items = await adminApi.put(`/api/admin/playlists/${course.id}/items`, {
      headers,
      data: {
        items: [
          { videoId: lessons[0]!.id, orderIndex: 0 },
          { videoId: lessons[1]!.id, orderIndex: 1, unlockAfterDays: 2 },
        ],
      },
    });
    expect(items.status(), await items.text()).toBe(200);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/playlists/${course.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: `Quiet mornings ${word}` })).toBeVisible();
    await expect(page.getByText('Lesson 1 of 2')).toBeVisible();
    await expect(page.getByText('Opens when you enrol')).toBeVisible();
    await expect(page.getByText('Opens 2 days after you enrol')).toBeVisible();
    await expect(page.getByRole('link', { name: `Arriving ${word}` })).toHaveCount(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Enrol in this course' }).click();
    await expect(page.getByRole('link', { name: `Arriving ${word}` })).toBeVisible();
    await expect(page.getByText('0 of 2 lessons done')).toBeVisible();
    await expect(page.getByText(/^Opens .* at /)).toBeVisible();
    await expect(page.getByRole('link', { name: `Breathing ${word}` })).toHaveCount(0);

    await withDatabase((client) =>
      client.query(
        `update course_enrolments set enrolled_at = now() - interval '2 days 1 minute' where playlist_id = $1`,
        [course.id],
      ),
    );
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
    await expect(page.getByRole('link', { name: `Breathing ${word}` })).toBeVisible();
    await expect(page.getByText('Lesson 2 of 2')).toBeVisible();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: '.tmp/shots/course-1280.png', fullPage: true });
  });
});
