import { renderWithProviders, stubFetch } from '@client/testing/render';
import type { Newsletter } from '@shared/schemas/newsletters';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminNewslettersScreen } from './newsletters-management';

afterEach(() => vi.unstubAllGlobals());

const ID = '8f1c2d3e-0000-4000-8000-000000000002';
const sent: Newsletter = {
  id: '8f1c2d3e-0000-4000-8000-000000000003',
  subject: 'Autumn letter',
  body: 'Hello',
  segment: 'all',
  status: 'sent',
  scheduledFor: null,
  sentAt: '2026-11-01T09:00:00.000Z',
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
  stats: { recipients: 120, queued: 0, sent: 117, failed: 3, unsubscribes: 2 },
};

const LABELS = [
  { label: 'Yoga', members: 12 },
  { label: 'Retreat 2024', members: 1 },
];

function stub() {
  const calls: Array<{ key: string; body: unknown }> = [];
  const record = (key: string, answer: (body: Record<string, unknown>) => unknown, status = 200) => ({
    [key]: (init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ key, body });
      return { status, body: answer(body) };
    },
  });
  const stubbed = stubFetch({
    '/api/admin/newsletters': { body: [sent] },
    '/api/admin/members/labels': { body: LABELS },
    ...record('POST /api/admin/newsletters/preview', (body) => ({
      html: `<html><body><h1>${String(body.subject)}</h1></body></html>`,
      text: `${String(body.subject)}\n\n${String(body.body)}`,
    })),
    ...record('POST /api/admin/newsletters', (body) => ({ ...sent, ...body, id: ID, status: 'draft' }), 201),
    ...record(`PUT /api/admin/newsletters/${ID}`, (body) => ({ ...sent, ...body, id: ID, status: 'draft' })),
    ...record(`POST /api/admin/newsletters/${ID}/test`, () => ({ to: 'teacher@example.test' }), 202),
    ...record(`POST /api/admin/newsletters/${ID}/send`, () => ({ ...sent, id: ID, status: 'sending' })),
  });
  vi.stubGlobal('fetch', stubbed.fetch);
  return calls;
}

describe('/admin/newsletters', () => {
  it('shows each newsletter with its figures', async () => {
    stub();
    renderWithProviders(<AdminNewslettersScreen />);
    const card = await screen.findByRole('article', { name: 'Autumn letter' });
    for (const [label, value] of [
      ['Recipients', '120'],
      ['Sent', '117'],
      ['Failed', '3'],
      ['Unsubscribes', '2'],
    ] as const) {
      expect(within(card).getByText(label).nextSibling).toHaveTextContent(value);
    }
  });

  it('opens the draft named in the address (an announcement sent as a newsletter)', async () => {
    stub();
    const draft: Newsletter = {
      ...sent,
      id: ID,
      subject: 'From an announcement',
      body: 'Its text',
      status: 'draft',
    };
    vi.stubGlobal(
      'fetch',
      stubFetch({
        '/api/admin/newsletters': { body: [draft, sent] },
        '/api/admin/members/labels': { body: [] },
        'POST /api/admin/newsletters/preview': { body: { html: '<p></p>', text: '' } },
      }).fetch,
    );
    renderWithProviders(<AdminNewslettersScreen />, { path: `/admin/newsletters?draft=${ID}` });
    await waitFor(() => expect(screen.getByLabelText('Subject')).toHaveValue('From an announcement'));
    expect(screen.getByLabelText('Message')).toHaveValue('Its text');
    expect(screen.getByRole('heading', { name: 'Edit newsletter' })).toBeInTheDocument();
  });

  it('explains a missing subject and body without sending anything', async () => {
    const calls = stub();
    const user = userEvent.setup();
    renderWithProviders(<AdminNewslettersScreen />);
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Subject is required')).toBeInTheDocument();
    expect(screen.getByText('Body is required')).toBeInTheDocument();
    expect(calls.filter((call) => !call.key.endsWith('/preview'))).toEqual([]);
  });

  it('previews as the admin types, sends a test, then sends to the chosen audience after confirming', async () => {
    const calls = stub();
    const user = userEvent.setup();
    renderWithProviders(<AdminNewslettersScreen />);
    await user.type(screen.getByLabelText('Subject'), 'Winter light');
    await user.selectOptions(screen.getByLabelText('Audience'), 'premium');
    await user.type(screen.getByLabelText('Message'), 'Sit **gently**.');
    await waitFor(() =>
      expect(screen.getByText(/Sit \*\*gently\*\*\./, { selector: 'pre' })).toBeInTheDocument(),
    );
    expect(screen.getByTitle('E-mail preview')).toHaveAttribute('sandbox', '');

    await user.click(screen.getByRole('button', { name: 'Send test to me' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'A test copy is on its way to teacher@example.test.',
    );
    expect(calls.find((call) => call.key === 'POST /api/admin/newsletters')?.body).toEqual({
      subject: 'Winter light',
      body: 'Sit **gently**.',
      segment: 'premium',
    });

    await user.click(screen.getByRole('button', { name: 'Send now' }));
    expect(screen.getByText(/now to premium members only\?/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, send now' }));
    expect(await screen.findByText('Sending has started. The figures below follow it.')).toBeInTheDocument();
    expect(calls.some((call) => call.key === `POST /api/admin/newsletters/${ID}/send`)).toBe(true);
    expect(screen.getByLabelText('Subject')).toHaveValue('');
  });

  it('offers the labels from the member import as audiences, and sends to the chosen one', async () => {
    const calls = stub();
    const user = userEvent.setup();
    renderWithProviders(<AdminNewslettersScreen />);
    const audience = screen.getByLabelText('Audience');
    expect(
      await within(audience).findByRole('option', { name: 'Members labelled “Yoga” (12 members)' }),
    ).toHaveValue('label:Yoga');
    expect(
      within(audience).getByRole('option', { name: 'Members labelled “Retreat 2024” (1 member)' }),
    ).toHaveValue('label:Retreat 2024');
    await user.type(screen.getByLabelText('Subject'), 'For the yoga group');
    await user.selectOptions(audience, 'label:Yoga');
    await user.type(screen.getByLabelText('Message'), 'See you on the mat.');
    await user.click(screen.getByRole('button', { name: 'Send now' }));
    expect(
      screen.getByText('Send “For the yoga group” now to the members labelled “Yoga” who chose newsletters?'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, send now' }));
    expect(await screen.findByText('Sending has started. The figures below follow it.')).toBeInTheDocument();
    expect(calls.find((call) => call.key === 'POST /api/admin/newsletters')?.body).toMatchObject({
      segment: 'label:Yoga',
    });
  });

  it('schedules at the chosen time: asks for a time first, sends it, and lists the newsletter as scheduled', async () => {
    const calls = stub();
    const when = '2030-01-15T09:30';
    const scheduledFor = new Date(when).toISOString();
    // The list the server answers once the newsletter is scheduled.
    const scheduled: Newsletter = {
      ...sent,
      id: ID,
      subject: 'Spring retreat',
      status: 'scheduled',
      scheduledFor,
      sentAt: null,
      stats: { recipients: 0, queued: 0, sent: 0, failed: 0, unsubscribes: 0 },
    };
    let isScheduled = false;
    const answers = stubFetch({
      '/api/admin/newsletters': () => ({ body: isScheduled ? [scheduled, sent] : [sent] }),
      '/api/admin/members/labels': { body: [] },
      'POST /api/admin/newsletters/preview': { body: { html: '<p></p>', text: '' } },
      'POST /api/admin/newsletters': (init) => {
        calls.push({ key: 'POST /api/admin/newsletters', body: JSON.parse(String(init?.body)) });
        return { status: 201, body: { ...scheduled, status: 'draft', scheduledFor: null } };
      },
      [`POST /api/admin/newsletters/${ID}/send`]: (init) => {
        calls.push({ key: 'send', body: JSON.parse(String(init?.body)) });
        isScheduled = true;
        return { body: scheduled };
      },
    });
    vi.stubGlobal('fetch', answers.fetch);
    const user = userEvent.setup();
    renderWithProviders(<AdminNewslettersScreen />);
    await user.type(screen.getByLabelText('Subject'), 'Spring retreat');
    await user.type(screen.getByLabelText('Message'), 'Join us in April.');

    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Choose a date and time to schedule it.');
    expect(calls.filter((call) => !call.key.endsWith('/preview'))).toEqual([]);

    fireEvent.change(screen.getByLabelText('Or schedule for'), { target: { value: when } });
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText(/^Scheduled for .*2030/)).toBeInTheDocument();
    expect(calls.find((call) => call.key === 'send')?.body).toEqual({ scheduledFor });
    // The editor is cleared, and the list shows the newsletter as scheduled for that time.
    expect(screen.getByLabelText('Subject')).toHaveValue('');
    expect(screen.getByLabelText('Or schedule for')).toHaveValue('');
    const card = await screen.findByRole('article', { name: 'Spring retreat' });
    expect(within(card).getByText(/^Scheduled · .*2030/)).toBeInTheDocument();
  });
});
