import { useRef, useState } from 'react';
import { isMediaLinkStale, useRenewSignedUrl } from '../api/signed-url';

type Resume = { at: number; play: boolean };

/**
 * The `src` of an item's own media element (video), renewed when its signed link has expired:
 * `renew` fetches a fresh link and remembers where to carry on, `takeResume` hands that place to
 * the element once it has loaded the new link. One renewal per failure, so a broken file still
 * shows its error.
 */
export function useRenewableSource(itemId: string, initialSrc: string, initialExpiresAt: string | null) {
  const renewLink = useRenewSignedUrl();
  // The first link is kept: a newer one from the cache would restart a playing video.
  const [link, setLink] = useState({ src: initialSrc, expiresAt: initialExpiresAt });
  const resume = useRef<Resume | null>(null);
  const renewals = useRef(0);

  return {
    src: link.src,
    isStale: () => isMediaLinkStale(link.expiresAt),
    canRenewAfterError: () => renewals.current === 0,
    /** Resolves false when no fresh link could be had (access ended, offline). */
    renew: async (from: Resume): Promise<boolean> => {
      renewals.current += 1;
      try {
        const fresh = await renewLink(itemId);
        resume.current = from;
        setLink({ src: fresh.signedUrl, expiresAt: fresh.expiresAt });
        return true;
      } catch {
        return false;
      }
    },
    takeResume: (): Resume | null => {
      const pending = resume.current;
      resume.current = null;
      return pending;
    },
    onPlaying: () => {
      renewals.current = 0;
    },
  };
}
