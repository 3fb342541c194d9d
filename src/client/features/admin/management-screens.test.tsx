import { installFakeXhr, makeFile, waitForXhr } from '@client/features/uploads/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { announcementsCase } from './announcements/testing';
import { contentCase } from './content/testing';
import { forumsCase } from './forums/testing';
import {
  bodyOf,
  countCalls,
  expectAccessDenied,
  findCard,
  holdRequests,
  itGatesMembers,
  queryCard,
  setUpAdminScreenTests,
} from './kit/testing';

// The scenarios every management screen shares (gate, list states, failed writes, delete), once
// for each screen; each screen's own file keeps its cards, fields and sentences.

vi.setConfig({ testTimeout: 15_000 });

setUpAdminScreenTests();

describe.each([announcementsCase, contentCase, forumsCase])('$path', (screenCase) => {
  const {
    render,
    listUrl,
    writeUrl,
    item,
    other,
    texts,
    openCreate: openCreateDialog,
    renderEdit,
  } = screenCase;
  const askToDelete = async () => {
    await userEvent.click(await screen.findByRole('button', { name: `Delete ${item.title}` }));
    return screen.findByRole('alertdialog', { name: texts.deleteDialog });
  };

  describe('access', () => {
    itGatesMembers(render, { api: writeUrl });

    it('shows Access Denied when the server refuses the list', async () => {
      render({ [listUrl]: { status: 403, body: { message: 'Admins only' } } });
      await expectAccessDenied();
    });
  });

  describe('list', () => {
    it('has the heading, subtitle, Back to Admin link and search box', async () => {
      render({ [listUrl]: { body: [] } });
      expect(await screen.findByRole('heading', { level: 1, name: texts.heading })).toBeInTheDocument();
      expect(screen.getByText(texts.subtitle)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to Admin' })).toHaveAttribute('href', '/admin');
      expect(screen.getByRole('searchbox', { name: texts.searchLabel })).toHaveAttribute(
        'placeholder',
        texts.searchPlaceholder,
      );
    });

    it('says it is loading while the list loads', async () => {
      render({ [listUrl]: { never: true } });
      expect(await screen.findByText(texts.loading)).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: texts.heading })).toBeInTheDocument();
    });

    it('invites the first item when there is none', async () => {
      render({ [listUrl]: { body: [] } });
      expect(await screen.findByText(texts.empty)).toBeInTheDocument();
      expect(screen.getAllByRole('button', { name: texts.createButton })).toHaveLength(2);
    });

    it('offers a retry when the list cannot be loaded', async () => {
      let attempts = 0;
      render({
        [listUrl]: () => {
          attempts += 1;
          return attempts === 1 ? { status: 500, body: '' } : { body: [item] };
        },
      });
      expect(await screen.findByText(texts.loadError)).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await findCard(item.title)).toBeInTheDocument();
    });

    it('says when nothing matches the search, and shows all again', async () => {
      const { searchMiss } = screenCase;
      const { calls } = render({
        [listUrl]: { body: [item, other] },
        ...(searchMiss.url ? { [searchMiss.url]: { body: [] } } : {}),
      });
      await findCard(other.title);
      const search = screen.getByRole('searchbox', { name: texts.searchLabel });
      await userEvent.type(search, 'nothing');
      expect(await screen.findByText(searchMiss.message)).toBeInTheDocument();
      if (searchMiss.url) expect(countCalls(calls, searchMiss.url)).toBe(1);
      await userEvent.click(screen.getByRole('button', { name: searchMiss.reset }));
      expect(await findCard(other.title)).toBeInTheDocument();
      expect(search).toHaveValue('');
    });

    if (screenCase.nextPageUrl) {
      const nextPageUrl = screenCase.nextPageUrl;
      it('loads more through the next cursor', async () => {
        render({
          [listUrl]: { body: [item], headers: { 'x-next-cursor': 'c1' } },
          [nextPageUrl]: { body: [other] },
        });
        expect(await screen.findByText(`${texts.countOfOne} shown, more below`)).toBeInTheDocument();
        await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
        expect(await findCard(other.title)).toBeInTheDocument();
        expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
      });
    }
  });

  if (screenCase.imageUpload) {
    const { fileLabel, field } = screenCase.imageUpload;
    it('waits for an image upload before saving, then sends its object path', async () => {
      installFakeXhr();
      const { calls } = render({
        [listUrl]: { body: [] },
        'POST /api/objects/upload': {
          body: { uploadURL: 'http://localhost/objects/uploads/u1?expires=1&signature=s' },
        },
        'PUT /api/uploaded-images': {
          body: { objectPath: '/objects/images/u1.webp', kind: 'image', contentType: 'image/webp', size: 3 },
        },
        [`POST ${writeUrl}`]: { status: 201, body: item },
      });
      const dialog = await openCreateDialog();
      await screenCase.fillRequired(dialog);
      await userEvent
        .setup({ applyAccept: false })
        .upload(within(dialog).getByLabelText(fileLabel), makeFile('dawn.png', 'image/png'));
      const request = await waitForXhr();
      expect(within(dialog).getByRole('button', { name: texts.createButton })).toBeDisabled();
      expect(within(dialog).getByText('Wait for the upload to finish before saving.')).toBeInTheDocument();
      request.progress(3, 3);
      request.respond(200);
      expect(await screen.findByText('Image uploaded successfully')).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Change Image' })).toBeInTheDocument();
      await userEvent.click(within(dialog).getByRole('button', { name: texts.createButton }));
      expect(await screen.findByText(`${texts.noun} Created`)).toBeInTheDocument();
      expect(bodyOf(calls, writeUrl, 'POST')[field]).toBe('/objects/images/u1.webp');
    });
  }

  describe('failed writes', () => {
    it('keeps the dialog open and shows the server’s message when creating fails', async () => {
      render({
        [listUrl]: { body: [] },
        [`POST ${writeUrl}`]: { status: 400, body: { message: 'body/title: Title is required' } },
      });
      const dialog = await openCreateDialog();
      await screenCase.fillRequired(dialog);
      await userEvent.click(within(dialog).getByRole('button', { name: texts.createButton }));
      expect(await screen.findByText('Error')).toBeInTheDocument();
      expect(screen.getByText('body/title: Title is required')).toBeInTheDocument();
      expect(screen.getByRole('dialog', { name: texts.createDialog })).toBeInTheDocument();
    });

    it('says Failed to create … when the server gives no message', async () => {
      render({ [listUrl]: { body: [] }, [`POST ${writeUrl}`]: { status: 500, body: '' } });
      const dialog = await openCreateDialog();
      await screenCase.fillRequired(dialog);
      await userEvent.click(within(dialog).getByRole('button', { name: texts.createButton }));
      expect(await screen.findByText(`Failed to create ${texts.failureNoun}`)).toBeInTheDocument();
    });

    it('says Failed to update … when saving fails without a message', async () => {
      const { dialog } = await renderEdit({ status: 502, body: '' });
      await userEvent.click(within(dialog).getByRole('button', { name: texts.saveButton }));
      expect(await screen.findByText(`Failed to update ${texts.failureNoun}`)).toBeInTheDocument();
      expect(screen.getByRole('dialog', { name: texts.editDialog })).toBeInTheDocument();
    });
  });

  describe('delete', () => {
    it('asks, shows Deleting... while pending, then deletes, refreshes and confirms', async () => {
      let isDeleted = false;
      const { calls } = render({ [listUrl]: () => ({ body: isDeleted ? [other] : [item, other] }) });
      const finish = holdRequests(calls, 'DELETE', () => {
        isDeleted = true;
        return new Response(null, { status: 204 });
      });
      const dialog = await askToDelete();
      expect(dialog).toHaveTextContent(texts.deleteQuestion(item.title));
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
      await userEvent.click(within(dialog).getByRole('button', { name: texts.confirmDelete }));
      expect(await within(dialog).findByRole('button', { name: 'Deleting...' })).toBeDisabled();
      finish();
      expect(await screen.findByText(`${texts.noun} Deleted`)).toBeInTheDocument();
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      await vi.waitFor(() => expect(queryCard(item.title)).not.toBeInTheDocument());
      expect(queryCard(other.title)).toBeInTheDocument();
      expect(countCalls(calls, `${writeUrl}/${item.id}`, 'DELETE')).toBe(1);
    });

    it('cancelling the delete sends nothing', async () => {
      const { calls } = render({ [listUrl]: { body: [item] } });
      const dialog = await askToDelete();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(calls.some((call) => call.init?.method === 'DELETE')).toBe(false);
    });

    it('shows the server’s message, else Failed to delete …, and keeps the question open', async () => {
      render({ [listUrl]: { body: [item] }, [`DELETE ${writeUrl}/${item.id}`]: { status: 500, body: '' } });
      const dialog = await askToDelete();
      await userEvent.click(within(dialog).getByRole('button', { name: texts.confirmDelete }));
      expect(await screen.findByText('Error')).toBeInTheDocument();
      expect(screen.getByText(`Failed to delete ${texts.failureNoun}`)).toBeInTheDocument();
      expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    });
  });
});
