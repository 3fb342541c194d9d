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

const STATUS_TEXT: Record<BulkUploadStatus, string> = {
  waiting: 'Waiting',
  uploading: 'Uploading',
  saving: 'Reading its length and saving the draft',
  done: 'Draft saved',
  failed: 'Failed',
};

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
            error: getErrorMessage(error) ?? 'The upload failed. Check the connection and try again.',
          }),
      );
    }
  }, [entries, queryClient, update]);

  const addFiles = (files: FileList | null) => {
    if (!files) return;
    const chosen = Array.from(files).slice(0, MAX_BULK_UPLOAD_FILES);
    if (files.length > MAX_BULK_UPLOAD_FILES) {
      toast({
        variant: 'destructive',
        title: 'Too many files',
        description: `Up to ${MAX_BULK_UPLOAD_FILES} files at a time: the first ${MAX_BULK_UPLOAD_FILES} are uploading.`,
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
        title: 'Drafts created',
        description: `${doneCount} ${doneCount === 1 ? 'draft is' : 'drafts are'} in the library, unpublished.`,
      });
    }
    if (!next) setEntries((current) => (isBusy ? current : []));
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Upload files</DialogTitle>
          <DialogDescription>
            Each audio or video file becomes an unpublished draft, titled from its file name, with its length
            read from the file.
          </DialogDescription>
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
          <p className="text-muted-foreground text-sm">Drop audio or video files here, or</p>
          <Button type="button" variant="outline" onClick={() => inputRef.current?.click()}>
            Choose files
          </Button>
          <label htmlFor={inputId} className="sr-only">
            Audio or video files
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
          <ul className="grid gap-3" aria-label="Files">
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
          {entries.length > 0 ? `${doneCount} of ${entries.length} files saved as drafts` : ''}
        </p>

        <DialogFooter>
          <Button type="button" onClick={() => close(false)}>
            Done
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function UploadRow({ entry, onRetry }: { entry: UploadEntry; onRetry: () => void }) {
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
          {STATUS_TEXT[status]}
          {status === 'done' && duration !== undefined && (
            <span>
              <span className="sr-only">, length </span> · {formatDurationClock(duration)}
            </span>
          )}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={`${file.name} upload`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-valuetext={`${progress}%`}
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
            aria-label={`Retry ${file.name}`}
          >
            <RotateCcw aria-hidden="true" />
            Retry
          </Button>
        </div>
      )}
    </li>
  );
}
