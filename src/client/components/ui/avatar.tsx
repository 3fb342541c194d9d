import { Avatar as AvatarPrimitive } from 'radix-ui';
import { withClass } from './with-class';

export const Avatar = withClass(
  AvatarPrimitive.Root,
  'relative flex size-10 shrink-0 overflow-hidden rounded-full',
);
export const AvatarImage = withClass(AvatarPrimitive.Image, 'aspect-square size-full object-cover');
export const AvatarFallback = withClass(
  AvatarPrimitive.Fallback,
  'flex size-full select-none items-center justify-center rounded-full bg-sage-soft font-semibold text-primary text-sm',
);
