import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { LinkButton } from '@client/components/ui/link-button';
import { useLoadedNamespace } from '@client/components/ui/use-loaded-namespace';
import { useOutboxSubmit } from '@client/features/outbox';
import type { I18n } from '@lingui/core';
import { Trans } from '@lingui/react';
import { MAX_PRACTICE_NOTE_LENGTH } from '@shared/schemas/practice';
import { Check, Play, X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { playerQueue } from './player-queue';
import { type SessionEnd, sessionEnd } from './session-end';

/**
 * The member's one line for their own journal, saved on the session's practice record through the
 * outbox (so it waits with the session when offline). Optional; nothing happens if they skip it.
 */
function JournalNote({ sessionId, i18n }: { sessionId: string; i18n: I18n }) {
  const submit = useOutboxSubmit();
  const inputId = useId();
  const [note, setNote] = useState('');
  const [state, setState] = useState<'editing' | 'saving' | 'saved' | 'waiting'>('editing');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = note.trim();
    if (!trimmed) return;
    setState('saving');
    const isDelivered = await submit({ kind: 'practice-note', sessionId, note: trimmed });
    setState(isDelivered ? 'saved' : 'waiting');
  };

  if (state === 'saved' || state === 'waiting') {
    return (
      <p role="status" className="flex items-center gap-2 text-muted-foreground text-sm">
        <Check aria-hidden="true" className="size-4 text-primary" />
        {state === 'saved' ? i18n._('player.note.saved') : i18n._('player.note.waiting')}
      </p>
    );
  }
  return (
    <form onSubmit={onSubmit} className="grid gap-2">
      <Label htmlFor={inputId}>{i18n._('player.note.label')}</Label>
      <div className="flex gap-2">
        <Input
          id={inputId}
          value={note}
          maxLength={MAX_PRACTICE_NOTE_LENGTH}
          onChange={(event) => setNote(event.target.value.replace(/[\r\n]/g, ' '))}
          placeholder={i18n._('player.note.placeholder')}
          autoComplete="off"
        />
        <Button type="submit" variant="secondary" isPending={state === 'saving'} disabled={!note.trim()}>
          {i18n._('player.note.save')}
        </Button>
      </div>
    </form>
  );
}

function WhatComesNext({ end, i18n }: { end: SessionEnd; i18n: I18n }) {
  const { next, isNextPlaying, notice, origin } = end;
  if (next && isNextPlaying) {
    return (
      <p className="text-muted-foreground text-sm">
        <Trans
          id="player.end.nowPlaying"
          values={{ title: next.title }}
          components={{ 0: <span className="font-medium text-foreground" /> }}
        />
      </p>
    );
  }
  return (
    <div className="grid gap-3">
      {notice && <p className="text-muted-foreground text-sm">{notice}</p>}
      <div className="flex flex-wrap gap-2">
        {next && (
          <Button
            onClick={() => {
              sessionEnd.dismiss();
              void playerQueue.play(next);
            }}
          >
            <Play aria-hidden="true" />
            {i18n._('player.end.playNext', { title: next.title })}
          </Button>
        )}
        {origin && (
          <LinkButton href={origin.href} variant="outline" onClick={() => sessionEnd.dismiss()}>
            {i18n._('player.end.backTo', { title: origin.title })}
          </LinkButton>
        )}
        <LinkButton href="/library" variant="outline" onClick={() => sessionEnd.dismiss()}>
          {i18n._('player.end.backToLibrary')}
        </LinkButton>
      </div>
    </div>
  );
}

/**
 * The end-of-session moment: a calm panel (not a modal: the page stays usable behind it) with the
 * time heard, an optional journal line and what comes next. Focus moves to its heading when it
 * appears, and back to where it was when Escape or Close dismisses it.
 */
export function SessionEndPanel() {
  const end = sessionEnd.use();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const headingId = useId();
  const endKey = end ? `${end.trackId}:${end.sessionId}` : null;
  // It appears when a session ends, over any page: it waits for its words instead of suspending.
  const i18n = useLoadedNamespace('player');

  useEffect(() => {
    if (!endKey) return;
    const focused = document.activeElement;
    // A panel shown while another is open keeps the first opener: that is where the member was.
    if (!returnFocusTo.current?.isConnected) {
      returnFocusTo.current = focused instanceof HTMLElement && focused !== document.body ? focused : null;
    }
    headingRef.current?.focus();
  }, [endKey]);

  if (!end || !i18n) return null;

  const close = () => {
    sessionEnd.dismiss();
    const opener = returnFocusTo.current;
    returnFocusTo.current = null;
    if (opener?.isConnected) opener.focus();
  };

  return (
    <section
      aria-labelledby={headingId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          close();
        }
      }}
      className="fixed inset-x-0 bottom-[calc(9rem+env(safe-area-inset-bottom))] z-40 px-3 motion-safe:animate-fade-in"
    >
      <div className="relative mx-auto grid max-w-lg gap-4 rounded-2xl border bg-card p-5 text-card-foreground shadow-[0_10px_30px_-12px_rgb(var(--shadow-color)/0.35)]">
        <Button
          variant="ghost"
          size="icon"
          aria-label={i18n._('player.end.close')}
          onClick={close}
          className="absolute end-2 top-2"
        >
          <X strokeWidth={1.5} aria-hidden="true" />
        </Button>
        <div className="grid gap-1 pe-10">
          <h2
            id={headingId}
            ref={headingRef}
            tabIndex={-1}
            className="font-display font-medium text-xl tracking-tight outline-none"
          >
            {i18n._('player.end.title')}
          </h2>
          <p className="text-muted-foreground">
            <Trans
              id="player.end.practised"
              values={{
                seconds: end.seconds < 60 ? 'short' : 'long',
                minutes: Math.round(end.seconds / 60),
                title: end.title,
              }}
              components={{ 0: <span className="text-foreground" /> }}
            />
          </p>
        </div>
        {end.sessionId && <JournalNote key={end.sessionId} sessionId={end.sessionId} i18n={i18n} />}
        <WhatComesNext end={end} i18n={i18n} />
      </div>
    </section>
  );
}
