import { FileUploader } from '@client/features/uploads';
import { type ComponentProps, useCallback, useState } from 'react';
import { type Control, Controller, type FieldPathByValue, type FieldValues } from 'react-hook-form';

/** A form's upload field: the uploader bound to `name` (the object path), with the field's error under it. */
export function FormFileUploader<Values extends FieldValues, Context, Transformed>({
  control,
  name,
  ...uploader
}: { control: Control<Values, Context, Transformed>; name: FieldPathByValue<Values, string> } & Omit<
  ComponentProps<typeof FileUploader>,
  'value' | 'onChange'
>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <div className="grid gap-2">
          <FileUploader {...uploader} value={field.value} onChange={field.onChange} />
          {fieldState.error && <p className="text-destructive text-sm">{fieldState.error.message}</p>}
        </div>
      )}
    />
  );
}

/** Which of a form's uploads are busy: `track(name)` is an uploader's `onBusyChange`; saving waits while any is. */
export function useBusyUploads() {
  const [busy, setBusy] = useState<Record<string, boolean>>({});
  const track = useCallback(
    (name: string) => (isBusy: boolean) =>
      setBusy((current) => (current[name] === isBusy ? current : { ...current, [name]: isBusy })),
    [],
  );
  return { isUploading: Object.values(busy).some(Boolean), track };
}
