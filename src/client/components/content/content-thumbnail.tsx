import { cn } from '@client/lib/cn';
import type { ContentType } from '@shared/schemas/content';
import { useState } from 'react';
import { CONTENT_TYPE_META } from './content-type';

/** Calm stand-ins in the product's palette, picked by item so a grid does not repeat one tone. */
/* eslint-disable lingui/no-unlocalized-strings -- class lists, not words */
const PLACEHOLDER_GRADIENTS = [
  'bg-[linear-gradient(135deg,var(--color-sage-soft),var(--color-secondary))]',
  'bg-[linear-gradient(180deg,var(--color-sage-soft)_0%,var(--color-muted)_58%,var(--color-secondary)_100%)]',
  'bg-[radial-gradient(circle_at_28%_78%,color-mix(in_srgb,var(--color-clay)_32%,transparent),transparent_58%),linear-gradient(160deg,var(--color-sage-soft),var(--color-muted))]',
  'bg-[radial-gradient(circle_at_72%_24%,color-mix(in_srgb,var(--color-primary)_22%,transparent),transparent_60%),linear-gradient(200deg,var(--color-muted),var(--color-secondary))]',
] as const;
/* eslint-enable lingui/no-unlocalized-strings */

function pickGradient(seed: string): string {
  let hash = 0;
  for (const character of seed) hash = (hash * 31 + character.charCodeAt(0)) >>> 0;
  return PLACEHOLDER_GRADIENTS[hash % PLACEHOLDER_GRADIENTS.length] ?? PLACEHOLDER_GRADIENTS[0];
}

type ContentThumbnailProps = {
  src: string | null | undefined;
  type: ContentType;
  /** Keeps the placeholder's tone stable for one item. */
  seed: string;
  className?: string;
  /** Lazy by default; the detail page's hero image loads at once. */
  loading?: 'lazy' | 'eager';
};

/**
 * A 16:9 picture for a content item. No thumbnail, or one that fails to load, becomes a gentle
 * gradient with the item's type icon: never a broken-image icon (docs/product.md, "Look and feel").
 */
export function ContentThumbnail({ src, type, seed, className, loading = 'lazy' }: ContentThumbnailProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && failedSrc !== src;
  const Icon = CONTENT_TYPE_META[type].icon;

  return (
    <div className={cn('relative aspect-video w-full overflow-hidden bg-muted', className)}>
      {showImage && src ? (
        <img
          src={src}
          alt=""
          loading={loading}
          decoding="async"
          onError={() => setFailedSrc(src)}
          className="absolute inset-0 size-full object-cover"
        />
      ) : (
        <div
          aria-hidden="true"
          data-testid="thumbnail-placeholder"
          className={cn('absolute inset-0 grid place-items-center', pickGradient(seed))}
        >
          <span className="grid aspect-square h-[38%] max-h-24 min-h-9 place-items-center rounded-full border border-primary/15 bg-card/45 shadow-[0_0_0_10px_color-mix(in_srgb,var(--color-card)_18%,transparent)]">
            <Icon className="size-[42%] text-primary/65" strokeWidth={1.5} />
          </span>
        </div>
      )}
    </div>
  );
}
