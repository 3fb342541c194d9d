import { Toaster } from '@client/components/ui/toaster';
import { clearToasts } from '@client/testing/content';
import { bodyOf, renderWithProviders, stubFetch } from '@client/testing/render';
import { MB } from '@shared/schemas/uploads';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeXhr, makeFile, waitForXhr } from '../testing';
import type { UploadKind } from '../upload-rules';
import { FileUploader } from './file-uploader';

afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
});

const UPLOAD_URL =
  'http://localhost:3000/objects/uploads/0b7a3c1e-2f4d-4c5b-9a6e-7d8f9a0b1c2d?expires=9&signature=s';
const IMAGE_PATH = '/objects/images/0b7a3c1e-2f4d-4c5b-9a6e-7d8f9a0b1c2d.webp';
const IMAGE_VARIANT = '/objects/images/0b7a3c1e-2f4d-4c5b-9a6e-7d8f9a0b1c2d-640.webp';

type Routes = Parameters<typeof stubFetch>[0];

/** fetch with the upload routes; the registration can be held open until the test lets it go. */
function stubUploadFetch(routes: Routes = {}, { holdRegistration = false } = {}) {
  const stub = stubFetch({ 'POST /api/objects/upload': { body: { uploadURL: UPLOAD_URL } }, ...routes });
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    if (holdRegistration && String(input).startsWith('/api/uploaded-')) await held;
    return stub.fetch(input, init);
  };
  vi.stubGlobal('fetch', fetchMock);
  return { calls: stub.calls, release: () => act(release) };
}

function renderUploader({ kind = 'image' as UploadKind, initialValue = '' } = {}) {
  const onChange = vi.fn();
  function Harness() {
    const [value, setValue] = useState(initialValue);
    return (
      <>
        <FileUploader
          kind={kind}
          label={kind === 'image' ? 'Thumbnail' : 'Media file'}
          value={value}
          onChange={(next) => {
            onChange(next);
            setValue(next);
          }}
        />
        <Toaster />
      </>
    );
  }
  renderWithProviders(<Harness />);
  const input = screen.getByLabelText(kind === 'image' ? 'Thumbnail file' : 'Media file file');
  return { onChange, input: input as HTMLInputElement };
}

const user = () => userEvent.setup({ applyAccept: false });

/** A `kind` uploader over the fake transfer, `file` chosen: returns the transfer once it has started. */
async function startUpload(
  file: File,
  { kind = 'image' as UploadKind, routes = {} as Routes, holdRegistration = false } = {},
) {
  installFakeXhr();
  const server = stubUploadFetch(routes, { holdRegistration });
  const view = renderUploader({ kind });
  await user().upload(view.input, file);
  return { ...server, ...view, request: await waitForXhr() };
}

describe('FileUploader (image)', () => {
  it('reads Upload Image without a value and Change Image with one, showing the 640 px variant', () => {
    const first = renderUploader();
    expect(screen.getByRole('button', { name: 'Upload Image' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Thumbnail' })).toBeInTheDocument();
    expect(first.input).toHaveAttribute('accept', 'image/*');
    document.body.innerHTML = '';

    renderUploader({ initialValue: IMAGE_PATH });
    expect(screen.getByRole('button', { name: 'Change Image' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Thumbnail preview' })).toHaveAttribute('src', IMAGE_VARIANT);
    expect(screen.getByRole('button', { name: 'Remove thumbnail' })).toBeInTheDocument();
  });

  it('opens the file picker from the button', async () => {
    const { input } = renderUploader();
    const click = vi.spyOn(input, 'click');
    await userEvent.click(screen.getByRole('button', { name: 'Upload Image' }));
    expect(click).toHaveBeenCalled();
  });

  it('refuses a file that is not an image before sending anything', async () => {
    const { calls } = stubUploadFetch();
    const { input } = renderUploader();
    await user().upload(input, makeFile('notes.pdf', 'application/pdf'));
    expect(await screen.findByText('Invalid file type')).toBeInTheDocument();
    expect(screen.getByText('Please select an image file (JPG, PNG, GIF, etc.)')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('refuses an image over 10 MB before sending anything', async () => {
    const { calls } = stubUploadFetch();
    const { input } = renderUploader();
    await user().upload(input, makeFile('huge.png', 'image/png', 10 * MB + 1));
    expect(await screen.findByText('File too large')).toBeInTheDocument();
    expect(screen.getByText('Please select an image smaller than 10MB')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows progress 0 → 90 while sending, 95 while registering and 100 when done', async () => {
    const file = makeFile('dawn.png', 'image/png', 2048);
    const { calls, release, onChange, request } = await startUpload(file, {
      routes: {
        'PUT /api/uploaded-images': {
          body: { objectPath: IMAGE_PATH, kind: 'image', contentType: 'image/webp', size: 10 },
        },
      },
      holdRegistration: true,
    });
    const bar = screen.getByRole('progressbar', { name: 'Thumbnail upload' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(request.method).toBe('PUT');
    expect(request.url).toBe(UPLOAD_URL);
    expect(request.headers['Content-Type']).toBe('image/png');
    expect(request.withCredentials).toBe(false);
    expect(request.body).toBe(file);
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();

    request.progress(1024, 2048);
    expect(bar).toHaveAttribute('aria-valuenow', '45');
    expect(screen.getByText('Uploading… 45%')).toBeInTheDocument();
    request.progress(2048, 2048);
    expect(bar).toHaveAttribute('aria-valuenow', '90');

    request.respond(200);
    await vi.waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '95'));
    expect(onChange).not.toHaveBeenCalled();

    release();
    await vi.waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'Thumbnail upload' })).toHaveAttribute(
        'aria-valuenow',
        '100',
      ),
    );
    expect(await screen.findByText('Image uploaded successfully')).toBeInTheDocument();
    expect(screen.getByText('Your image has been uploaded and is ready to use.')).toBeInTheDocument();
    expect(onChange).toHaveBeenCalledWith(IMAGE_PATH);
    expect(screen.getByRole('img', { name: 'Thumbnail preview' })).toHaveAttribute('src', IMAGE_VARIANT);
    expect(screen.getByRole('button', { name: 'Change Image' })).toBeInTheDocument();

    // The URL is asked for with the file's size: it takes exactly that many bytes.
    expect(bodyOf(calls, '/api/objects/upload', 'POST')).toEqual({ size: file.size });
    expect(bodyOf(calls, '/api/uploaded-images', 'PUT')).toEqual({
      imageURL: 'http://localhost:3000/objects/uploads/0b7a3c1e-2f4d-4c5b-9a6e-7d8f9a0b1c2d',
    });
  });

  it('cancels: aborts the transfer, goes back to idle and says nothing of failure', async () => {
    const { calls, onChange, request } = await startUpload(makeFile('dawn.png', 'image/png'));
    request.progress(10, 100);

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(request.isAborted).toBe(true);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload Image' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText('Upload failed')).not.toBeInTheDocument();
    expect(calls.some((call) => call.url.startsWith('/api/uploaded-'))).toBe(false);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('fails with the image sentence when the PUT answers other than 200', async () => {
    const { calls, onChange, request } = await startUpload(makeFile('dawn.png', 'image/png'));
    request.respond(403);
    expect(await screen.findByText('Upload failed')).toBeInTheDocument();
    expect(screen.getByText('Failed to upload image. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('dawn.png did not upload. You can try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload Image' })).toBeInTheDocument();
    expect(calls.some((call) => call.url.startsWith('/api/uploaded-'))).toBe(false);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('fails when no upload URL can be had', async () => {
    stubUploadFetch({
      'POST /api/objects/upload': { status: 500, body: { message: 'Internal Server Error' } },
    });
    const { input } = renderUploader();
    await user().upload(input, makeFile('dawn.png', 'image/png'));
    expect(await screen.findByText('Failed to upload image. Please try again.')).toBeInTheDocument();
  });

  it("says why when the member's upload allowance is used up", async () => {
    const message =
      'Your uploads would pass your allowance of 20 MB (20 MB in use). Try a smaller picture, or again later.';
    stubUploadFetch({
      'POST /api/objects/upload': { status: 413, body: { message, code: 'UPLOAD_QUOTA_EXCEEDED' } },
    });
    const { input } = renderUploader();
    await user().upload(input, makeFile('dawn.png', 'image/png'));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('takes a file dropped on the box', async () => {
    installFakeXhr();
    stubUploadFetch();
    renderUploader();
    const file = makeFile('dropped.png', 'image/png');
    const zone = screen.getByTestId('upload-drop-zone');
    fireEvent.dragOver(zone, { dataTransfer: { types: ['Files'], files: [file] } });
    fireEvent.drop(zone, { dataTransfer: { types: ['Files'], files: [file] } });
    expect((await waitForXhr()).body).toBe(file);
    expect(screen.getByText('dropped.png')).toBeInTheDocument();
  });

  it('removes the image', async () => {
    const { onChange } = renderUploader({ initialValue: IMAGE_PATH });
    await userEvent.click(screen.getByRole('button', { name: 'Remove thumbnail' }));
    expect(onChange).toHaveBeenCalledWith('');
    expect(screen.getByRole('button', { name: 'Upload Image' })).toBeInTheDocument();
  });
});

describe('FileUploader (media)', () => {
  it('refuses files that are neither video nor audio, and ones too large for their kind', async () => {
    const { calls } = stubUploadFetch();
    const { input } = renderUploader({ kind: 'media' });
    expect(input).toHaveAttribute('accept', 'video/*,audio/*');
    expect(screen.getByRole('button', { name: 'Upload File' })).toBeInTheDocument();
    await user().upload(input, makeFile('cover.png', 'image/png'));
    expect(
      await screen.findByText('Please select a video or audio file (MP4, MOV, MP3, etc.)'),
    ).toBeInTheDocument();
    await user().upload(input, makeFile('film.mp4', 'video/mp4', 500 * MB + 1));
    expect(await screen.findByText('Please select a video file smaller than 500MB')).toBeInTheDocument();
    await user().upload(input, makeFile('talk.mp3', 'audio/mpeg', 100 * MB + 1));
    expect(await screen.findByText('Please select an audio file smaller than 100MB')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('uploads audio, names the file and its kind, and can remove it', async () => {
    const { calls, onChange, request } = await startUpload(makeFile('Evening Breath.mp3', 'audio/mpeg'), {
      kind: 'media',
      routes: {
        'PUT /api/uploaded-videos': {
          body: { objectPath: '/objects/media/abc.mp3', kind: 'audio', contentType: 'audio/mpeg', size: 10 },
        },
      },
    });
    expect(request.headers['Content-Type']).toBe('audio/mpeg');
    request.progress(5, 5);
    request.respond(200);
    expect(await screen.findByText('Audio uploaded successfully')).toBeInTheDocument();
    expect(onChange).toHaveBeenCalledWith('/objects/media/abc.mp3');
    expect(screen.getAllByText('Evening Breath.mp3').length).toBeGreaterThan(0);
    expect(screen.getByText('Audio file')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(bodyOf(calls, '/api/uploaded-videos', 'PUT')).toEqual({
      videoURL: 'http://localhost:3000/objects/uploads/0b7a3c1e-2f4d-4c5b-9a6e-7d8f9a0b1c2d',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Remove media file' }));
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(screen.getByRole('button', { name: 'Upload File' })).toBeInTheDocument();
  });

  it('says Video uploaded successfully for a video', async () => {
    const { request } = await startUpload(makeFile('flow.mp4', 'video/mp4'), {
      kind: 'media',
      routes: {
        'PUT /api/uploaded-videos': {
          body: { objectPath: '/objects/media/abc.mp4', kind: 'video', contentType: 'video/mp4', size: 10 },
        },
      },
    });
    request.respond(200);
    expect(await screen.findByText('Video uploaded successfully')).toBeInTheDocument();
    expect(screen.getByText('Video file')).toBeInTheDocument();
  });

  it('fails with the file sentence on a network error', async () => {
    const { request } = await startUpload(makeFile('flow.mp4', 'video/mp4'), { kind: 'media' });
    request.fail();
    expect(await screen.findByText('Upload failed')).toBeInTheDocument();
    expect(screen.getByText('Failed to upload file. Please try again.')).toBeInTheDocument();
  });

  it('shows the server’s reason when registration refuses the file', async () => {
    const refusal = 'Invalid file type: Please select a video or audio file (MP4, MOV, MP3, etc.)';
    const { onChange, request } = await startUpload(makeFile('renamed.mp4', 'video/mp4'), {
      kind: 'media',
      routes: {
        'PUT /api/uploaded-videos': { status: 400, body: { message: refusal, code: 'BAD_REQUEST' } },
      },
    });
    request.respond(200);
    expect(await screen.findByText('Upload failed')).toBeInTheDocument();
    expect(screen.getByText(refusal)).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('uses the file sentence when registration fails without a reason', async () => {
    const { request } = await startUpload(makeFile('flow.mp4', 'video/mp4'), {
      kind: 'media',
      routes: { 'PUT /api/uploaded-videos': { status: 500, body: '' } },
    });
    request.respond(200);
    expect(await screen.findByText('Failed to upload file. Please try again.')).toBeInTheDocument();
  });
});
