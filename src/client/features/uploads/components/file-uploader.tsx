import { Button } from '@client/components/ui/button';
import { cn } from '@client/lib/cn';
import { formatPercent } from '@client/lib/format';
import { useNamespace } from '@client/lib/i18n';
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

// Media types, not words.
const ACCEPT: Record<UploadKind, string> = {
  // eslint-disable-next-line lingui/no-unlocalized-strings
  image: 'image/*',
  // eslint-disable-next-line lingui/no-unlocalized-strings
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
  const i18n = useNamespace('admin');
  // The field's label inside "Remove …": lower case as a sentence has it ("Remove profile
  // picture"), except in German, which writes every noun with a capital ("Profilbild entfernen").
  const labelInSentence = i18n.locale.startsWith('de') ? label : label.toLocaleLowerCase(i18n.locale);
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
    // A drag of files (the DataTransfer type's name, not a word).
    // eslint-disable-next-line lingui/no-unlocalized-strings
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
  const pickLabel =
    kind === 'image'
      ? hasValue
        ? i18n._('admin.uploads.changeImage')
        : i18n._('admin.uploads.uploadImage')
      : hasValue
        ? i18n._('admin.uploads.changeFile')
        : i18n._('admin.uploads.uploadFile');

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
                {i18n._('admin.uploads.cancel')}
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
                    aria-label={i18n._('admin.uploads.removeLabel', { label: labelInSentence })}
                  >
                    <X aria-hidden="true" />
                    {i18n._('admin.uploads.remove')}
                  </Button>
                )}
                <span className="hidden text-muted-foreground text-sm sm:inline">
                  {i18n._('admin.uploads.orDrop')}
                </span>
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
        aria-label={i18n._('admin.uploads.inputLabel', { label })}
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
  const i18n = useNamespace('admin');
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const src = value ? thumbnailVariant(value) : '';
  if (src && failedSrc !== src) {
    return (
      <div className="relative aspect-video w-full overflow-hidden rounded-xl bg-muted">
        <img
          src={src}
          alt={i18n._('admin.uploads.preview', { label })}
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
        {value ? i18n._('admin.uploads.imageBroken') : i18n._('admin.uploads.noImage')}
      </div>
    </div>
  );
}

function MediaSummary({ value, state }: { value: string; state: UploadState }) {
  const i18n = useNamespace('admin');
  if (!value) {
    return <p className="text-muted-foreground text-sm">{i18n._('admin.uploads.noFile')}</p>;
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
          {fileKind === 'audio' ? i18n._('admin.uploads.audioFile') : i18n._('admin.uploads.videoFile')}
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
  const i18n = useNamespace('admin');
  if (state.status === 'idle') return null;
  if (state.status === 'failed') {
    return (
      <p className="flex items-center gap-2 text-destructive text-sm">
        <TriangleAlert className="size-4 shrink-0" strokeWidth={1.75} aria-hidden="true" />
        {i18n._('admin.uploads.failed', { fileName: state.fileName })}
      </p>
    );
  }
  const progress = state.progress;
  const isDone = state.status === 'done';
  const text = isDone
    ? i18n._('admin.uploads.done')
    : progress >= 95
      ? i18n._('admin.uploads.finishing')
      : i18n._('admin.uploads.uploading', { percent: formatPercent(progress / 100) });
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
        aria-label={i18n._('admin.uploads.progressLabel', { label })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-valuetext={formatPercent(progress / 100)}
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
