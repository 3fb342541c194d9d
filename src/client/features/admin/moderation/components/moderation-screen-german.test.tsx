import { expectTexts } from '@client/features/admin/kit/form-testing';
import { adminScreenTests } from '@client/features/admin/kit/testing';
import { activateLocale, namespaces } from '@client/lib/i18n';
import { adminUser } from '@client/testing/community';
import type { AuditEntry, ModerationItem } from '@shared/schemas/moderation';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ModerationScreen } from './moderation-screen';

// The queue, its flag reasons (the server sends codes), the dialogs and the audit log follow the
// moderator's language (issue 37); no key id shows.
afterEach(() => activateLocale('en', [...namespaces]));

const rowan = { id: 'author-1', firstName: 'Rowan', lastName: 'Hale', profileImageUrl: null };
const item: ModerationItem = {
  kind: 'post',
  id: 'p-1',
  postId: 'p-1',
  title: 'Miracle cure',
  content: 'Stop your medication and breathe instead.',
  isHidden: true,
  isHeld: false,
  author: rowan,
  authorIsMuted: false,
  forum: { slug: 'support', title: 'Support Circle' },
  flaggerCount: 3,
  reasons: [
    { reason: 'harmful_advice', count: 2 },
    { reason: 'at_risk', count: 1 },
  ],
  notes: ['Dangerous advice'],
  lastFlaggedAt: new Date().toISOString(),
  countedFlaggerCount: 1,
  flaggers: [
    {
      member: { id: 'flagger-2', firstName: 'New', lastName: 'Comer', profileImageUrl: null },
      reason: 'harmful_advice',
      flaggedAt: new Date().toISOString(),
      accountCreatedAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
      isEstablished: false,
      counts: false,
    },
  ],
};
const audit: AuditEntry = {
  id: 'a-1',
  action: 'remove',
  targetType: 'post',
  targetId: 'p-0',
  actor: { id: 'admin-9', firstName: 'Ada', lastName: 'Quill', profileImageUrl: null },
  subject: rowan,
  reason: 'Spam',
  summary: null,
  createdAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
};

const render = adminScreenTests(<ModerationScreen />, '/admin/moderation');

describe('/admin/moderation in German', () => {
  it('shows the queue, a dialog and the audit log in German', async () => {
    await activateLocale('de', [...namespaces]);
    render(
      {
        '/api/admin/moderation?limit=20': { body: [item] },
        '/api/admin/audit-log?limit=20': { body: [audit] },
      },
      adminUser,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Moderation' })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Miracle cure' });
    expectTexts(card, [
      '3 Mitglieder haben das gemeldet',
      'Schädlicher Gesundheitstipp ×2',
      'Jemand könnte in Gefahr sein',
      '1 davon zählt fürs Ausblenden',
      'Ausgeblendet',
      '„Dangerous advice“',
      'Von Rowan Hale · gemeldet vor weniger als einer Stunde',
    ]);
    expect(within(card).getByRole('list', { name: 'Wer gemeldet hat' })).toHaveTextContent(
      'New Comer · Schädlicher Gesundheitstipp · beigetreten vor 3 Tagen (neu, unbestätigt oder stumm: zählt nicht)',
    );

    await userEvent.click(within(card).getByRole('button', { name: 'Entfernen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Diesen Eintrag entfernen?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Entfernen' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Bitte gib eine Begründung an.');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());

    const log = within(await screen.findByRole('region', { name: 'Protokoll' }));
    expect(await log.findByText(/hat einen Beitrag von Rowan Hale entfernt/)).toHaveTextContent(
      'Ada Quill hat einen Beitrag von Rowan Hale entfernt',
    );
    expect(log.getByText('Begründung: Spam')).toBeInTheDocument();
    expect(log.getByText('vor 2 Tagen')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/admin\.[a-z]/);
  });
});
