import { Alert } from '@client/components/ui/alert';
import { Field, TextField, UrlField } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { SelectField } from '@client/components/ui/native-select';
import { Textarea } from '@client/components/ui/textarea';
import { AdminFormFrame, type AdminFormProps, useAdminForm } from '@client/features/admin/kit/form-actions';
import { FormFileUploader, useBusyUploads } from '@client/features/admin/kit/form-file-uploader';
import { FormSwitches, PREMIUM_SWITCH, PUBLISHED_SWITCH } from '@client/features/admin/kit/form-switches';
import { PublishAtField } from '@client/features/admin/kit/publish-at';
import { FileUploader } from '@client/features/uploads';
import { CONTENT_TYPES, type ContentInput, formatDurationClock, INTENSITIES } from '@shared/schemas/content';
import type { RegisteredUpload } from '@shared/schemas/uploads';
import { Info } from 'lucide-react';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import {
  type ContentFormValues,
  isTimedType,
  parseDurationSeconds,
  resolveContentForm,
  toContentInput,
} from '../content-form-values';
import { CalendarDatesField } from './calendar-dates-field';

const TYPE_LABELS = { video: 'Video', audio: 'Audio', post: 'Post', event: 'Event' } as const;
const INTENSITY_LABELS = { gentle: 'Gentle', moderate: 'Moderate', intense: 'Intense' } as const;

/** Articles and descriptions are Markdown (issue 36), rendered as the community's posts are. */
export const MARKDOWN_HINT =
  'Markdown: # Heading, **bold**, *italic*, - lists, > quotes, [links](https://…) and ![pictures](/objects/images/…) you uploaded.';

export const STREAMING_PRIORITY_HINT =
  'If both a streaming URL and an uploaded file are set, the streaming URL is used.';

/** The schema checks each tag; its message shows on the one Tags box. */
function firstMessage(
  error: { message?: string } | readonly ({ message?: string } | undefined)[] | undefined,
) {
  if (!Array.isArray(error)) return (error as { message?: string } | undefined)?.message;
  return error.find((entry) => entry?.message)?.message;
}

/** docs/product.md, "Validation" (Content form): the fields of a content item, checked before they are sent. */
export function ContentForm(props: AdminFormProps<ContentFormValues, ContentInput>) {
  const [form, errors, bind] = useAdminForm(props, resolveContentForm);
  const type = form.watch('type');
  const duration = form.watch('duration');
  const videoUrl = form.watch('videoUrl');
  const videoFileUrl = form.watch('videoFileUrl');
  const isPost = type === 'post';
  const isTimed = isTimedType(type);
  const hasBothMedia = videoUrl.trim() !== '' && videoFileUrl !== '';

  const uploads = useBusyUploads();
  // Why an uploaded file gave no duration (the server could not read its length), until the next upload.
  const [durationNote, setDurationNote] = useState<string | null>(null);
  // The server reads an uploaded file's length: it fills the duration unless one was typed.
  const takeUploadedDuration = (registered: RegisteredUpload) => {
    setDurationNote(registered.durationNote ?? null);
    if (!registered.duration || parseDurationSeconds(form.getValues('duration')) > 0) return;
    form.setValue('duration', String(registered.duration), { shouldDirty: true, shouldValidate: true });
  };

  // A picture for the article: uploaded like a thumbnail, then written into the text as Markdown.
  const insertPicture = (registered: RegisteredUpload) => {
    const text = form.getValues('description').trimEnd();
    const picture = `![Describe the picture](${registered.objectPath})`;
    form.setValue('description', text ? `${text}\n\n${picture}` : picture, { shouldDirty: true });
  };

  const clock = duration.trim() ? ` (${formatDurationClock(parseDurationSeconds(duration))})` : '';
  const durationHint = durationNote
    ? durationNote
    : isTimed
      ? `Whole seconds${clock}.`
      : isPost
        ? 'Optional. Posts show a reading time from their text.'
        : `Optional for events. Whole seconds${clock}.`;

  const uploader = (
    name: 'thumbnailUrl' | 'videoFileUrl',
    kind: 'image' | 'media',
    label: string,
    hint: string,
  ) => (
    <FormFileUploader
      {...{ name, kind, label, hint }}
      control={form.control}
      onBusyChange={uploads.track(name)}
      onRegistered={kind === 'media' ? takeUploadedDuration : undefined}
    />
  );

  return (
    <AdminFormFrame
      form={form}
      actions={props}
      send={(values) => props.onSubmit(toContentInput(values))}
      isUploading={uploads.isUploading}
      sticky
      // Fields focused on an error stay clear of the dialog's edge.
      className="grid gap-6 [&_input]:scroll-my-16 [&_select]:scroll-my-16 [&_textarea]:scroll-my-16"
      buttonsClassName="grid grid-cols-2 gap-2 sm:flex sm:justify-end"
    >
      <div className="grid gap-5">
        <TextField label="Title" autoComplete="off" {...bind('title')} />

        <div className="grid gap-5 sm:grid-cols-3">
          <SelectField
            label="Type"
            fieldClassName="content-start"
            values={CONTENT_TYPES}
            labelOf={(value) => TYPE_LABELS[value]}
            {...bind('type')}
          />
          <Field
            label="Duration (seconds)"
            error={errors.duration?.message}
            hint={durationHint}
            className="content-start"
          >
            <Input
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              aria-required={isTimed || undefined}
              {...form.register('duration')}
            />
          </Field>
          <SelectField
            label="Intensity"
            fieldClassName="content-start"
            values={INTENSITIES}
            labelOf={(value) => INTENSITY_LABELS[value]}
            emptyLabel="Not set"
            {...bind('intensity')}
          />
        </div>

        <Field
          label={isPost ? 'Post Content' : 'Description'}
          error={errors.description?.message}
          hint={MARKDOWN_HINT}
        >
          <Textarea
            rows={isPost ? 12 : 4}
            className={isPost ? 'min-h-64' : undefined}
            {...form.register('description')}
          />
        </Field>

        <FileUploader
          kind="image"
          label="Picture for the text"
          hint="Uploads a picture and adds it to the text where it ends; move the line where you want it."
          value=""
          onChange={() => {}}
          onRegistered={insertPicture}
          onBusyChange={uploads.track('articlePicture')}
        />

        <TextField
          label="Tags"
          autoComplete="off"
          placeholder="breath, sleep, beginner"
          hint="Separate tags with commas."
          error={firstMessage(errors.tags)}
          {...form.register('tags')}
        />
      </div>

      {uploader(
        'thumbnailUrl',
        'image',
        'Thumbnail',
        'JPG, PNG, GIF or WebP up to 10 MB. Shown at 16:9 on cards.',
      )}

      {isTimed && (
        <fieldset className="grid gap-4 rounded-2xl border p-4 sm:p-5">
          <legend className="px-1 font-display font-medium text-lg">Media</legend>
          <p className="flex gap-2 text-muted-foreground text-sm">
            <Info className="mt-0.5 size-4 shrink-0" strokeWidth={1.75} aria-hidden="true" />
            {STREAMING_PRIORITY_HINT}
          </p>
          <UrlField label="Streaming URL" {...bind('videoUrl')} />
          {uploader(
            'videoFileUrl',
            'media',
            'Uploaded file',
            'Video up to 500 MB or audio up to 100 MB. Its length fills the duration when none is typed.',
          )}
          {hasBothMedia && (
            <Alert>
              <Info aria-hidden="true" />
              <p>Both are set: members will get the streaming URL.</p>
            </Alert>
          )}
        </fieldset>
      )}

      <FormSwitches control={form.control} switches={[PREMIUM_SWITCH, PUBLISHED_SWITCH]} />

      <PublishAtField error={errors.publishAt?.message} {...form.register('publishAt')} />

      <Controller
        control={form.control}
        name="calendarDates"
        render={({ field, fieldState }) => (
          <CalendarDatesField
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
    </AdminFormFrame>
  );
}
