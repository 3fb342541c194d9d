import { apiRequest } from '@client/lib/api';
import type { RegisteredUpload } from '@shared/schemas/uploads';
import { registrationUrl, type UploadKind } from '../upload-rules';

/**
 * The three requests of an upload (docs/product.md, "The HTTP calls"; docs/architecture.md, "Uploads and storage"): ask for a
 * single-use URL, PUT the file there, then register it so the server checks its bytes and gives
 * back the object path to store.
 */

/**
 * `POST /api/objects/upload { size }`: a URL on this server or a presigned S3 URL, valid 15 minutes,
 * for exactly `size` bytes (the file's size; it counts against the member's upload allowance).
 */
export async function requestUploadUrl(size: number): Promise<string> {
  const response = await apiRequest('POST', '/api/objects/upload', { size });
  const { uploadURL } = (await response.json()) as { uploadURL: string };
  return uploadURL;
}

/** The PUT answered with something other than 2xx, or the connection failed. */
export class UploadTransferError extends Error {
  constructor(readonly status: number) {
    super(status ? `Upload failed with status ${status}` : 'Upload failed: network error');
    this.name = 'UploadTransferError';
  }
}

/** The person cancelled the upload. */
export class UploadCancelledError extends Error {
  constructor() {
    super('Upload cancelled');
    this.name = 'UploadCancelledError';
  }
}

/**
 * `PUT {uploadURL}` with the file as the body. XMLHttpRequest rather than fetch: it reports real
 * upload progress and can be aborted. No cookies: the signature in the URL is the permission, and
 * an S3 URL lives on another origin.
 */
export function putFile(
  uploadUrl: string,
  file: Blob,
  { onProgress, signal }: { onProgress?: (loaded: number, total: number) => void; signal?: AbortSignal } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new UploadCancelledError());
      return;
    }
    const request = new XMLHttpRequest();
    const onAbortSignal = () => request.abort();
    const settle = (error?: Error) => {
      signal?.removeEventListener('abort', onAbortSignal);
      if (error) reject(error);
      else resolve();
    };
    request.open('PUT', uploadUrl);
    request.withCredentials = false;
    request.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    };
    request.onload = () =>
      settle(
        request.status >= 200 && request.status < 300 ? undefined : new UploadTransferError(request.status),
      );
    request.onerror = () => settle(new UploadTransferError(0));
    request.ontimeout = () => settle(new UploadTransferError(0));
    request.onabort = () => settle(new UploadCancelledError());
    signal?.addEventListener('abort', onAbortSignal);
    request.send(file);
  });
}

/**
 * `PUT /api/uploaded-images` or `PUT /api/uploaded-videos`: 200 with the object path, 400 with
 * docs/product.md's message when the bytes are refused, 409 when registered already.
 */
export async function registerUpload(kind: UploadKind, uploadUrl: string): Promise<RegisteredUpload> {
  const url = registrationUrl(uploadUrl);
  const response =
    kind === 'image'
      ? await apiRequest('PUT', '/api/uploaded-images', { imageURL: url })
      : await apiRequest('PUT', '/api/uploaded-videos', { videoURL: url });
  return (await response.json()) as RegisteredUpload;
}
