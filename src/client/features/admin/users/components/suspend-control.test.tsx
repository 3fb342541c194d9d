import { bodyOf, type Routes, renderAdminScreen } from '@client/features/admin/kit/testing';
import { renderWithProviders } from '@client/testing/render';
import type { AdminUser } from '@shared/schemas/admin';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SuspendControl } from './suspend-control';

afterEach(() => vi.unstubAllGlobals());

const member: AdminUser = {
  id: 'u-1',
  email: 'river@example.test',
  firstName: 'River',
  lastName: 'Stone',
  isAdmin: false,
  isModerator: false,
  mute: null,
  suspension: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  subscriptionStatus: null,
  stripeCustomerId: null,
  complimentary: false,
  complimentaryUntil: null,
};
const state = { userId: 'u-1', isSuspended: true, suspendedUntil: null, reason: 'Spam' };
const SUSPEND_URL = '/api/admin/users/u-1/suspend';
const renderControl = (user: AdminUser, routes: Routes) =>
  renderAdminScreen(<SuspendControl user={user} isSelf={false} />, { path: '/admin/users', routes });

describe('SuspendControl', () => {
  it('asks for a reason, then suspends for the chosen period', async () => {
    const { calls } = renderControl(member, { [`POST ${SUSPEND_URL}`]: { body: state } });
    await userEvent.click(screen.getByRole('button', { name: 'Suspend river@example.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend river@example.test?' });
    await userEvent.click(screen.getByRole('button', { name: 'Suspend' }));
    expect(screen.getByText('Please give a reason')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await userEvent.selectOptions(screen.getByLabelText('For how long'), 'Until lifted');
    await userEvent.type(screen.getByLabelText('Reason'), 'Spam links');
    await userEvent.click(screen.getByRole('button', { name: 'Suspend' }));
    await vi.waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(bodyOf(calls, SUSPEND_URL, 'POST')).toEqual({ days: null, reason: 'Spam links' });
  });

  it('lifts a suspension; shows nothing for admins or yourself', async () => {
    const suspended = { ...member, suspension: { until: null } };
    const { calls, unmount } = renderControl(suspended, {
      [`DELETE ${SUSPEND_URL}`]: { body: { ...state, isSuspended: false } },
    });
    expect(screen.getByText('Suspended until lifted')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Lift suspension for river@example.test' }));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.init?.method).toBe('DELETE');
    unmount();
    const { container } = renderWithProviders(
      <SuspendControl user={{ ...member, isAdmin: true }} isSelf={false} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
