import { expect, newMember, signUpThroughForm, test } from './fixtures.ts';

const TOTAL = 39;
const ANSWERS = ['Very Frequently', 'Frequently', 'Occasionally', 'Rarely', 'Very Rarely', 'Never'];

test.describe('the assessment', () => {
  test('a new member takes the first assessment, sees the results, and meets the premium retake', async ({
    page,
  }) => {
    test.slow();
    await page.goto('/sign-up');
    await signUpThroughForm(page, newMember());
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/questionnaire');
    await expect(page.getByRole('heading', { name: 'Assessment', level: 1 })).toBeVisible();
    await expect(page.getByText(/past two weeks/).first()).toBeVisible();

    for (let number = 1; number <= TOTAL; number++) {
      await expect(page.getByText(`Question ${number} of ${TOTAL}`)).toBeVisible();
      const isLast = number === TOTAL;
      const advance = page.getByRole('button', { name: isLast ? 'Complete Assessment' : 'Next' });
      await expect(advance).toBeDisabled();
      // Mostly healthy answers, with some variety.
      await page.getByRole('radio', { name: ANSWERS[number % 3] as string, exact: true }).click();
      await expect(advance).toBeEnabled();
      await advance.click();
    }

    await expect(page).toHaveURL(/\/questionnaire\/[^/]+\/results$/);
    await expect(page.getByRole('heading', { name: 'Assessment Results', level: 1 })).toBeVisible();
    for (const chart of ['The 6Ps', 'The 3Cs']) {
      const figure = page.locator('figure').filter({ hasText: chart });
      await expect(figure.locator('svg.recharts-surface')).toBeVisible();
    }
    await expect(page.getByText('Overall 6P').first()).toBeVisible();
    await expect(
      page.getByText('Never=0, Very Rarely=1, Rarely=2, Occasionally=3, Frequently=4, Very Frequently=5'),
    ).toBeVisible();

    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await expect(page).toHaveURL(/\/assessment$/);
    await expect(page.getByRole('link', { name: 'View Detailed Results' })).toBeVisible();
    const premiumRetake = page.getByRole('link', { name: 'Retake Assessment (Premium)' });
    await expect(premiumRetake).toHaveAttribute('href', '/subscribe');
    await expect(page.getByRole('link', { name: 'View Progress History' })).toHaveCount(0);
  });
});
