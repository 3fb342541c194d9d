import { toast } from '@client/components/ui/use-toast';
import { getErrorMessage, getErrorStatus } from '@client/lib/api';
import type { RegisteredUpload } from '@shared/schemas/uploads';
import { useCallback, useEffect, useRef, useState } from 'react';
import { putFile, registerUpload, requestUploadUrl } from '../api/upload-file';
import {
  checkFile,
  DONE_PROGRESS,
  type FileKind,
  REGISTERING_PROGRESS,
  transferProgress,
  type UploadKind,
  uploadFailureToast,
  uploadSuccessToast,
} from '../upload-rules';

/** docs/product.md, "States and transitions": idle, uploading (with progress), done or failed. */
export type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; progress: number; fileName: string; fileKind: FileKind }
  | { status: 'done'; progress: typeof DONE_PROGRESS; fileName: string; registered: RegisteredUpload }
  | { status: 'failed'; fileName: string };

/**
 * Refusals that carry a message written for people (docs/product.md, "Errors shown"): the registration's,
 * and 413 when the file is too large or the account's upload allowance is used up.
 */
const REFUSAL_STATUSES = new Set([400, 409, 410, 413]);

/**
 * Runs one upload at a time: checks the file, sends it with real progress, registers it and
 * toasts the outcome. `cancel` aborts the transfer and returns to idle without a failure toast;
 * leaving the screen cancels too.
 */
export function useFileUpload({
  kind,
  onUploaded,
}: {
  kind: UploadKind;
  onUploaded: (registered: RegisteredUpload, file: File) => void;
}) {
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const controllerRef = useRef<AbortController | null>(null);
  const onUploadedRef = useRef(onUploaded);
  onUploadedRef.current = onUploaded;

  useEffect(() => () => controllerRef.current?.abort(), []);

  const start = useCallback(
    async (file: File) => {
      if (controllerRef.current) return;
      const check = checkFile(kind, file);
      if (!check.isAllowed) {
        toast({ variant: 'destructive', ...check.message });
        return;
      }
      const controller = new AbortController();
      controllerRef.current = controller;
      const isCurrent = () => controllerRef.current === controller && !controller.signal.aborted;
      setState({ status: 'uploading', progress: 0, fileName: file.name, fileKind: check.fileKind });
      try {
        const uploadUrl = await requestUploadUrl(file.size);
        if (!isCurrent()) return;
        await putFile(uploadUrl, file, {
          signal: controller.signal,
          onProgress: (loaded, total) => {
            if (!isCurrent()) return;
            const progress = transferProgress(loaded, total);
            setState((current) =>
              current.status === 'uploading' && progress > current.progress
                ? { ...current, progress }
                : current,
            );
          },
        });
        if (!isCurrent()) return;
        setState({
          status: 'uploading',
          progress: REGISTERING_PROGRESS,
          fileName: file.name,
          fileKind: check.fileKind,
        });
        const registered = await registerUpload(kind, uploadUrl);
        if (!isCurrent()) return;
        controllerRef.current = null;
        setState({ status: 'done', progress: DONE_PROGRESS, fileName: file.name, registered });
        onUploadedRef.current(registered, file);
        toast(uploadSuccessToast(registered.kind, file.name));
      } catch (error) {
        if (!isCurrent()) return;
        controllerRef.current = null;
        setState({ status: 'failed', fileName: file.name });
        const status = getErrorStatus(error);
        const serverMessage = status !== null && REFUSAL_STATUSES.has(status) ? getErrorMessage(error) : null;
        toast({ variant: 'destructive', ...uploadFailureToast(kind, serverMessage) });
      }
    },
    [kind],
  );

  const cancel = useCallback(() => {
    controllerRef.current?.abort();
    controllerRef.current = null;
    setState({ status: 'idle' });
  }, []);

  const reset = useCallback(() => {
    if (!controllerRef.current) setState({ status: 'idle' });
  }, []);

  return { state, start, cancel, reset };
}
