import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { toast } from '@client/components/ui/use-toast';
import {
  checkFile,
  DONE_PROGRESS,
  putFile,
  REGISTERING_PROGRESS,
  registerUpload,
  requestUploadUrl,
  transferProgress,
} from '@client/features/uploads';
import { apiJson, getErrorMessage } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { formatPercent } from '@client/lib/format';
import { useNamespace } from '@client/lib/i18n';
import type { I18n } from '@lingui/core';
import type { ContentInput, ContentItem } from '@shared/schemas/content';
import { formatDurationClock } from '@shared/schemas/content';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, RotateCcw, Upload } from 'lucide-react';
import { type DragEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { refreshContentQueries } from '../api/admin-content-list';
import {
  type BulkUploadStatus,
  draftDescription,
  filesToStart,
  MAX_BULK_UPLOAD_FILES,
  titleFromFileName,
} from '../bulk-upload';

type UploadEntry = {
  key: string;
  file: File;
  status: BulkUploadStatus;
  progress: number;
  error?: string;
  draft?: ContentItem;
};

function statusText(i18n: I18n, status: BulkUploadStatus): string {
  switch (status) {
    case 'waiting':
      return i18n._('admin.content.upload.status.waiting');
    case 'uploading':
      return i18n._('admin.content.upload.status.uploading');
    case 'saving':
      return i18n._('admin.content.upload.status.saving');
    case 'done':
      return i18n._('admin.content.upload.status.done');
    case 'failed':
      return i18n._('admin.content.upload.status.failed');
  }
}

/**
 * Sends one file the way the single uploader does (a signed URL, the bytes with XHR progress,
 * registration, which reads the length on the server), then saves it as an unpublished item.
 */
async function uploadAsDraft(file: File, onProgress: (progress: number) => void): Promise<ContentItem> {
  const uploadUrl = await requestUploadUrl(file.size);
  await putFile(uploadUrl, file, {
    onProgress: (loaded, total) => onProgress(transferProgress(loaded, total)),
  });
  onProgress(REGISTERING_PROGRESS);
  const registered = await registerUpload('media', uploadUrl);
  const input: ContentInput = {
    // The title in the file's own tags when it has one, else one made from its name.
    title: registered.title ?? titleFromFileName(file.name),
    description: draftDescription(file.name),
    type: registered.kind === 'video' ? 'video' : 'audio',
    isPublished: false,
    videoFileUrl: registered.objectPath,
    duration: registered.duration ?? 0,
  };
  return apiJson<ContentItem>('POST', '/api/videos', input);
}

/**
 * Many audio (or video) files at once become drafts (issue 36, "Authoring"): each file has its own
 * progress bar and, if it fails, its own message and Retry; the others go on. Two upload at a time.
 */
export function BulkUploadDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const i18n = useNamespace('admin');
  const queryClient = useQueryClient();
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const [isDragging, setIsDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const nextKey = useRef(0);

  const update = useCallback(
    (key: string, change: Partial<UploadEntry>) =>
      setEntries((current) => current.map((entry) => (entry.key === key ? { ...entry, ...change } : entry))),
    [],
  );

  // Starts waiting files whenever a slot is free: after adding files, and as each one settles.
  useEffect(() => {
    for (const entry of filesToStart(entries)) {
      update(entry.key, { status: 'uploading', progress: 0, error: undefined });
      uploadAsDraft(entry.file, (progress) =>
        update(entry.key, progress >= REGISTERING_PROGRESS ? { status: 'saving', progress } : { progress }),
      ).then(
        (draft) => {
          update(entry.key, { status: 'done', progress: DONE_PROGRESS, draft });
          void refreshContentQueries(queryClient);
        },
        (error: unknown) =>
          update(entry.key, {
            status: 'failed',
            error: getErrorMessage(error) ?? i18n._('admin.content.upload.failed'),
          }),
      );
    }
  }, [entries, queryClient, update, i18n]);

  const addFiles = (files: FileList | null) => {
    if (!files) return;
    const chosen = Array.from(files).slice(0, MAX_BULK_UPLOAD_FILES);
    if (files.length > MAX_BULK_UPLOAD_FILES) {
      toast({
        variant: 'destructive',
        title: i18n._('admin.content.upload.tooMany'),
        description: i18n._('admin.content.upload.tooManyText', { max: MAX_BULK_UPLOAD_FILES }),
      });
    }
    const added = chosen.map((file): UploadEntry => {
      const key = `file-${nextKey.current++}`;
      const check = checkFile('media', file);
      return check.isAllowed
        ? { key, file, status: 'waiting', progress: 0 }
        : {
            key,
            file,
            status: 'failed',
            progress: 0,
            error: check.message.description || check.message.title,
          };
    });
    setEntries((current) => [...current, ...added]);
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setIsDragging(false);
    addFiles(event.dataTransfer.files);
  };

  const doneCount = entries.filter((entry) => entry.status === 'done').length;
  const isBusy = entries.some((entry) => entry.status === 'uploading' || entry.status === 'saving');

  const close = (next: boolean) => {
    if (!next && doneCount > 0) {
      toast({
        title: i18n._('admin.content.upload.draftsCreated'),
        description: i18n._('admin.content.upload.draftsCreatedText', { count: doneCount }),
      });
    }
    if (!next) setEntries((current) => (isBusy ? current : []));
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{i18n._('admin.content.upload.title')}</DialogTitle>
          <DialogDescription>{i18n._('admin.content.upload.description')}</DialogDescription>
        </DialogHeader>

        {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop zone; the button inside is the keyboard way */}
        <div
          onDragOver={(event) => {
            event.preventDefault();
            setIsDragging(true);
          }}
          onDragLeave={() => setIsDragging(false)}
          onDrop={onDrop}
          className={cn(
            'grid place-items-center gap-3 rounded-2xl border-2 border-dashed p-6 text-center',
            isDragging ? 'border-primary bg-accent' : 'border-input',
          )}
        >
          <Upload className="size-6 text-muted-foreground" aria-hidden="true" />
          <p className="text-muted-foreground text-sm">{i18n._('admin.content.upload.drop')}</p>
          <Button type="button" variant="outline" onClick={() => inputRef.current?.click()}>
            {i18n._('admin.content.upload.choose')}
          </Button>
          <label htmlFor={inputId} className="sr-only">
            {i18n._('admin.content.upload.inputLabel')}
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            multiple
            accept="audio/*,video/*"
            className="sr-only"
            tabIndex={-1}
            onChange={(event) => {
              addFiles(event.target.files);
              event.target.value = '';
            }}
          />
        </div>

        {entries.length > 0 && (
          <ul className="grid gap-3" aria-label={i18n._('admin.content.upload.files')}>
            {entries.map((entry) => (
              <UploadRow
                key={entry.key}
                entry={entry}
                onRetry={() => update(entry.key, { status: 'waiting', progress: 0, error: undefined })}
              />
            ))}
          </ul>
        )}
        <p className="sr-only" role="status">
          {entries.length > 0
            ? i18n._('admin.content.upload.progress', { done: doneCount, count: entries.length })
            : ''}
        </p>

        <DialogFooter>
          <Button type="button" onClick={() => close(false)}>
            {i18n._('admin.content.upload.done')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function UploadRow({ entry, onRetry }: { entry: UploadEntry; onRetry: () => void }) {
  const i18n = useNamespace('admin');
  const { file, status, progress } = entry;
  const isFailed = status === 'failed';
  const duration = entry.draft?.duration;
  return (
    <li className="grid gap-1.5 rounded-xl border p-3">
      <div className="flex min-w-0 flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm">
        <span className="min-w-0 truncate font-medium" title={file.name}>
          {file.name}
        </span>
        <span
          className={cn(
            'inline-flex shrink-0 items-center gap-1.5 tabular-nums',
            status === 'done' && 'text-primary',
            isFailed && 'text-destructive',
          )}
        >
          {status === 'done' && <CircleCheck className="size-4" aria-hidden="true" />}
          {isFailed && <CircleAlert className="size-4" aria-hidden="true" />}
          {statusText(i18n, status)}
          {status === 'done' && duration !== undefined && (
            <span>
              <span className="sr-only">{i18n._('admin.content.upload.lengthPrefix')} </span> ·{' '}
              {formatDurationClock(duration)}
            </span>
          )}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={i18n._('admin.content.upload.progressLabel', { name: file.name })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-valuetext={formatPercent(progress / 100)}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn(
            'h-full rounded-full transition-[width] duration-200 ease-out',
            isFailed ? 'bg-destructive' : 'bg-primary',
          )}
          style={{ width: `${progress}%` }}
        />
      </div>
      {isFailed && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p role="alert" className="text-destructive text-sm">
            {entry.error}
          </p>
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={onRetry}
            aria-label={i18n._('admin.content.upload.retryItem', { name: file.name })}
          >
            <RotateCcw aria-hidden="true" />
            {i18n._('admin.content.upload.retry')}
          </Button>
        </div>
      )}
    </li>
  );
}
