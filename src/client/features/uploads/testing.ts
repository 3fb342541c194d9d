import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * A stand-in for XMLHttpRequest in component tests: each `new XMLHttpRequest()` is recorded, and
 * the test drives it (progress, then load, error or nothing) the way a browser would.
 */
export class FakeXhr {
  static instances: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  withCredentials = true;
  isAborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;

  constructor() {
    FakeXhr.instances.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.isAborted = true;
    this.onabort?.();
  }

  /** Reports `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent));
  }
  /** The server answered. */
  respond(status = 200) {
    this.status = status;
    act(() => this.onload?.());
  }
  /** The connection failed. */
  fail() {
    act(() => this.onerror?.());
  }
}

/** Installs FakeXhr for one test; undo with `vi.unstubAllGlobals()`. */
export function installFakeXhr(): typeof FakeXhr {
  FakeXhr.instances = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return FakeXhr;
}

/** The request the uploader has sent, once it exists. */
export async function waitForXhr(index = 0): Promise<FakeXhr> {
  return vi.waitFor(() => {
    const request = FakeXhr.instances[index];
    if (!request?.method) throw new Error('no upload request yet');
    return request;
  });
}

/** A File of a given type and size without allocating the bytes. */
export function makeFile(name: string, type: string, size = 1024): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}
