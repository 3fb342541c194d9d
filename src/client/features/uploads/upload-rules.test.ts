import { MB } from '@shared/schemas/uploads';
import { describe, expect, it } from 'vitest';
import {
  checkFile,
  fileNameOf,
  mediaKindOf,
  registrationUrl,
  splitMessage,
  transferProgress,
  uploadFailureToast,
  uploadSuccessToast,
} from './upload-rules';

const IMAGES_ONLY = 'Please select an image file (JPG, PNG, GIF, etc.)';
const MEDIA_ONLY = 'Please select a video or audio file (MP4, MOV, MP3, etc.)';

describe('checkFile', () => {
  it.each([
    ['image/png', 10 * MB, 'image'],
    ['image/jpeg', 1, 'image'],
    ['IMAGE/GIF', 5 * MB, 'image'],
  ])('takes an image (%s, %i bytes)', (type, size, fileKind) => {
    expect(checkFile('image', { type, size })).toEqual({ isAllowed: true, fileKind });
  });

  it('refuses an SVG before sending it, saying which images work', () => {
    expect(checkFile('image', { type: 'image/svg+xml', size: 1 })).toEqual({
      isAllowed: false,
      message: {
        title: 'SVG images are not accepted',
        description:
          'Please save it as a PNG, JPG, GIF or WebP image and upload that (for a logo, a square PNG of 512×512 or more)',
      },
    });
  });

  it.each([
    ['image', 'application/pdf', IMAGES_ONLY],
    ['image', '', IMAGES_ONLY],
    ['image', 'video/mp4', IMAGES_ONLY],
    ['media', 'image/png', MEDIA_ONLY],
    ['media', 'application/octet-stream', MEDIA_ONLY],
    ['media', '', MEDIA_ONLY],
  ] as const)('refuses the wrong kind for an %s uploader (%s)', (kind, type, description) => {
    expect(checkFile(kind, { type, size: 1 })).toEqual({
      isAllowed: false,
      message: { title: 'Invalid file type', description },
    });
  });

  it.each([
    ['video/mp4', 500 * MB, 'video'],
    ['video/quicktime', 1, 'video'],
    ['audio/mpeg', 100 * MB, 'audio'],
    ['audio/wav', 1, 'audio'],
  ])('takes media (%s, %i bytes)', (type, size, fileKind) => {
    expect(checkFile('media', { type, size })).toEqual({ isAllowed: true, fileKind });
  });

  it.each([
    ['image', 'image/png', 10 * MB + 1, 'Please select an image smaller than 10MB'],
    ['media', 'video/mp4', 500 * MB + 1, 'Please select a video file smaller than 500MB'],
    ['media', 'audio/mpeg', 100 * MB + 1, 'Please select an audio file smaller than 100MB'],
  ] as const)(
    'refuses an %s file (%s) over its limit with its own sentence',
    (kind, type, size, description) => {
      expect(checkFile(kind, { type, size })).toEqual({
        isAllowed: false,
        message: { title: 'File too large', description },
      });
    },
  );
});

describe('transferProgress', () => {
  it.each([
    [0, 100, 0],
    [1, 100, 0],
    [50, 100, 45],
    [99, 100, 89],
    [100, 100, 90],
    [150, 100, 90],
    [10, 0, 0],
    [-5, 100, 0],
  ])('%i of %i bytes is %i', (loaded, total, expected) => {
    expect(transferProgress(loaded, total)).toBe(expected);
  });
});

describe('registrationUrl', () => {
  it.each([
    ['http://localhost/objects/uploads/abc?expires=1&signature=x', 'http://localhost/objects/uploads/abc'],
    [
      'https://bucket.s3.amazonaws.com/uploads/abc?X-Amz-Signature=1#frag',
      'https://bucket.s3.amazonaws.com/uploads/abc',
    ],
    ['/objects/uploads/abc', '/objects/uploads/abc'],
  ])('%s → %s', (input, expected) => {
    expect(registrationUrl(input)).toBe(expected);
  });
});

describe('toasts', () => {
  it('splits docs/product.md messages into title and description', () => {
    expect(splitMessage('Upload failed: Failed to upload file. Please try again.')).toEqual({
      title: 'Upload failed',
      description: 'Failed to upload file. Please try again.',
    });
    expect(splitMessage('Video uploaded successfully')).toEqual({
      title: 'Video uploaded successfully',
      description: '',
    });
  });

  it('says which kind of file arrived', () => {
    expect(uploadSuccessToast('image', 'a.png')).toEqual({
      title: 'Image uploaded successfully',
      description: 'Your image has been uploaded and is ready to use.',
    });
    expect(uploadSuccessToast('video', 'a.mp4').title).toBe('Video uploaded successfully');
    expect(uploadSuccessToast('audio', 'a.mp3').title).toBe('Audio uploaded successfully');
  });

  it('explains failures, in the server’s words when it refused the file', () => {
    expect(uploadFailureToast('image')).toEqual({
      title: 'Upload failed',
      description: 'Failed to upload image. Please try again.',
    });
    expect(uploadFailureToast('media', null)).toEqual({
      title: 'Upload failed',
      description: 'Failed to upload file. Please try again.',
    });
    expect(uploadFailureToast('media', 'Nope')).toEqual({ title: 'Upload failed', description: 'Nope' });
  });
});

describe('stored files', () => {
  it('names a file by the end of its path', () => {
    expect(fileNameOf('/objects/media/abc.mp3')).toBe('abc.mp3');
    expect(fileNameOf('https://cdn.example/a%20b.mp4?x=1')).toBe('a b.mp4');
  });

  it('tells audio from video by extension', () => {
    expect(mediaKindOf('/objects/media/abc.mp3')).toBe('audio');
    expect(mediaKindOf('/objects/media/abc.M4A')).toBe('audio');
    expect(mediaKindOf('/objects/media/abc.mp4')).toBe('video');
    expect(mediaKindOf('/objects/media/abc')).toBe('video');
  });
});
