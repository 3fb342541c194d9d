import { Avatar, AvatarFallback, AvatarImage } from '@client/components/ui/avatar';
import { cn } from '@client/lib/cn';
import { formatDate } from '@client/lib/format';
import { getInitials } from '@shared/initials';
import type { CurrentUser } from '@shared/schemas/auth';
import { thumbnailVariant } from '@shared/schemas/uploads';

/** docs/product.md, "Constants and limits": a short date ('Jan 5, 2026' in English), in the member's language. */
export function formatMemberSince(iso: string): string | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : formatDate(date);
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
