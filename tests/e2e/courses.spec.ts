import {
  createContent,
  expect,
  installAudioObject,
  readAudio,
  seriousAccessibilityViolations,
  test,
  uniqueWord,
  waitForApp,
  withDatabase,
} from './fixtures.ts';

/**
 * A course from enrolment to its second lesson opening (issue 36): the member sees what is closed
 * and why, enrols, the first lesson opens, and two days later (the enrolment moved back in the
 * database, as the clock cannot be) the second opens too.
 */
test.describe('courses', () => {
  // Requests the browser could not send while offline (the offline journey) are expected.
  test.afterEach(({ consoleErrors }) => {
    const offlineNoise = /ERR_INTERNET_DISCONNECTED/;
    consoleErrors.splice(
      0,
      consoleErrors.length,
      ...consoleErrors.filter((text) => !offlineNoise.test(text)),
    );
  });

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

  test('a lesson played to its end: the end-of-session moment, a journal note, and the next lesson plays with "Up next"', async ({
    adminApi,
    baseURL,
    member: _member,
    page,
  }) => {
    const word = uniqueWord('tide');
    const titles = [`Landing ${word}`, `Softening ${word}`, `Resting ${word}`] as const;
    const lessons = await Promise.all(
      titles.map((title) =>
        createContent(adminApi, baseURL!, {
          title,
          description: 'A short sit.',
          type: 'audio',
          duration: 20,
          isPremium: false,
          tags: [],
          videoFileUrl: installAudioObject(),
        }),
      ),
    );
    const headers = { origin: new URL(baseURL!).origin };
    const created = await adminApi.post('/api/admin/playlists', {
      headers,
      data: { title: `Evening course ${word}`, isCourse: true },
    });
    expect(created.status(), await created.text()).toBe(201);
    const course = (await created.json()) as { id: string; slug: string };
    const items = await adminApi.put(`/api/admin/playlists/${course.id}/items`, {
      headers,
      data: { items: lessons.map((lesson, orderIndex) => ({ videoId: lesson.id, orderIndex })) },
    });
    expect(items.status(), await items.text()).toBe(200);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/playlists/${course.slug}`);
    await page.getByRole('button', { name: 'Enrol in this course' }).click();
    await page.getByRole('link', { name: titles[0] }).click();
    await expect(page.getByRole('heading', { level: 1, name: titles[0] })).toBeVisible();
    await page.getByRole('button', { name: `Play ${titles[0]}` }).click();
    // A couple of seconds heard, then on to the last moment (a lesson of minutes would be slow).
    await expect
      .poll(async () => (await readAudio(page)).currentTime, { timeout: 15_000 })
      .toBeGreaterThan(2);
    await page.evaluate(() => {
      const audio = document.querySelector('audio')!;
      audio.currentTime = Math.max(0, audio.duration - 1);
    });

    const heading = page.getByRole('heading', { name: 'Session complete' });
    await expect(heading).toBeVisible({ timeout: 15_000 });
    await expect(heading).toBeFocused();
    const panel = page.getByRole('region', { name: 'Session complete' });
    await expect(panel).toContainText(`with ${titles[0]}`);
    await expect(panel).not.toContainText(/streak|missed/i);
    // Play next (on by default): the second lesson starts, in the mini-player, with the third up next.
    await expect(panel.getByText(titles[1])).toBeVisible();
    const mini = page.getByRole('region', { name: 'Now playing' });
    await expect(mini.getByRole('button', { name: `Pause ${titles[1]}` })).toBeVisible();
    await expect(mini.getByText(`Up next: ${titles[2]}`)).toBeVisible();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await panel.getByLabel('A note for your journal (optional)').fill('The evening light helped');
    await panel.getByRole('button', { name: 'Save note' }).click();
    await expect(panel.getByText('Saved to your journal.')).toBeVisible();
    const notes = await withDatabase((client) =>
      client.query<{ note: string }>(
        'select note from practice_sessions where content_id = $1 and note is not null',
        [lessons[0]!.id],
      ),
    );
    expect(notes.rows.map((row) => row.note)).toEqual(['The evening light helped']);

    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: '.tmp/shots/session-end-1280.png' });
    // Escape from inside the panel closes it and gives focus back to the button that started the sit.
    await heading.focus();
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Play ${titles[0]}` })).toBeFocused();
  });

  test('offline, play next passes over a lesson not downloaded and plays the next downloaded one', async ({
    adminApi,
    baseURL,
    premiumMember: _premiumMember,
    context,
    page,
  }) => {
    const word = uniqueWord('harbour');
    const titles = [`Harbour ${word}`, `River ${word}`, `Shore ${word}`] as const;
    const lessons = await Promise.all(
      titles.map((title) =>
        createContent(adminApi, baseURL!, {
          title,
          description: 'A short sit.',
          type: 'audio',
          duration: 20,
          isPremium: false,
          tags: [],
          videoFileUrl: installAudioObject(),
        }),
      ),
    );
    const headers = { origin: new URL(baseURL!).origin };
    const created = await adminApi.post('/api/admin/playlists', {
      headers,
      data: { title: `Travelling course ${word}`, isCourse: true },
    });
    expect(created.status(), await created.text()).toBe(201);
    const course = (await created.json()) as { id: string; slug: string };
    const items = await adminApi.put(`/api/admin/playlists/${course.id}/items`, {
      headers,
      data: { items: lessons.map((lesson, orderIndex) => ({ videoId: lesson.id, orderIndex })) },
    });
    expect(items.status(), await items.text()).toBe(200);

    // Lessons 1 and 3 are downloaded on this device; lesson 2 is not.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const lesson of [lessons[0]!, lessons[2]!]) {
      await page.goto(`/video/${lesson.id}`);
      // The first move starts the app (decision 104); Download is pressed once the screen is its.
      await page.mouse.move(20, 20);
      await waitForApp(page);
      await page.waitForLoadState('networkidle');
      const control = page.getByRole('region', { name: 'Offline download' });
      await control.getByRole('button', { name: 'Download' }).click();
      await expect(control.getByText('Downloaded')).toBeVisible({ timeout: 20_000 });
    }
    await page.goto(`/playlists/${course.slug}`);
    await page.getByRole('button', { name: 'Enrol in this course' }).click();
    await page.getByRole('link', { name: titles[0] }).click();
    await expect(page.getByRole('heading', { level: 1, name: titles[0] })).toBeVisible();

    await context.setOffline(true);
    await page.getByRole('button', { name: `Play ${titles[0]}` }).click();
    await expect
      .poll(async () => (await readAudio(page)).currentTime, { timeout: 15_000 })
      .toBeGreaterThan(1);
    await page.evaluate(() => {
      const audio = document.querySelector('audio')!;
      audio.currentTime = Math.max(0, audio.duration - 1);
    });

    const panel = page.getByRole('region', { name: 'Session complete' });
    await expect(panel).toBeVisible({ timeout: 15_000 });
    await expect(panel.getByText(titles[2])).toBeVisible({ timeout: 15_000 });
    const mini = page.getByRole('region', { name: 'Now playing' });
    await expect(mini.getByRole('button', { name: `Pause ${titles[2]}` })).toBeVisible();
    // The stored copy: the service worker's local address, or an object URL without one.
    expect((await readAudio(page)).src).toMatch(/\/offline-media\/|^blob:/);
    await context.setOffline(false);
  });
});
