import { TextField, UrlField } from '@client/components/ui/field';
import { Label } from '@client/components/ui/label';
import { SelectField } from '@client/components/ui/native-select';
import { Textarea } from '@client/components/ui/textarea';
import { AdminFormFrame, type AdminFormProps, useAdminForm } from '@client/features/admin/kit/form-actions';
import { FormFileUploader, useBusyUploads } from '@client/features/admin/kit/form-file-uploader';
import { FormSwitches, PUBLISHED_SWITCH } from '@client/features/admin/kit/form-switches';
import { LanguageField } from '@client/features/admin/kit/language-field';
import { PublishAtField } from '@client/features/admin/kit/publish-at';
import { cn } from '@client/lib/cn';
import { useNamespace } from '@client/lib/i18n';
import {
  ANNOUNCEMENT_TYPES,
  type AnnouncementInput,
  MAX_ANNOUNCEMENT_CONTENT,
} from '@shared/schemas/announcements';
import { useId } from 'react';
import { type AnnouncementFormValues, resolveAnnouncementForm } from '../announcement-form-values';
import { adminAnnouncementTypeLabel } from './admin-announcement-card';

/** docs/product.md, "Validation" (Announcement form): checked with the API's schema before it is sent. */
export function AnnouncementForm(props: AdminFormProps<AnnouncementFormValues, AnnouncementInput>) {
  const i18n = useNamespace('admin');
  const [form, errors, bind] = useAdminForm(props, resolveAnnouncementForm);
  const content = form.watch('content');
  const linkUrl = form.watch('linkUrl');
  const hasLink = linkUrl.trim() !== '';
  const isOverLimit = content.length > MAX_ANNOUNCEMENT_CONTENT;
  const uploads = useBusyUploads();
  const ids = { content: useId(), counter: useId(), contentError: useId() };

  return (
    <AdminFormFrame form={form} actions={props} send={props.onSubmit} isUploading={uploads.isUploading}>
      <div className="grid gap-5">
        <TextField label={i18n._('admin.announcements.form.title')} autoComplete="off" {...bind('title')} />
        <SelectField
          label={i18n._('admin.announcements.form.type')}
          values={ANNOUNCEMENT_TYPES}
          labelOf={(value) => adminAnnouncementTypeLabel(i18n, value)}
          {...bind('type')}
        />
        <LanguageField typed={form.watch('language')} {...bind('language')} />

        <div className="grid gap-2">
          <Label htmlFor={ids.content}>{i18n._('admin.announcements.form.content')}</Label>
          <Textarea
            id={ids.content}
            rows={6}
            aria-invalid={errors.content ? true : undefined}
            aria-describedby={errors.content ? `${ids.contentError} ${ids.counter}` : ids.counter}
            {...form.register('content')}
          />
          <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 text-sm">
            {errors.content ? (
              <p id={ids.contentError} className="text-destructive">
                {errors.content.message}
              </p>
            ) : (
              <p className="text-muted-foreground">{i18n._('admin.announcements.form.lineBreaks')}</p>
            )}
            <p
              id={ids.counter}
              className={cn(
                'ms-auto tabular-nums',
                isOverLimit ? 'font-medium text-destructive' : 'text-muted-foreground',
              )}
            >
              {/* docs/product.md, "Validation": the live counter under the content, 'n/1000 characters'. */}
              {i18n._('admin.announcements.form.counter', {
                // Digits as typed, without a thousands separator: '1001/1000 characters'.
                length: String(content.length),
                max: String(MAX_ANNOUNCEMENT_CONTENT),
              })}
            </p>
          </div>
        </div>
      </div>

      <FormFileUploader
        control={form.control}
        name="imageUrl"
        kind="image"
        label={i18n._('admin.announcements.form.image')}
        hint={i18n._('admin.announcements.form.imageHint')}
        onBusyChange={uploads.track('image')}
      />

      <div className="grid gap-5">
        <UrlField
          label={i18n._('admin.announcements.form.linkUrl')}
          hint={i18n._('admin.announcements.form.linkUrlHint')}
          {...bind('linkUrl')}
        />
        {hasLink && (
          <TextField
            label={i18n._('admin.announcements.form.linkText')}
            autoComplete="off"
            placeholder={i18n._('admin.announcements.form.linkTextPlaceholder')}
            hint={i18n._('admin.announcements.form.linkTextHint')}
            {...bind('linkText')}
          />
        )}
      </div>

      <FormSwitches
        control={form.control}
        switches={[
          PUBLISHED_SWITCH,
          {
            name: 'isPinned',
            label: i18n._('admin.announcements.form.pin'),
            description: i18n._('admin.announcements.form.pinHint'),
          },
        ]}
      />

      <PublishAtField error={errors.publishAt?.message} {...form.register('publishAt')} />
    </AdminFormFrame>
  );
}
