import { Avatar, AvatarFallback, AvatarImage } from '@client/components/ui/avatar';
import { cn } from '@client/lib/cn';
import { getInitials } from '@shared/initials';
import type { Author } from '@shared/schemas/community';

/** The author's picture, else their initials, else 'U' (docs/product.md, "Community"). */
export function AuthorAvatar({ author, className }: { author: Omit<Author, 'id'>; className?: string }) {
  return (
    <Avatar className={cn('size-10', className)}>
      {author.profileImageUrl && <AvatarImage src={author.profileImageUrl} alt="" />}
      <AvatarFallback aria-hidden="true">{getInitials(author)}</AvatarFallback>
    </Avatar>
  );
}
