import { useFocusReturn } from '@client/components/ui/use-focus-return';
import { useNamespace } from '@client/lib/i18n';
import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { type ReactNode, useEffect, useRef } from 'react';

type WakeLockSentinelLike = { release: () => Promise<void> };
type WakeLockLike = { request: (type: 'screen') => Promise<WakeLockSentinelLike> };

/**
 * Keeps the screen awake while `isActive`, where the browser allows (Screen Wake Lock API). The
 * browser drops the lock whenever the page is hidden, so it is asked for again on return.
 */
export function useWakeLock(isActive: boolean) {
  useEffect(() => {
    if (!isActive) return;
    const wakeLock = (navigator as Navigator & { wakeLock?: WakeLockLike }).wakeLock;
    if (!wakeLock) return;
    let sentinel: WakeLockSentinelLike | null = null;
    let isDone = false;
    const acquire = () => {
      if (document.visibilityState !== 'visible') return;
      wakeLock
        .request('screen')
        .then((lock) => {
          if (isDone) void lock.release();
          else sentinel = lock;
        })
        // Refused (battery saver, a policy, no permission): the timer works as with the screen off.
        .catch(() => {});
    };
    acquire();
    document.addEventListener('visibilitychange', acquire);
    return () => {
      isDone = true;
      document.removeEventListener('visibilitychange', acquire);
      void sentinel?.release().catch(() => {});
    };
  }, [isActive]);
}

/**
 * The timer's calm full-screen view: a modal dialog over the whole viewport that also asks the
 * browser for real full screen (Fullscreen API) where it can. Escape or the visible button leaves
 * it, and so does leaving the browser's full screen by its own means; focus returns to the button
 * that opened it (use-focus-return.tsx).
 */
export function CalmScreen({
  isOpen,
  onClose,
  children,
}: {
  isOpen: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const i18n = useNamespace('practice');
  const contentRef = useRef<HTMLDivElement | null>(null);
  const focusReturn = useFocusReturn();
  useWakeLock(isOpen);

  useEffect(() => {
    const element = contentRef.current;
    if (!isOpen || !element) return;
    let hasEnteredFullscreen = false;
    const onFullscreenChange = () => {
      if (document.fullscreenElement === element) hasEnteredFullscreen = true;
      // The browser's own way out (its Escape, a gesture): leave the calm view with it.
      else if (hasEnteredFullscreen) onClose();
    };
    document.addEventListener('fullscreenchange', onFullscreenChange);
    // Still inside the tap that opened the view (transient activation); refused or missing, the
    // full-viewport dialog is the calm view.
    if (typeof element.requestFullscreen === 'function' && document.fullscreenEnabled) {
      element.requestFullscreen().catch(() => {});
    }
    return () => {
      document.removeEventListener('fullscreenchange', onFullscreenChange);
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    };
  }, [isOpen, onClose]);

  return (
    <DialogPrimitive.Root open={isOpen} onOpenChange={(open) => !open && onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Content
          ref={contentRef}
          aria-describedby={undefined}
          onCloseAutoFocus={focusReturn.onCloseAutoFocus}
          className="fixed inset-0 z-50 grid place-items-center overflow-y-auto bg-background p-6 text-foreground data-[state=open]:animate-fade-in"
        >
          {focusReturn.rememberOpener}
          <DialogPrimitive.Title className="sr-only">{i18n._('practice.calm.title')}</DialogPrimitive.Title>
          <DialogPrimitive.Close className="absolute end-4 top-4 inline-flex h-11 items-center gap-2 rounded-full px-4 text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring">
            <X className="size-5" strokeWidth={1.75} aria-hidden="true" />
            {i18n._('practice.calm.exit')}
          </DialogPrimitive.Close>
          {children}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
