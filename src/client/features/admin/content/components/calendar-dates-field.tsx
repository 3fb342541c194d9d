import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
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
  const ids = { input: useId(), hint: useId(), status: useId() };
  const [draft, setDraft] = useState('');
  const [notice, setNotice] = useState('');

  const add = () => {
    if (!isValidCalendarDate(draft)) {
      setNotice('Pick a date first.');
      return;
    }
    if (value.includes(draft)) {
      setNotice(`${formatCalendarDate(draft, 'long')} is already on the list.`);
      return;
    }
    onChange(addCalendarDate(value, draft));
    setNotice(`${formatCalendarDate(draft, 'long')} added.`);
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
      <Label htmlFor={ids.input}>Calendar dates</Label>
      <p id={ids.hint} className="text-muted-foreground text-sm">
        Days this item appears on the member calendar. Add one date at a time.
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
          Add date
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
        <ul className="flex flex-wrap gap-2" aria-label="Scheduled dates">
          {value.map((date) => (
            <li
              key={date}
              className="inline-flex items-center gap-1 rounded-full border bg-sage-soft py-0.5 pr-1 pl-3 text-sm"
            >
              <time dateTime={date}>{formatCalendarDate(date)}</time>
              <button
                type="button"
                onClick={() => {
                  onChange(value.filter((other) => other !== date));
                  setNotice(`${formatCalendarDate(date, 'long')} removed.`);
                }}
                aria-label={`Remove ${formatCalendarDate(date, 'long')}`}
                className="grid size-7 place-items-center rounded-full text-muted-foreground transition-colors hover:bg-card hover:text-foreground"
              >
                <X className="size-3.5" strokeWidth={2} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted-foreground text-sm">Not on the calendar.</p>
      )}
    </div>
  );
}
