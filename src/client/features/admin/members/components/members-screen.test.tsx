import { adminScreenTests, itGatesMembers } from '@client/features/admin/kit/testing';
import type { MemberImportResult } from '@shared/schemas/members';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MembersScreen } from './members-screen';

const IMPORT = 'POST /api/admin/members/import';

const preview: MemberImportResult = {
  rows: 3,
  created: 1,
  updated: 1,
  skipped: 0,
  errors: [
    {
      line: 4,
      code: 'INVALID_ROW',
      params: {},
      issues: [{ field: 'email', rule: 'emailInvalid', message: 'Please enter a valid e-mail address' }],
      message: 'Please enter a valid e-mail address',
    },
  ],
  format: 'ghost',
  preview: [
    {
      line: 2,
      email: 'robin@example.com',
      name: 'Robin Vale',
      status: 'comp',
      compEndsAt: '2031-01-31T00:00:00.000Z',
      action: 'create',
    },
    {
      line: 3,
      email: 'ana@example.com',
      name: 'Ana Ruiz',
      status: 'free',
      compEndsAt: null,
      action: 'update',
    },
  ],
  invited: 0,
  paidAsComplimentary: 0,
};

const renderScreen = adminScreenTests(<MembersScreen />, '/admin/members');

describe('/admin/members', () => {
  itGatesMembers(renderScreen, { api: '/api/admin/members' });

  it('previews a pasted CSV (counts, first lines, line errors), then imports it', async () => {
    const sent: { dryRun: boolean; sendInvites: boolean }[] = [];
    const { calls } = renderScreen({
      [IMPORT]: (init) => {
        const body = JSON.parse(String(init?.body));
        sent.push({ dryRun: body.dryRun, sendInvites: body.sendInvites });
        return { body: body.dryRun ? preview : { ...preview, preview: [], invited: 1 } };
      },
    });
    expect(await screen.findByRole('link', { name: 'Export members (CSV)' })).toHaveAttribute(
      'href',
      '/api/admin/members/export',
    );
    const csv = 'email,status\nrobin@example.com,comp\nana@example.com,free\nnot-an-address,free\n';
    await userEvent.click(screen.getByLabelText('Or paste the CSV'));
    await userEvent.paste(csv);
    await userEvent.click(screen.getByRole('switch', { name: 'Send invitations' }));
    await userEvent.click(screen.getByRole('button', { name: 'Preview import' }));

    const previewSection = await screen.findByRole('region', { name: "Preview: Ghost's member export" });
    // The pressed button was disabled while the file was checked: the focus goes to what it found.
    expect(
      within(previewSection).getByRole('heading', { name: "Preview: Ghost's member export" }),
    ).toHaveFocus();
    expect(within(previewSection).getByText('Will be created').nextSibling).toHaveTextContent('1');
    const table = within(previewSection).getByRole('table', { name: 'First lines' });
    expect(
      within(table).getByRole('row', {
        name: /robin@example\.com.*Robin Vale.*comp.*until Jan 31, 2031.*New member/,
      }),
    ).toBeInTheDocument();
    expect(within(previewSection).getByText(/Line 4:/).parentElement).toHaveTextContent(
      'Line 4: Please enter a valid e-mail address',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Import 2 members' }));
    const done = await screen.findByRole('region', { name: 'Import finished' });
    expect(within(done).getByRole('heading', { name: 'Import finished' })).toHaveFocus();
    expect(within(done).getByText('Invitations sent').nextSibling).toHaveTextContent('1');
    expect(sent).toEqual([
      { dryRun: true, sendInvites: true },
      { dryRun: false, sendInvites: true },
    ]);
    expect(calls.filter((call) => call.url === '/api/admin/members/import')).toHaveLength(2);
    // No paid line became complimentary: no sentence about test mode.
    expect(screen.queryByText(/test mode/)).not.toBeInTheDocument();
  });

  it('gives the focus back to the button when a preview fails', async () => {
    renderScreen({ [IMPORT]: { status: 500, body: { message: 'Something went wrong on our side' } } });
    await userEvent.click(await screen.findByLabelText('Or paste the CSV'));
    await userEvent.paste('email\nrobin@example.com\n');
    const button = screen.getByRole('button', { name: 'Preview import' });
    await userEvent.click(button);
    await vi.waitFor(() => expect(button).toBeEnabled());
    expect(button).toHaveFocus();
    expect(screen.queryByRole('region', { name: /Preview/ })).not.toBeInTheDocument();
  });

  it('shows a progress bar while a large file is checked part by part', async () => {
    let requests = 0;
    renderScreen({
      [IMPORT]: () => {
        requests += 1;
        // The first part answers; the second is still on its way.
        return requests === 1 ? { body: preview } : { never: true };
      },
    });
    const rows = Array.from({ length: 2001 }, (_, index) => `member${index}@example.com,free\n`).join('');
    await userEvent.click(await screen.findByLabelText('Or paste the CSV'));
    await userEvent.paste(`email,status\n${rows}`);
    await userEvent.click(screen.getByRole('button', { name: 'Preview import' }));
    const bar = await screen.findByRole('progressbar', { name: 'Checking the file… 1 of 2 parts' });
    expect(bar).toHaveAttribute('max', '2');
    expect(bar).toHaveAttribute('value', '1');
    expect(requests).toBe(2);
  });

  it('says, in the preview and the result, that paid lines became complimentary in test mode', async () => {
    const testMode = { ...preview, paidAsComplimentary: 2 };
    renderScreen({
      [IMPORT]: (init) => ({
        body: JSON.parse(String(init?.body)).dryRun ? testMode : { ...testMode, preview: [] },
      }),
    });
    await userEvent.click(await screen.findByLabelText('Or paste the CSV'));
    await userEvent.paste('email,status\nrobin@example.com,paid\nana@example.com,paid\n');
    await userEvent.click(screen.getByRole('button', { name: 'Preview import' }));
    const sentence =
      '2 paid lines are recorded as complimentary access, until their end date or for 30 days: this server is in test mode, without Stripe, so no payment can be linked to them.';
    const previewSection = await screen.findByRole('region', { name: "Preview: Ghost's member export" });
    expect(within(previewSection).getByText(sentence)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Import 2 members' }));
    const done = await screen.findByRole('region', { name: 'Import finished' });
    expect(within(done).getByRole('heading', { name: 'Import finished' })).toHaveFocus();
    expect(within(done).getByText(sentence)).toBeInTheDocument();
  });
});
