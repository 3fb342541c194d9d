import { Avatar, AvatarFallback, AvatarImage } from '@client/components/ui/avatar';
import { cn } from '@client/lib/cn';
import { getInitials } from '@shared/initials';
import type { CurrentUser } from '@shared/schemas/auth';
import { thumbnailVariant } from '@shared/schemas/uploads';

/** docs/product.md, "Constants and limits": dates in en-US short form. */
const SHORT_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

export function formatMemberSince(iso: string): string | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : SHORT_DATE.format(date);
}

/** The member's picture, else their initials, else 'U' (docs/product.md, "Header and tab bar"). */
export function ProfileAvatar({
  user,
  className,
}: {
  user: Pick<CurrentUser, 'firstName' | 'lastName' | 'profileImageUrl'>;
  className?: string;
}) {
  return (
    <Avatar className={cn('size-16 border border-border', className)}>
      {user.profileImageUrl && <AvatarImage src={thumbnailVariant(user.profileImageUrl)} alt="" />}
      <AvatarFallback aria-hidden="true" className="text-[length:inherit]">
        {getInitials(user)}
      </AvatarFallback>
    </Avatar>
  );
}
