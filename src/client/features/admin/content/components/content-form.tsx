import { useContentTypeLabel } from '@client/components/content/content-type';
import { Alert } from '@client/components/ui/alert';
import { Field, TextField, UrlField } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { SelectField } from '@client/components/ui/native-select';
import { Textarea } from '@client/components/ui/textarea';
import { AdminFormFrame, type AdminFormProps, useAdminForm } from '@client/features/admin/kit/form-actions';
import { FormFileUploader, useBusyUploads } from '@client/features/admin/kit/form-file-uploader';
import { FormSwitches, PREMIUM_SWITCH, PUBLISHED_SWITCH } from '@client/features/admin/kit/form-switches';
import { LanguageField } from '@client/features/admin/kit/language-field';
import { PublishAtField } from '@client/features/admin/kit/publish-at';
import { FileUploader } from '@client/features/uploads';
import { useNamespace } from '@client/lib/i18n';
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

/** The schema checks each tag; its message shows on the one Tags box. */
function firstMessage(
  error: { message?: string } | readonly ({ message?: string } | undefined)[] | undefined,
) {
  if (!Array.isArray(error)) return (error as { message?: string } | undefined)?.message;
  return error.find((entry) => entry?.message)?.message;
}

/** docs/product.md, "Validation" (Content form): the fields of a content item, checked before they are sent. */
export function ContentForm(props: AdminFormProps<ContentFormValues, ContentInput>) {
  const i18n = useNamespace('admin');
  const typeLabel = useContentTypeLabel();
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
    const picture = `![${i18n._('admin.content.form.pictureAlt')}](${registered.objectPath})`;
    form.setValue('description', text ? `${text}\n\n${picture}` : picture, { shouldDirty: true });
  };

  // The typed seconds read back as m:ss ("Whole seconds (5:00).") once there are any.
  const clock = duration.trim() ? formatDurationClock(parseDurationSeconds(duration)) : '';
  const durationHint = durationNote
    ? durationNote
    : isTimed
      ? clock
        ? i18n._('admin.content.form.durationHintClock', { clock })
        : i18n._('admin.content.form.durationHint')
      : isPost
        ? i18n._('admin.content.form.durationHintPost')
        : clock
          ? i18n._('admin.content.form.durationHintEventClock', { clock })
          : i18n._('admin.content.form.durationHintEvent');

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
      buttonsClassName="grid grid-cols-2 gap-2 sm:flex sm:justify-end"
    >
      <div className="grid gap-5">
        <TextField label={i18n._('admin.content.table.title')} autoComplete="off" {...bind('title')} />

        <div className="grid gap-5 sm:grid-cols-3">
          <SelectField
            label={i18n._('admin.content.filters.type')}
            fieldClassName="content-start"
            values={CONTENT_TYPES}
            labelOf={typeLabel}
            {...bind('type')}
          />
          <Field
            label={i18n._('admin.content.form.duration')}
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
            label={i18n._('admin.content.form.intensity')}
            fieldClassName="content-start"
            values={INTENSITIES}
            labelOf={(value) => {
              switch (value) {
                case 'gentle':
                  return i18n._('admin.content.form.intensityGentle');
                case 'moderate':
                  return i18n._('admin.content.form.intensityModerate');
                case 'intense':
                  return i18n._('admin.content.form.intensityIntense');
              }
            }}
            emptyLabel={i18n._('admin.content.form.notSet')}
            {...bind('intensity')}
          />
        </div>

        <Field
          label={isPost ? i18n._('admin.content.form.postContent') : i18n._('admin.content.form.description')}
          error={errors.description?.message}
          hint={i18n._('admin.content.form.markdownHint')}
        >
          <Textarea
            rows={isPost ? 12 : 4}
            className={isPost ? 'min-h-64' : undefined}
            {...form.register('description')}
          />
        </Field>

        <FileUploader
          kind="image"
          label={i18n._('admin.content.form.picture')}
          hint={i18n._('admin.content.form.pictureHint')}
          value=""
          onChange={() => {}}
          onRegistered={insertPicture}
          onBusyChange={uploads.track('articlePicture')}
        />

        <TextField
          label={i18n._('admin.content.form.tags')}
          autoComplete="off"
          placeholder={i18n._('admin.content.form.tagsPlaceholder')}
          hint={i18n._('admin.content.form.tagsHint')}
          error={firstMessage(errors.tags)}
          {...form.register('tags')}
        />

        <LanguageField typed={form.watch('language')} {...bind('language')} />
      </div>

      {uploader(
        'thumbnailUrl',
        'image',
        i18n._('admin.content.form.thumbnail'),
        i18n._('admin.content.form.thumbnailHint'),
      )}

      {isTimed && (
        <fieldset className="grid gap-4 rounded-2xl border p-4 sm:p-5">
          <legend className="px-1 font-display font-medium text-lg">
            {i18n._('admin.content.form.media')}
          </legend>
          <p className="flex gap-2 text-muted-foreground text-sm">
            <Info className="mt-0.5 size-4 shrink-0" strokeWidth={1.75} aria-hidden="true" />
            {i18n._('admin.content.form.streamingPriority')}
          </p>
          <UrlField label={i18n._('admin.content.form.streamingUrl')} {...bind('videoUrl')} />
          {uploader(
            'videoFileUrl',
            'media',
            i18n._('admin.content.form.uploadedFile'),
            i18n._('admin.content.form.uploadedFileHint'),
          )}
          {hasBothMedia && (
            <Alert>
              <Info aria-hidden="true" />
              <p>{i18n._('admin.content.form.bothSet')}</p>
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
