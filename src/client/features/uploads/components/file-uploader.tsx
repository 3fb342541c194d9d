import { Button } from '@client/components/ui/button';
import { cn } from '@client/lib/cn';
import { type RegisteredUpload, thumbnailVariant } from '@shared/schemas/uploads';
import { CircleCheck, FileAudio, FileVideo, ImagePlus, TriangleAlert, Upload, X } from 'lucide-react';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { fileNameOf, mediaKindOf, type UploadKind } from '../upload-rules';
import { type UploadState, useFileUpload } from './use-file-upload';

type FileUploaderProps = {
  /** 'image' for pictures (thumbnails, announcement images), 'media' for video or audio files. */
  kind: UploadKind;
  /** The current object path or URL; '' for none. */
  value: string;
  /** Called with the registered object path, or '' when the file is removed. */
  onChange: (value: string) => void;
  /** Called with the whole registration (an audio or video file's duration read by the server). */
  onRegistered?: (registered: RegisteredUpload) => void;
  label: string;
  /** A line of help under the label. */
  hint?: string;
  /** Told when an upload starts and ends, so a form can wait before saving. */
  onBusyChange?: (isBusy: boolean) => void;
  disabled?: boolean;
  className?: string;
};

const ACCEPT: Record<UploadKind, string> = {
  image: 'image/*',
  media: 'video/*,audio/*',
};

/**
 * The one uploader of the admin forms (docs/product.md, "States and transitions", "Validation" and "Errors shown"). Choose a file with the
 * button (keyboard and screen readers) or drop it on the box; the type and size are checked
 * before anything is sent, the bar shows real progress (0–90 sending, 95 registering, 100 done),
 * and Cancel stops the transfer.
 */
export function FileUploader({
  kind,
  value,
  onChange,
  onRegistered,
  label,
  hint,
  onBusyChange,
  disabled = false,
  className,
}: FileUploaderProps) {
  const ids = { hint: useId(), input: useId() };
  const inputRef = useRef<HTMLInputElement>(null);
  const [isDragging, setIsDragging] = useState(false);
  const { state, start, cancel, reset } = useFileUpload({
    kind,
    onUploaded: (registered) => {
      onChange(registered.objectPath);
      onRegistered?.(registered);
    },
  });
  const isUploading = state.status === 'uploading';

  const onBusyChangeRef = useRef(onBusyChange);
  onBusyChangeRef.current = onBusyChange;
  useEffect(() => {
    onBusyChangeRef.current?.(isUploading);
  }, [isUploading]);
  useEffect(() => () => onBusyChangeRef.current?.(false), []);

  const pick = () => inputRef.current?.click();
  const takeFile = (file: File | undefined) => {
    if (file && !disabled && !isUploading) void start(file);
  };
  const remove = () => {
    reset();
    onChange('');
  };

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (disabled || isUploading || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setIsDragging(true);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setIsDragging(false);
    takeFile(event.dataTransfer.files[0]);
  };

  const hasValue = value !== '';
  const pickLabel = `${hasValue ? 'Change' : 'Upload'} ${kind === 'image' ? 'Image' : 'File'}`;

  return (
    <fieldset aria-describedby={hint ? ids.hint : undefined} className={cn('grid min-w-0 gap-2', className)}>
      <legend className="mb-2 p-0 font-medium text-foreground text-sm leading-none">{label}</legend>
      {hint && (
        <p id={ids.hint} className="text-muted-foreground text-sm">
          {hint}
        </p>
      )}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a mouse shortcut; the button above is the keyboard way */}
      <div
        data-testid="upload-drop-zone"
        onDragOver={onDragOver}
        onDragEnter={onDragOver}
        onDragLeave={() => setIsDragging(false)}
        onDrop={onDrop}
        className={cn(
          'grid gap-3 rounded-2xl border border-dashed bg-muted/40 p-3 transition-colors duration-150 sm:p-4',
          kind === 'image' && 'sm:grid-cols-[minmax(0,15rem)_minmax(0,1fr)] sm:items-center sm:gap-5',
          isDragging && 'border-primary bg-sage-soft',
        )}
      >
        {kind === 'image' ? (
          <ImagePreview value={value} label={label} />
        ) : (
          <MediaSummary value={value} state={state} />
        )}
        <div className="grid min-w-0 gap-3">
          <UploadStatus
            state={state}
            label={label}
            showFileName={kind === 'image' || state.status !== 'done'}
          />
          <div className="flex flex-wrap items-center gap-2">
            {isUploading ? (
              <Button variant="outline" size="sm" onClick={cancel}>
                <X aria-hidden="true" />
                Cancel
              </Button>
            ) : (
              <>
                <Button variant="outline" size="sm" onClick={pick} disabled={disabled}>
                  <Upload aria-hidden="true" />
                  {pickLabel}
                </Button>
                {hasValue && (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={remove}
                    disabled={disabled}
                    aria-label={`Remove ${label.toLowerCase()}`}
                  >
                    <X aria-hidden="true" />
                    Remove
                  </Button>
                )}
                <span className="hidden text-muted-foreground text-sm sm:inline">or drop a file here</span>
              </>
            )}
          </div>
        </div>
      </div>
      <input
        ref={inputRef}
        id={ids.input}
        type="file"
        accept={ACCEPT[kind]}
        className="hidden"
        tabIndex={-1}
        aria-label={`${label} file`}
        onChange={(event) => {
          takeFile(event.target.files?.[0]);
          // The same file can be chosen again after a failure or a cancel.
          event.target.value = '';
        }}
      />
    </fieldset>
  );
}

function ImagePreview({ value, label }: { value: string; label: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const src = value ? thumbnailVariant(value) : '';
  if (src && failedSrc !== src) {
    return (
      <div className="relative aspect-video w-full overflow-hidden rounded-xl bg-muted">
        <img
          src={src}
          alt={`${label} preview`}
          className="absolute inset-0 size-full object-cover"
          onError={() => setFailedSrc(src)}
        />
      </div>
    );
  }
  return (
    <div className="grid aspect-video w-full place-items-center rounded-xl bg-[linear-gradient(135deg,var(--color-sage-soft),var(--color-secondary))] text-center">
      <div className="grid justify-items-center gap-2 px-4 text-muted-foreground text-sm">
        <ImagePlus className="size-7 text-primary/70" strokeWidth={1.5} aria-hidden="true" />
        {value ? 'The image could not be shown.' : 'No image yet'}
      </div>
    </div>
  );
}

function MediaSummary({ value, state }: { value: string; state: UploadState }) {
  if (!value) {
    return (
      <p className="text-muted-foreground text-sm">No file yet. Video up to 500 MB, audio up to 100 MB.</p>
    );
  }
  const fileKind = state.status === 'done' ? state.registered.kind : mediaKindOf(value);
  const name = state.status === 'done' ? state.fileName : fileNameOf(value);
  const Icon = fileKind === 'audio' ? FileAudio : FileVideo;
  return (
    <div className="flex min-w-0 items-center gap-3 rounded-xl bg-card px-3 py-2.5">
      <span className="grid size-9 shrink-0 place-items-center rounded-full bg-sage-soft text-primary">
        <Icon className="size-4.5" strokeWidth={1.5} aria-hidden="true" />
      </span>
      <div className="grid min-w-0">
        <span className="truncate font-medium text-sm" title={name}>
          {name}
        </span>
        <span className="text-muted-foreground text-xs">
          {fileKind === 'audio' ? 'Audio file' : 'Video file'}
        </span>
      </div>
    </div>
  );
}

function UploadStatus({
  state,
  label,
  showFileName,
}: {
  state: UploadState;
  label: string;
  showFileName: boolean;
}) {
  if (state.status === 'idle') return null;
  if (state.status === 'failed') {
    return (
      <p className="flex items-center gap-2 text-destructive text-sm">
        <TriangleAlert className="size-4 shrink-0" strokeWidth={1.75} aria-hidden="true" />
        {state.fileName} did not upload. You can try again.
      </p>
    );
  }
  const progress = state.progress;
  const isDone = state.status === 'done';
  const text = isDone ? 'Uploaded' : progress >= 95 ? 'Finishing…' : `Uploading… ${progress}%`;
  return (
    <div className="grid gap-1.5">
      <div className="flex min-w-0 items-center justify-between gap-3 text-sm">
        <span className="min-w-0 truncate text-muted-foreground" title={state.fileName}>
          {showFileName ? state.fileName : ''}
        </span>
        <span
          className={cn('inline-flex shrink-0 items-center gap-1.5 tabular-nums', isDone && 'text-primary')}
        >
          {isDone && <CircleCheck className="size-4" strokeWidth={1.75} aria-hidden="true" />}
          {text}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={`${label} upload`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-valuetext={`${progress}%`}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-200 ease-out"
          style={{ width: `${progress}%` }}
        />
      </div>
    </div>
  );
}
