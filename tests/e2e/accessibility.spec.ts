import type { APIRequestContext, Page } from '@playwright/test';
import { expect, seriousAccessibilityViolations, test, uniqueWord } from './fixtures.ts';

/**
 * Every signed-in screen (src/shared/routes.ts lists them) scanned with axe at both widths (the
 * phone and desktop projects): no serious or critical violation (WCAG 2.1 AA rules). Each test
 * collects the violations of all its screens, so one run names every screen that needs care.
 */

/** Opens `path`, waits for its heading and for loading to settle, and returns the violations. */
async function scan(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  return seriousAccessibilityViolations(page);
}

async function scanAll(page: Page, paths: readonly string[]) {
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    const violations = await scan(page, path);
    if (violations.length > 0) found[path] = violations;
  }
  expect(found, 'serious or critical axe violations per screen').toEqual({});
}

async function postJson<T>(
  request: APIRequestContext,
  origin: string,
  url: string,
  data: unknown,
): Promise<T> {
  const response = await request.post(url, { headers: { origin }, data });
  expect(response.ok(), `${url}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** Answers every question of the questionnaire through the API and returns the finished one's id. */
async function completeQuestionnaire(request: APIRequestContext, origin: string): Promise<string> {
  const domains = (await (await request.get('/api/questionnaire/domains')).json()) as Array<{
    questions: Array<{ id: string }>;
  }>;
  const session = await postJson<{ id: string }>(request, origin, '/api/questionnaire/start', {});
  for (const [index, question] of domains.flatMap((domain) => domain.questions).entries()) {
    await postJson(request, origin, `/api/questionnaire/${session.id}/response`, {
      questionId: question.id,
      score: index % 6,
    });
  }
  await postJson(request, origin, `/api/questionnaire/${session.id}/complete`, {});
  return session.id;
}

test.describe('accessibility of every signed-in screen', () => {
  // Twenty screens, each scanned in full, on a shared two-core machine.
  test.describe.configure({ timeout: 600_000 });

  test('member screens have no serious accessibility violations', async ({
    page,
    member,
    forum,
    contentItem,
    adminApi,
    baseURL,
  }) => {
    expect(member.email).toContain('@');
    const origin = new URL(baseURL!).origin;
    const post = await postJson<{ id: string }>(page.request, origin, `/api/forums/${forum.slug}/posts`, {
      title: `A quiet morning ${uniqueWord('dew')}`,
      content: 'The kettle, the window, ten slow breaths.',
    });
    const playlist = await postJson<{ id: string; slug: string }>(adminApi, origin, '/api/admin/playlists', {
      title: `Evening set ${uniqueWord('set')}`,
    });
    const checkout = await postJson<{ url: string }>(
      page.request,
      origin,
      '/api/create-checkout-session',
      {},
    );
    const resultsId = await completeQuestionnaire(page.request, origin);

    await scanAll(page, [
      '/',
      '/library',
      '/calendar',
      '/community',
      `/community/${forum.slug}`,
      `/community/${forum.slug}/new-post`,
      `/community/posts/${post.id}`,
      `/video/${contentItem.id}`,
      `/playlists/${playlist.slug}`,
      '/account',
      '/downloads',
      '/settings',
      '/timer',
      '/practice',
      '/assessment',
      '/assessment-history',
      '/questionnaire',
      `/questionnaire/${resultsId}/results`,
      '/subscribe',
      new URL(checkout.url, baseURL).pathname,
    ]);
  });

  test('a premium member’s screens have no serious accessibility violations', async ({
    page,
    premiumMember,
  }) => {
    expect(premiumMember.email).toContain('@');
    await scanAll(page, ['/', '/account', '/downloads', '/subscribe']);
  });

  test('admin screens have no serious accessibility violations', async ({
    adminPage,
    forum,
    contentItem,
    baseURL,
  }) => {
    expect([forum.slug, contentItem.id]).toHaveLength(2);
    const origin = new URL(baseURL!).origin;
    const playlist = await postJson<{ id: string }>(adminPage.request, origin, '/api/admin/playlists', {
      title: `Morning set ${uniqueWord('set')}`,
    });
    await scanAll(adminPage, [
      '/admin',
      '/admin/content',
      '/admin/announcements',
      '/admin/forums',
      '/admin/users',
      '/admin/analytics',
      '/admin/offers',
      '/admin/settings',
      '/admin/playlists',
      `/admin/playlists?edit=${playlist.id}`,
      '/admin/moderation',
    ]);
  });
});
