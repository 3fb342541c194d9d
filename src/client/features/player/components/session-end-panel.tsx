import { Button } from '@client/components/ui/button';
import { LinkButton } from '@client/components/ui/link-button';
import { useLoadedNamespace } from '@client/components/ui/use-loaded-namespace';
import { JournalNote } from '@client/features/practice';
import type { I18n } from '@lingui/core';
import { Trans } from '@lingui/react';
import { Play, X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { playerQueue } from './player-queue';
import { type SessionEnd, sessionEnd } from './session-end';

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
        {end.sessionId && <JournalNote key={end.sessionId} sessionId={end.sessionId} />}
        <WhatComesNext end={end} i18n={i18n} />
      </div>
    </section>
  );
}
