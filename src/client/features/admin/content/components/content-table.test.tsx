import { bodyOf, countCalls, setUpAdminScreenTests } from '@client/features/admin/kit/testing';
import { installFakeXhr, makeFile, waitForXhr } from '@client/features/uploads/testing';
import { makeContentItem } from '@client/testing/content';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTENT_VIEW_STORAGE_KEY } from '../content-view';
import { breath, contentCase, draftPost } from '../testing';

// The content table (issue 36): the view toggle, sorting, filters, selection and bulk actions,
// and the bulk upload.

setUpAdminScreenTests();
const { listUrl: GRID_URL, render: renderScreen } = contentCase;

const TABLE = '/api/admin/content?sort=updated&direction=desc&type=all&status=all&access=all';
const tableUrl = (query: Partial<Record<'sort' | 'direction' | 'type' | 'status' | 'access', string>>) => {
  const params = new URLSearchParams({
    sort: 'updated',
    direction: 'desc',
    type: 'all',
    status: 'all',
    access: 'all',
    ...query,
  });
  return `/api/admin/content?${params}`;
};

beforeEach(() => window.localStorage.setItem(CONTENT_VIEW_STORAGE_KEY, 'table'));
afterEach(() => window.localStorage.clear());

async function findTable() {
  return screen.findByRole('table');
}

describe('/admin/content table view', () => {
  it('switches between grid and table and remembers the choice', async () => {
    window.localStorage.removeItem(CONTENT_VIEW_STORAGE_KEY);
    renderScreen({ [GRID_URL]: { body: [breath] }, [TABLE]: { body: [breath, draftPost] } });
    await screen.findByRole('article', { name: /Evening Breath/ });
    expect(screen.getByRole('button', { name: 'Grid' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Table' }));
    const table = await findTable();
    expect(within(table).getByRole('rowheader', { name: 'Notes on Rest' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Table' })).toHaveAttribute('aria-pressed', 'true');
    expect(window.localStorage.getItem(CONTENT_VIEW_STORAGE_KEY)).toBe('table');
  });

  it('shows no length as a dash, never "0:00", and says so to screen readers', async () => {
    const article = {
      ...draftPost,
      id: '0b9e1c55-51a0-4d0c-9a3e-1f7c0b2e9d44',
      title: 'An essay',
      duration: 0,
    };
    renderScreen({ [TABLE]: { body: [breath, article] } });
    const table = await findTable();
    const row = within(table).getByRole('rowheader', { name: 'An essay' }).closest('tr')!;
    expect(row).not.toHaveTextContent('0:00');
    expect(within(row).getByText('no length')).toBeInTheDocument();
  });

  it('sorts by a column header, with aria-sort saying how', async () => {
    const { calls } = renderScreen({
      [TABLE]: { body: [breath, draftPost] },
      [tableUrl({ sort: 'title', direction: 'asc' })]: { body: [breath, draftPost] },
      [tableUrl({ sort: 'title', direction: 'desc' })]: { body: [draftPost, breath] },
    });
    await findTable();
    const titleHeader = screen.getByRole('columnheader', { name: /Title/ });
    expect(titleHeader).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: /Updated/ })).toHaveAttribute('aria-sort', 'descending');

    await userEvent.click(within(titleHeader).getByRole('button'));
    await vi.waitFor(() => expect(titleHeader).toHaveAttribute('aria-sort', 'ascending'));
    await userEvent.click(within(titleHeader).getByRole('button'));
    await vi.waitFor(() => expect(titleHeader).toHaveAttribute('aria-sort', 'descending'));
    await vi.waitFor(() => expect(countCalls(calls, tableUrl({ sort: 'title', direction: 'desc' }))).toBe(1));
    const rows = await screen.findAllByRole('rowheader');
    await vi.waitFor(() => expect(rows[0]).toHaveTextContent('Notes on Rest'));
  });

  it('filters by status, type and access on the server', async () => {
    const { calls } = renderScreen({
      [TABLE]: { body: [breath, draftPost] },
      [tableUrl({ status: 'draft' })]: { body: [draftPost] },
      [tableUrl({ status: 'draft', type: 'post' })]: { body: [draftPost] },
    });
    await findTable();
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'draft');
    await vi.waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: 'Evening Breath' })).not.toBeInTheDocument(),
    );
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'post');
    await vi.waitFor(() => expect(countCalls(calls, tableUrl({ status: 'draft', type: 'post' }))).toBe(1));
  });

  it('selects two rows and unpublishes them after one confirmation, then says so', async () => {
    const third = makeContentItem({ id: '9d3e8c74-2f9e-4cab-9b53-4e8f2d9f1c33', title: 'Body Scan' });
    const { calls } = renderScreen({
      [TABLE]: { body: [breath, draftPost, third] },
      'POST /api/admin/content/bulk': { body: { action: 'unpublish', ids: [breath.id, third.id] } },
      [GRID_URL]: { body: [] },
    });
    await findTable();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Evening Breath' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Body Scan' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();

    const opener = screen.getByRole('button', { name: 'Unpublish' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Unpublish 2 items? They become drafts and leave the library.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unpublish' }));

    await screen.findByText('2 items unpublished.');
    expect(countCalls(calls, '/api/admin/content/bulk', 'POST')).toBe(1);
    expect(bodyOf(calls, '/api/admin/content/bulk', 'POST')).toEqual({
      ids: [breath.id, third.id],
      action: 'unpublish',
    });
    // The bar left with the selection: focus is on "Select all on this page", not lost.
    await vi.waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Select all on this page' })).toHaveFocus(),
    );
  });

  it('sends nothing when the confirmation is cancelled, and gives focus back to the button', async () => {
    const { calls } = renderScreen({ [TABLE]: { body: [breath, draftPost] } });
    await findTable();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    const opener = screen.getByRole('button', { name: 'Delete' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Delete 2 items? This action cannot be undone.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(opener).toHaveFocus());
    expect(countCalls(calls, '/api/admin/content/bulk', 'POST')).toBe(0);
  });

  it("shows the server's message when a bulk action is refused", async () => {
    renderScreen({
      [TABLE]: { body: [breath] },
      'POST /api/admin/content/bulk': {
        status: 404,
        body: { message: '1 of the 1 chosen items no longer exist; nothing was changed.', code: 'NOT_FOUND' },
      },
    });
    await findTable();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Evening Breath' }));
    await userEvent.click(screen.getByRole('button', { name: 'Make premium' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Make premium' }),
    );
    expect(
      await screen.findByText('1 of the 1 chosen items no longer exist; nothing was changed.'),
    ).toBeInTheDocument();
  });
});

describe('/admin/content bulk upload', () => {
  const UPLOAD_BASE = '/objects/uploads/';

  it('uploads two at a time, each with its own bar, titled from tags or file names; a failed file says why and retries while others finish', async () => {
    installFakeXhr();
    const created: unknown[] = [];
    let uploadCount = 0;
    renderScreen({
      [TABLE]: { body: [] },
      // Each file its own upload URL, in the order the files start; the first file's tags hold a title.
      'POST /api/objects/upload': () => ({ body: { uploadURL: `${UPLOAD_BASE}${++uploadCount}?expires=1` } }),
      'PUT /api/uploaded-videos': (init) => {
        const { videoURL } = JSON.parse(String(init?.body)) as { videoURL: string };
        return {
          body: {
            objectPath: '/objects/media/a.mp3',
            kind: 'audio',
            contentType: 'audio/mpeg',
            size: 1024,
            duration: 42,
            ...(videoURL.endsWith('/1') ? { title: 'Evening Bell Sit' } : {}),
          },
        };
      },
      'POST /api/videos': (init) => {
        const body = JSON.parse(String(init?.body));
        created.push(body);
        return {
          status: 201,
          body: makeContentItem({ ...body, id: `5b1c6a52-0d7c-4a8e-9f31-2c6e0b7d9a1${created.length}` }),
        };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Upload files' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload files' });
    await userEvent
      .setup({ applyAccept: false })
      .upload(within(dialog).getByLabelText('Audio or video files'), [
        makeFile('evening_sit.mp3', 'audio/mpeg'),
        makeFile('body-scan.mp3', 'audio/mpeg'),
        makeFile('walking.mp3', 'audio/mpeg'),
      ]);

    const first = await waitForXhr(0);
    const second = await waitForXhr(1);
    // Two at a time: the third waits.
    expect(within(dialog).getByRole('progressbar', { name: 'walking.mp3 upload' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    first.progress(512, 1024);
    expect(within(dialog).getByRole('progressbar', { name: 'evening_sit.mp3 upload' })).toHaveAttribute(
      'aria-valuenow',
      '45',
    );
    second.fail();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/failed|network|connection/i);
    // The failed one freed its place: the third starts while the first goes on.
    const third = await waitForXhr(2);
    first.respond(200);
    third.respond(200);
    await vi.waitFor(() => expect(created).toHaveLength(2));
    // Without a title in its tags, the draft is named from the file.
    expect(created[1]).toMatchObject({ title: 'Walking' });
    expect(created[0]).toMatchObject({
      title: 'Evening Bell Sit',
      type: 'audio',
      isPublished: false,
      duration: 42,
      videoFileUrl: '/objects/media/a.mp3',
    });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Retry body-scan.mp3' }));
    (await waitForXhr(3)).respond(200);
    await vi.waitFor(() => expect(created).toHaveLength(3));
    expect(created[2]).toMatchObject({ title: 'Body scan' });
    await vi.waitFor(() => expect(within(dialog).getAllByText('Draft saved')).toHaveLength(3));
  });
});
