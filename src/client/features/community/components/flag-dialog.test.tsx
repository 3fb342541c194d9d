import { renderWithRoutes } from '@client/testing/render';
import { AT_RISK_SUPPORT } from '@shared/schemas/moderation';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FlagDialog } from './flag-dialog';

afterEach(() => vi.unstubAllGlobals());

const target = { kind: 'post' as const, id: 'p1', postId: 'p1' };
const flagged = {
  isHidden: false,
  supportResources: { ...AT_RISK_SUPPORT, links: [...AT_RISK_SUPPORT.links] },
};

async function flagAtRisk(helplines: unknown[]) {
  renderWithRoutes(<FlagDialog target={target} subject="the post" />, {
    'POST /api/posts/p1/flag': { status: 201, body: flagged },
    '/api/site/help': { body: { faqHtml: '', contactEmail: '', helplines } },
  });
  await userEvent.click(screen.getByRole('button', { name: 'Flag the post' }));
  await userEvent.click(await screen.findByRole('radio', { name: /Someone may be/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Send flag' }));
  return screen.findByRole('dialog', { name: AT_RISK_SUPPORT.title });
}

describe('"someone may be at risk"', () => {
  it("shows the admin's helplines instead of the generic links", async () => {
    const dialog = await flagAtRisk([
      { country: 'US', name: '988 Lifeline', phone: '988', url: 'https://988lifeline.org' },
    ]);
    const list = await within(dialog).findByRole('list', { name: 'Helplines' });
    expect(within(list).getByRole('link', { name: 'Call 988 Lifeline, 988' })).toHaveAttribute(
      'href',
      'tel:988',
    );
    expect(within(dialog).queryByRole('link', { name: /findahelpline/ })).toBeNull();
  });

  it('keeps the kind generic words and links when the admin has set no helpline', async () => {
    const dialog = await flagAtRisk([]);
    expect(within(dialog).getByText(/call your local emergency number/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: /findahelpline\.com/ })).toHaveAttribute(
      'href',
      'https://findahelpline.com',
    );
    expect(within(dialog).queryByRole('list', { name: 'Helplines' })).toBeNull();
  });
});
