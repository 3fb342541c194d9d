import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { useLoadedNamespace } from '@client/components/ui/use-loaded-namespace';
import { useOutboxSubmit } from '@client/features/outbox';
import { MAX_PRACTICE_NOTE_LENGTH } from '@shared/practice-values';
import { Check } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';

/**
 * The member's one line for their own journal, saved on a practice session's record through the
 * outbox (so it waits with the session when offline). Optional; nothing happens if they skip it.
 * One form for every end of a session: the player's panel and the timer's end of a sit.
 */
export function JournalNote({ sessionId }: { sessionId: string }) {
  const submit = useOutboxSubmit();
  const inputId = useId();
  const [note, setNote] = useState('');
  const [state, setState] = useState<'editing' | 'saving' | 'saved' | 'waiting'>('editing');
  const doneRef = useRef<HTMLParagraphElement>(null);
  const isDone = state === 'saved' || state === 'waiting';
  // The form and its button go once the line is kept: focus stays here instead of falling to the page.
  useEffect(() => {
    if (isDone) doneRef.current?.focus();
  }, [isDone]);
  // Shown over any page (the player's panel), so it waits for its words instead of suspending.
  const i18n = useLoadedNamespace('practice');
  if (!i18n) return null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = note.trim();
    if (!trimmed) return;
    setState('saving');
    const isDelivered = await submit({ kind: 'practice-note', sessionId, note: trimmed });
    setState(isDelivered ? 'saved' : 'waiting');
  };

  if (isDone) {
    return (
      <p
        ref={doneRef}
        tabIndex={-1}
        role="status"
        className="flex items-center gap-2 text-muted-foreground text-sm outline-none"
      >
        <Check aria-hidden="true" className="size-4 shrink-0 text-primary" />
        {state === 'saved' ? i18n._('practice.note.saved') : i18n._('practice.note.waiting')}
      </p>
    );
  }
  return (
    <form onSubmit={onSubmit} className="grid gap-2">
      <Label htmlFor={inputId}>{i18n._('practice.note.label')}</Label>
      <div className="flex gap-2">
        <Input
          id={inputId}
          value={note}
          maxLength={MAX_PRACTICE_NOTE_LENGTH}
          onChange={(event) => setNote(event.target.value.replace(/[\r\n]/g, ' '))}
          placeholder={i18n._('practice.note.placeholder')}
          autoComplete="off"
        />
        <Button type="submit" variant="secondary" isPending={state === 'saving'} disabled={!note.trim()}>
          {i18n._('practice.note.save')}
        </Button>
      </div>
    </form>
  );
}
