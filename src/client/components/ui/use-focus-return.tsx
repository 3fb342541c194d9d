import { type RefObject, useRef, useState } from 'react';

/**
 * Gives focus back, when a dialog closes, to what had it when the dialog opened. Radix returns
 * focus only to a `DialogTrigger`; most of our dialogs open from state (an Edit or Delete button
 * in a card, a form's button), so without this Escape, Close or Cancel left focus on the page's
 * body and a keyboard or screen-reader user started again from the top.
 *
 * Render `rememberOpener` inside the dialog's content and pass `onCloseAutoFocus` to it. When the
 * opener has left the page (the card of a deleted item), or something else has taken focus since
 * (a screen that moved it on purpose), Radix's own behaviour stays: the trigger if there is one.
 */
export function useFocusReturn(onCloseAutoFocus?: (event: Event) => void) {
  const openerRef = useRef<HTMLElement | null>(null);
  return {
    rememberOpener: <RememberOpener into={openerRef} />,
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      const opener = openerRef.current;
      openerRef.current = null;
      if (event.defaultPrevented || !opener?.isConnected) return;
      const focused = document.activeElement;
      if (focused && focused !== document.body) return;
      event.preventDefault();
      opener.focus();
    },
  };
}

/**
 * Notes the focused element when the content first renders: the moment the dialog appears, before
 * Radix (or a field's autoFocus) moves focus inside it. A component of its own because the content
 * wrapper stays mounted while a dialog is closed; this part mounts each time it opens.
 */
function RememberOpener({ into }: { into: RefObject<HTMLElement | null> }) {
  useState(() => {
    const focused = typeof document === 'undefined' ? null : document.activeElement;
    into.current = focused instanceof HTMLElement && focused !== document.body ? focused : null;
  });
  return null;
}
