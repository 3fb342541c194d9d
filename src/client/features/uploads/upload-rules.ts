import { UPLOAD_LIMITS, UPLOAD_MESSAGES } from '@shared/schemas/uploads';

/**
 * The uploader's rules, kept pure (docs/product.md, "States and transitions", "Validation", "Errors shown" and "Constants and limits"): which files may be sent, how
 * far the progress bar goes in each phase, and what the toasts say.
 */

/** What an uploader takes: a picture, or a video or audio file. */
export type UploadKind = 'image' | 'media';
/** What a file turned out to be. */
export type FileKind = 'image' | 'video' | 'audio';

export type ToastText = { title: string; description: string };

/** docs/product.md writes each message as 'Title: Description'; a toast shows the two parts apart. */
export function splitMessage(message: string): ToastText {
  const index = message.indexOf(': ');
  if (index === -1) return { title: message, description: '' };
  return { title: message.slice(0, index), description: message.slice(index + 2) };
}

export type FileCheck = { isAllowed: true; fileKind: FileKind } | { isAllowed: false; message: ToastText };

/**
 * docs/product.md, "Validation": the type and size checks made before any byte is sent. The declared type is
 * only a first filter for a friendly message; the server decides from the file's bytes.
 */
export function checkFile(kind: UploadKind, file: { type: string; size: number }): FileCheck {
  const type = file.type.toLowerCase();
  if (kind === 'image') {
    if (!type.startsWith('image/')) return refuse(UPLOAD_MESSAGES.imageType);
    // The server refuses it from its bytes too; saying so before sending saves the upload.
    if (type === 'image/svg+xml') return refuse(UPLOAD_MESSAGES.imageSvg);
    if (file.size > UPLOAD_LIMITS.image) return refuse(UPLOAD_MESSAGES.imageSize);
    return { isAllowed: true, fileKind: 'image' };
  }
  if (type.startsWith('video/')) {
    if (file.size > UPLOAD_LIMITS.video) return refuse(UPLOAD_MESSAGES.videoSize);
    return { isAllowed: true, fileKind: 'video' };
  }
  if (type.startsWith('audio/')) {
    if (file.size > UPLOAD_LIMITS.audio) return refuse(UPLOAD_MESSAGES.audioSize);
    return { isAllowed: true, fileKind: 'audio' };
  }
  return refuse(UPLOAD_MESSAGES.mediaType);
}

function refuse(message: string): FileCheck {
  return { isAllowed: false, message: splitMessage(message) };
}

/** docs/product.md, "Constants and limits": upload progress caps. */
export const TRANSFER_PROGRESS_CAP = 90;
export const REGISTERING_PROGRESS = 95;
export const DONE_PROGRESS = 100;

/** Bytes sent so far as 0–90: the last tenth is for registering the file and finishing. */
export function transferProgress(loaded: number, total: number): number {
  if (!(total > 0) || !(loaded > 0)) return 0;
  return Math.min(TRANSFER_PROGRESS_CAP, Math.floor((loaded / total) * TRANSFER_PROGRESS_CAP));
}

/** docs/product.md, "The HTTP calls": registration names the upload by its URL without the query string. */
export function registrationUrl(uploadUrl: string): string {
  return uploadUrl.replace(/[?#].*$/, '');
}

/** docs/product.md, "Errors shown": the success toasts. */
export function uploadSuccessToast(fileKind: FileKind, fileName: string): ToastText {
  if (fileKind === 'image') return splitMessage(UPLOAD_MESSAGES.imageDone);
  const title = fileKind === 'video' ? UPLOAD_MESSAGES.videoDone : UPLOAD_MESSAGES.audioDone;
  return { title, description: fileName ? `${fileName} is ready to use.` : '' };
}

/** docs/product.md, "Errors shown": the failure toasts; a refusal from the server says why in its own words. */
export function uploadFailureToast(kind: UploadKind, serverMessage?: string | null): ToastText {
  const fallback = splitMessage(kind === 'image' ? UPLOAD_MESSAGES.imageFailed : UPLOAD_MESSAGES.fileFailed);
  return serverMessage ? { title: fallback.title, description: serverMessage } : fallback;
}

/** The file name at the end of an object path or URL ('/objects/media/abc.mp3' → 'abc.mp3'). */
export function fileNameOf(value: string): string {
  const path = value.replace(/[?#].*$/, '');
  const name = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

const AUDIO_EXTENSIONS = new Set(['mp3', 'm4a', 'aac', 'wav', 'ogg', 'oga', 'opus', 'flac', 'weba']);

/** Audio or video, guessed from a stored file's extension (the registration told us once). */
export function mediaKindOf(value: string): 'video' | 'audio' {
  const extension = fileNameOf(value).split('.').pop()?.toLowerCase() ?? '';
  return AUDIO_EXTENSIONS.has(extension) ? 'audio' : 'video';
}
