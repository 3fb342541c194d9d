import { expectTexts, expectValues, submitDialog, typeInto } from '@client/features/admin/kit/form-testing';
import { bodyOf, countCalls, setUpAdminScreenTests } from '@client/features/admin/kit/testing';
import { installFakeXhr, makeFile, waitForXhr } from '@client/features/uploads/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { breath, contentCase, draftPost } from '../testing';

// The gate, list states, failed writes and delete are checked for every management screen in
// ../../management-screens.test.tsx; this file keeps what only the content screen does.

setUpAdminScreenTests();
const { listUrl: LIST_URL, render: renderScreen, openCreate: openCreateDialog, fillRequired } = contentCase;

describe('/admin/content list', () => {
  it('shows each item: type, title, description, thumbnail, two tags, badges and m:ss', async () => {
    renderScreen({ [LIST_URL]: { body: [breath, draftPost] } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Content Management' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Admin' })).toHaveAttribute('href', '/admin');

    const card = await screen.findByRole('article', { name: /Evening Breath/ });
    expect(within(card).getByRole('img', { name: 'Video' })).toBeInTheDocument();
    expect(within(card).getByText('Ten quiet minutes to settle.')).toBeInTheDocument();
    expect(card.querySelector('img[src]')).toHaveAttribute(
      'src',
      '/objects/images/0b7a3c1e-2f4d-4c5b-9a6e-7d8f9a0b1c2d-640.webp',
    );
    expectTexts(card, ['breath', 'sleep', '+1 more', 'Premium', 'Published', '12:30']);
    expect(within(card).queryByText('beginner')).not.toBeInTheDocument();

    const post = screen.getByRole('article', { name: /Notes on Rest/ });
    expect(within(post).getByRole('img', { name: 'Post' })).toBeInTheDocument();
    expectTexts(post, ['Free', 'Draft', '1:05']);
    expect(screen.getByText('2 items')).toBeInTheDocument();
  });

  it('starts a newsletter from an item: its description and a link to its page, to premium members for a premium item', async () => {
    const { calls } = renderScreen({
      [LIST_URL]: { body: [breath] },
      'POST /api/admin/newsletters': { status: 201, body: { id: '5b2e3d4c-0000-4000-8000-000000000009' } },
    });
    const card = await screen.findByRole('article', { name: /Evening Breath/ });
    await userEvent.click(within(card).getByRole('button', { name: 'Send as newsletter: Evening Breath' }));
    await vi.waitFor(() => expect(countCalls(calls, '/api/admin/newsletters', 'POST')).toBe(1));
    expect(bodyOf(calls, '/api/admin/newsletters', 'POST')).toEqual({
      subject: 'Evening Breath',
      body: `Ten quiet minutes to settle\\.\n\n[Open Evening Breath](${window.location.origin}/video/${breath.id})`,
      segment: 'premium',
    });
  });

  it('searches on the server', async () => {
    const { calls } = renderScreen({
      [LIST_URL]: { body: [breath, draftPost] },
      '/api/videos?search=REST&limit=24': { body: [draftPost] },
    });
    await screen.findByRole('article', { name: /Evening Breath/ });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search content' }), 'REST');
    await vi.waitFor(() =>
      expect(screen.queryByRole('article', { name: /Evening Breath/ })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('article', { name: /Notes on Rest/ })).toBeInTheDocument();
    expect(countCalls(calls, '/api/videos?search=REST&limit=24')).toBe(1);
    expect(screen.getByText('1 item matching "REST"')).toBeInTheDocument();
  });
});

describe('/admin/content create', () => {
  it('opens with the defaults and shows field errors instead of sending', async () => {
    const { calls } = renderScreen({ [LIST_URL]: { body: [breath] } });
    const dialog = await openCreateDialog();
    expectValues(dialog, { Type: 'video', 'Duration (seconds)': 0 });
    expect(within(dialog).getByRole('switch', { name: 'Premium' })).toHaveAttribute('aria-checked', 'false');
    expect(within(dialog).getByRole('switch', { name: 'Published' })).toHaveAttribute('aria-checked', 'true');
    // The thumbnail's, and the one that puts a picture into the text.
    expect(within(dialog).getAllByRole('button', { name: 'Upload Image' })).toHaveLength(2);
    expect(
      within(dialog).getByText(
        'If both a streaming URL and an uploaded file are set, the streaming URL is used.',
      ),
    ).toBeInTheDocument();

    await userEvent.clear(within(dialog).getByLabelText('Duration (seconds)'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Content' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expectTexts(dialog, ['Description is required', 'Duration is required for video and audio']);
    expect(within(dialog).getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Title')).toHaveFocus();
    expect(countCalls(calls, '/api/videos', 'POST')).toBe(0);
  });

  it('calls the description Post Content for posts, with a larger box and no media fields', async () => {
    renderScreen({ [LIST_URL]: { body: [] } });
    const dialog = await openCreateDialog();
    expect(within(dialog).getByLabelText('Description')).toHaveAttribute('rows', '4');
    await userEvent.selectOptions(within(dialog).getByLabelText('Type'), 'post');
    expect(within(dialog).getByLabelText('Post Content')).toHaveAttribute('rows', '12');
    expect(within(dialog).queryByLabelText('Streaming URL')).not.toBeInTheDocument();
  });

  it('creates: sends tags as an array and the calendar dates, closes, refreshes and confirms', async () => {
    const { calls } = renderScreen({
      [LIST_URL]: { body: [breath] },
      'POST /api/videos': { status: 201, body: { ...breath, id: 'new', title: 'Morning Light' } },
    });
    const dialog = await openCreateDialog();
    await fillRequired(dialog);
    const duration = within(dialog).getByLabelText('Duration (seconds)');
    await userEvent.clear(duration);
    await userEvent.type(duration, '750');
    expect(within(dialog).getByText('Whole seconds (12:30).')).toBeInTheDocument();
    await userEvent.selectOptions(within(dialog).getByLabelText('Intensity'), 'gentle');
    await typeInto(dialog, { Tags: ' breath, , morning ', 'Streaming URL': 'https://stream.example/a.m3u8' });
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Premium' }));
    await typeInto(dialog, { Language: 'pt-BR' });
    expect(within(dialog).getByText('Members see it as Brazilian Portuguese.')).toBeInTheDocument();

    const dateInput = within(dialog).getByLabelText('Calendar dates');
    for (const date of ['2026-03-09', '2026-03-05', '2026-03-09']) {
      fireEvent.change(dateInput, { target: { value: date } });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Add date' }));
    }
    expect(within(dialog).getByText('March 9, 2026 is already on the list.')).toBeInTheDocument();
    const chosen = within(dialog).getByRole('list', { name: 'Scheduled dates' });
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Mar 5, 2026', 'Mar 9, 2026']);
    fireEvent.change(dateInput, { target: { value: '2026-03-20' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add date' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove March 20, 2026' }));
    expect(within(chosen).getAllByRole('listitem')).toHaveLength(2);

    await submitDialog(dialog, 'Create Content', 'Content Created');
    expect(screen.getByText('"Morning Light" is now in the library.')).toBeInTheDocument();
    expect(bodyOf(calls, '/api/videos', 'POST')).toEqual({
      title: 'Morning Light',
      description: 'A gentle start.',
      type: 'video',
      thumbnailUrl: '',
      duration: 750,
      isPremium: true,
      isPublished: true,
      tags: ['breath', 'morning'],
      intensity: 'gentle',
      language: 'pt-BR',
      calendarDates: ['2026-03-05', '2026-03-09'],
      videoUrl: 'https://stream.example/a.m3u8',
      videoFileUrl: '',
      publishAt: '',
    });
    expect(countCalls(calls, LIST_URL)).toBe(2);
  });
});

describe('/admin/content language', () => {
  it('refuses a language that is not a language code, next to the field, and sends nothing', async () => {
    const { calls } = renderScreen({ [LIST_URL]: { body: [breath] } });
    const dialog = await openCreateDialog();
    await fillRequired(dialog);
    await typeInto(dialog, { Language: 'english' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Content' }));
    expect(
      await within(dialog).findByText('Language must be a language tag such as en, de or pt-BR'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Language')).toHaveAttribute('aria-invalid', 'true');
    expect(countCalls(calls, '/api/videos', 'POST')).toBe(0);
  });
});

describe('/admin/content edit', () => {
  it('edits: the form holds the item, and saving sends the whole item back', async () => {
    const longer = { ...breath, title: 'Evening Breath, Longer' };
    const { calls, dialog } = await contentCase.renderEdit({ body: longer });
    expectValues(dialog, {
      Title: 'Evening Breath',
      Tags: 'breath, sleep, beginner',
      'Duration (seconds)': 750,
      'Streaming URL': 'https://stream.example/breath.m3u8',
    });
    expect(within(dialog).getByRole('switch', { name: 'Premium' })).toHaveAttribute('aria-checked', 'true');
    expect(within(dialog).getByRole('button', { name: 'Change Image' })).toBeInTheDocument();
    expect(within(dialog).getByText('Mar 5, 2026')).toBeInTheDocument();

    await typeInto(dialog, { Title: 'Evening Breath, Longer' }, { clear: true });
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Published' }));
    await submitDialog(dialog, 'Save Changes', 'Content Updated');
    expect(contentCase.editBody(calls)).toMatchObject({
      title: 'Evening Breath, Longer',
      isPublished: false,
      isPremium: true,
      tags: ['breath', 'sleep', 'beginner'],
      calendarDates: ['2026-03-05'],
      thumbnailUrl: breath.thumbnailUrl,
      videoUrl: 'https://stream.example/breath.m3u8',
      duration: 750,
    });
  });
});

describe('/admin/content durations read from an upload (issue 36)', () => {
  const UPLOAD_URL =
    'http://localhost:3000/objects/uploads/0b7a3c1e-2f4d-4c5b-9a6e-7d8f9a0b1c2d?expires=9&signature=s';
  const registered = {
    objectPath: '/objects/media/a.mp3',
    kind: 'audio',
    contentType: 'audio/mpeg',
    size: 10,
  };

  async function uploadAudio(registration: object, typedDuration?: string) {
    installFakeXhr();
    renderScreen({
      [LIST_URL]: { body: [] },
      'POST /api/objects/upload': { body: { uploadURL: UPLOAD_URL } },
      'PUT /api/uploaded-videos': { body: { ...registered, ...registration } },
    });
    const dialog = await openCreateDialog();
    const duration = within(dialog).getByLabelText('Duration (seconds)');
    if (typedDuration !== undefined) {
      await userEvent.clear(duration);
      await userEvent.type(duration, typedDuration);
    }
    const input = within(dialog).getByLabelText('Uploaded file file');
    await userEvent.setup({ applyAccept: false }).upload(input, makeFile('bell.mp3', 'audio/mpeg'));
    (await waitForXhr()).respond(200);
    await screen.findByText('Audio uploaded successfully');
    return { dialog, duration };
  }

  it('fills the duration with the length the server read, when none was typed', async () => {
    const { dialog, duration } = await uploadAudio({ duration: 7 });
    await vi.waitFor(() => expect(duration).toHaveValue(7));
    expect(within(dialog).getByText('Whole seconds (0:07).')).toBeInTheDocument();
  });

  it('keeps a typed duration', async () => {
    const { duration } = await uploadAudio({ duration: 7 }, '300');
    expect(duration).toHaveValue(300);
  });

  it("says so when the file's length could not be read, and leaves the duration for the admin", async () => {
    const note = 'The length of this file could not be read. Type the duration in seconds yourself.';
    const { dialog, duration } = await uploadAudio({ duration: null, durationNote: note });
    expect(await within(dialog).findByText(note)).toBeInTheDocument();
    expect(duration).toHaveValue(0);
  });
});

describe('/admin/content pictures in the text (issue 36)', () => {
  it('an uploaded picture is written into the text as Markdown, at its end', async () => {
    installFakeXhr();
    const picture = '/objects/images/0b7a3c1e-2f4d-4c5b-9a6e-7d8f9a0b1c2d.webp';
    renderScreen({
      [LIST_URL]: { body: [] },
      'POST /api/objects/upload': {
        body: { uploadURL: 'http://localhost:3000/objects/uploads/0b7a3c1e-2f4d-4c5b-9a6e-7d8f9a0b1c2d?s=1' },
      },
      'PUT /api/uploaded-images': {
        body: { objectPath: picture, kind: 'image', contentType: 'image/webp', size: 10 },
      },
    });
    const dialog = await openCreateDialog();
    await typeInto(dialog, { Description: '## Before you begin' });
    const input = within(dialog).getByLabelText('Picture for the text file');
    await userEvent.setup({ applyAccept: false }).upload(input, makeFile('lake.png', 'image/png'));
    (await waitForXhr()).respond(200);
    await vi.waitFor(() =>
      expect(within(dialog).getByLabelText('Description')).toHaveValue(
        `## Before you begin\n\n![Describe the picture](${picture})`,
      ),
    );
  });
});
