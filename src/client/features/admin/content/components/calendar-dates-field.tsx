import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { useNamespace } from '@client/lib/i18n';
import { isValidCalendarDate } from '@shared/schemas/content';
import { CalendarPlus, X } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { addCalendarDate, formatCalendarDate } from '../content-form-values';

type CalendarDatesFieldProps = {
  value: string[];
  onChange: (dates: string[]) => void;
  error?: string | undefined;
};

/**
 * docs/product.md, "Validation": the picker adds one date at a time, a date already listed is ignored, and
 * each date can be removed. The dates put the item on the member calendar (/calendar).
 */
export function CalendarDatesField({ value, onChange, error }: CalendarDatesFieldProps) {
  const i18n = useNamespace('admin');
  const ids = { input: useId(), hint: useId(), status: useId() };
  const [draft, setDraft] = useState('');
  const [notice, setNotice] = useState('');

  const add = () => {
    if (!isValidCalendarDate(draft)) {
      setNotice(i18n._('admin.content.dates.pickFirst'));
      return;
    }
    if (value.includes(draft)) {
      setNotice(i18n._('admin.content.dates.already', { date: formatCalendarDate(draft, 'long') }));
      return;
    }
    onChange(addCalendarDate(value, draft));
    setNotice(i18n._('admin.content.dates.added', { date: formatCalendarDate(draft, 'long') }));
    setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the date instead of submitting the whole form.
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };

  return (
    <div className="grid gap-2">
      <Label htmlFor={ids.input}>{i18n._('admin.content.dates.label')}</Label>
      <p id={ids.hint} className="text-muted-foreground text-sm">
        {i18n._('admin.content.dates.hint')}
      </p>
      <div className="flex flex-wrap gap-2">
        <Input
          id={ids.input}
          type="date"
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
            setNotice('');
          }}
          onKeyDown={onKeyDown}
          aria-describedby={error ? `${ids.hint} ${ids.status}-error` : ids.hint}
          aria-invalid={error ? true : undefined}
          className="w-auto min-w-0 flex-1 sm:max-w-56"
        />
        <Button variant="outline" onClick={add}>
          <CalendarPlus aria-hidden="true" />
          {i18n._('admin.content.dates.add')}
        </Button>
      </div>
      <p id={ids.status} role="status" className="min-h-0 text-muted-foreground text-sm empty:hidden">
        {notice}
      </p>
      {error && (
        <p id={`${ids.status}-error`} className="text-destructive text-sm">
          {error}
        </p>
      )}
      {value.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={i18n._('admin.content.dates.listLabel')}>
          {value.map((date) => (
            <li
              key={date}
              className="inline-flex items-center gap-1 rounded-full border bg-sage-soft py-0.5 ps-3 pe-1 text-sm"
            >
              <time dateTime={date}>{formatCalendarDate(date)}</time>
              <button
                type="button"
                onClick={() => {
                  onChange(value.filter((other) => other !== date));
                  setNotice(
                    i18n._('admin.content.dates.removed', { date: formatCalendarDate(date, 'long') }),
                  );
                }}
                aria-label={i18n._('admin.content.dates.remove', { date: formatCalendarDate(date, 'long') })}
                className="grid size-7 place-items-center rounded-full text-muted-foreground transition-colors hover:bg-card hover:text-foreground"
              >
                <X className="size-3.5" strokeWidth={2} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted-foreground text-sm">{i18n._('admin.content.dates.none')}</p>
      )}
    </div>
  );
}
