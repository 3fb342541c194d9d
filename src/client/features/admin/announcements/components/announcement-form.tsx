import { TextField, UrlField } from '@client/components/ui/field';
import { Label } from '@client/components/ui/label';
import { SelectField } from '@client/components/ui/native-select';
import { Textarea } from '@client/components/ui/textarea';
import { AdminFormFrame, type AdminFormProps, useAdminForm } from '@client/features/admin/kit/form-actions';
import { FormFileUploader, useBusyUploads } from '@client/features/admin/kit/form-file-uploader';
import { FormSwitches, PUBLISHED_SWITCH } from '@client/features/admin/kit/form-switches';
import { PublishAtField } from '@client/features/admin/kit/publish-at';
import { ANNOUNCEMENT_TYPE_STYLES } from '@client/features/announcements';
import { cn } from '@client/lib/cn';
import {
  ANNOUNCEMENT_TYPES,
  type AnnouncementInput,
  MAX_ANNOUNCEMENT_CONTENT,
} from '@shared/schemas/announcements';
import { useId } from 'react';
import { type AnnouncementFormValues, resolveAnnouncementForm } from '../announcement-form-values';

/** docs/product.md, "Validation": the Link Text field's placeholder. */
export const LINK_TEXT_PLACEHOLDER = 'Read More, Listen Now, etc.';

/** docs/product.md, "Validation": the live counter under the content, 'n/1000 characters'. */
export function contentCounterText(length: number): string {
  return `${length}/${MAX_ANNOUNCEMENT_CONTENT} characters`;
}

/** docs/product.md, "Validation" (Announcement form): checked with the API's schema before it is sent. */
export function AnnouncementForm(props: AdminFormProps<AnnouncementFormValues, AnnouncementInput>) {
  const [form, errors, bind] = useAdminForm(props, resolveAnnouncementForm);
  const content = form.watch('content');
  const linkUrl = form.watch('linkUrl');
  const hasLink = linkUrl.trim() !== '';
  const isOverLimit = content.length > MAX_ANNOUNCEMENT_CONTENT;
  const uploads = useBusyUploads();
  const ids = { content: useId(), counter: useId(), contentError: useId() };

  return (
    <AdminFormFrame
      form={form}
      actions={props}
      send={props.onSubmit}
      isUploading={uploads.isUploading}
      sticky
    >
      <div className="grid gap-5">
        <TextField label="Title" autoComplete="off" {...bind('title')} />
        <SelectField
          label="Type"
          values={ANNOUNCEMENT_TYPES}
          labelOf={(value) => ANNOUNCEMENT_TYPE_STYLES[value].label}
          {...bind('type')}
        />

        <div className="grid gap-2">
          <Label htmlFor={ids.content}>Content</Label>
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
              <p className="text-muted-foreground">Line breaks are kept on the home page.</p>
            )}
            <p
              id={ids.counter}
              className={cn(
                'ml-auto tabular-nums',
                isOverLimit ? 'font-medium text-destructive' : 'text-muted-foreground',
              )}
            >
              {contentCounterText(content.length)}
            </p>
          </div>
        </div>
      </div>

      <FormFileUploader
        control={form.control}
        name="imageUrl"
        kind="image"
        label="Image"
        hint="Optional. JPG, PNG, GIF or WebP up to 10 MB, shown across the top of the card."
        onBusyChange={uploads.track('image')}
      />

      <div className="grid gap-5">
        <UrlField label="Link URL" hint="Optional. Members open it in a new tab." {...bind('linkUrl')} />
        {hasLink && (
          <TextField
            label="Link Text"
            autoComplete="off"
            placeholder={LINK_TEXT_PLACEHOLDER}
            hint="The button reads Learn More when this is empty."
            {...bind('linkText')}
          />
        )}
      </div>

      <FormSwitches
        control={form.control}
        switches={[
          PUBLISHED_SWITCH,
          { name: 'isPinned', label: 'Pin to Top', description: 'Shown first on the home page.' },
        ]}
      />

      <PublishAtField error={errors.publishAt?.message} {...form.register('publishAt')} />
    </AdminFormFrame>
  );
}
