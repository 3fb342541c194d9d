import { z } from 'zod';

/** Uploads (docs/product.md, "States and transitions", "Validation", "The HTTP calls", "Errors shown" and "Constants and limits"): limits and messages shared by the uploader and the server. */

export const MB = 1024 * 1024;

export const UPLOAD_LIMITS = {
  image: 10 * MB,
  video: 500 * MB,
  audio: 100 * MB,
} as const;

/** Image formats we accept (decided from the file's bytes; SVG is refused with its own message). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

/** docs/product.md, "Validation", word for word: the uploader's toasts and the server's 400 messages. */
export const UPLOAD_MESSAGES = {
  imageType: 'Invalid file type: Please select an image file (JPG, PNG, GIF, etc.)',
  /** Added to docs/product.md's list: an SVG (a document that can carry scripts) is refused on purpose, naming the images that work. */
  imageSvg:
    'SVG images are not accepted: Please save it as a PNG, JPG, GIF or WebP image and upload that (for a logo, a square PNG of 512×512 or more)',
  imageSize: 'File too large: Please select an image smaller than 10MB',
  mediaType: 'Invalid file type: Please select a video or audio file (MP4, MOV, MP3, etc.)',
  videoSize: 'File too large: Please select a video file smaller than 500MB',
  audioSize: 'File too large: Please select an audio file smaller than 100MB',
  imageFailed: 'Upload failed: Failed to upload image. Please try again.',
  imageDone: 'Image uploaded successfully: Your image has been uploaded and is ready to use.',
  fileFailed: 'Upload failed: Failed to upload file. Please try again.',
  videoDone: 'Video uploaded successfully',
  audioDone: 'Audio uploaded successfully',
} as const;

/** How long an upload URL works. */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;

export const UploadUrlSchema = z.object({ uploadURL: z.string() });
/**
 * `POST /api/objects/upload`'s body: the file's size in bytes. The URL then takes exactly that many
 * (an S3 URL signs it, so the bucket refuses another length), and the size counts against the
 * member's upload allowance from now on. Required with S3 storage; without it, on local storage,
 * the largest file the member may upload is counted.
 */
export const CreateUploadSchema = z
  .object({
    size: z
      .number('size must be the file size in bytes')
      .int('size must be a whole number of bytes')
      .min(1, 'size must be at least 1 byte')
      .optional(),
  })
  // No body at all (docs/product.md's request sends none): Fastify hands the schema null.
  .nullish();
export type CreateUpload = z.infer<typeof CreateUploadSchema>;

export const RegisterImageSchema = z.object({
  imageURL: z.string().trim().min(1, 'imageURL is required').max(4096, 'imageURL is too long'),
});
export const RegisterVideoSchema = z.object({
  videoURL: z.string().trim().min(1, 'videoURL is required').max(4096, 'videoURL is too long'),
});

export const RegisteredUploadSchema = z.object({
  objectPath: z.string(),
  kind: z.enum(['image', 'video', 'audio']),
  contentType: z.string(),
  size: z.number().int(),
  /** Audio and video only: the file's length in whole seconds, null when it could not be read. */
  duration: z.number().int().nullable().optional(),
  /** Audio and video only: why there is no duration, for the admin. */
  durationNote: z.string().optional(),
  /** Audio and video only: the title in the file's own tags, when it has one (the bulk upload's drafts). */
  title: z.string().optional(),
});
export type RegisteredUpload = z.infer<typeof RegisteredUploadSchema>;

export { thumbnailVariant, UPLOADED_IMAGE_PATTERN } from '../uploaded-images.ts';
