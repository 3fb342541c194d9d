import { Avatar, AvatarFallback, AvatarImage } from '@client/components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@client/components/ui/dropdown-menu';
import { getFullName, getInitials } from '@shared/initials';
import { canModerate } from '@shared/roles';
import type { CurrentUser } from '@shared/schemas/auth';
import { BookOpen, ClipboardList, CreditCard, Download, Flag, LayoutDashboard, LogOut } from 'lucide-react';
import type { ComponentType } from 'react';
import { Link } from 'wouter';

type MenuLink = { href: string; label: string; Icon: ComponentType<{ 'aria-hidden': 'true' }> };

/** The account menu's links: Admin Dashboard for an admin, Moderation for a moderator who is not one. */
function menuLinks(user: CurrentUser, isAdmin: boolean): MenuLink[] {
  const links: MenuLink[] = [
    { href: '/library', label: 'Library', Icon: BookOpen },
    { href: '/downloads', label: 'Downloads', Icon: Download },
    { href: '/questionnaire', label: 'Assessment', Icon: ClipboardList },
    { href: '/subscribe', label: 'Subscription', Icon: CreditCard },
  ];
  if (isAdmin) links.push({ href: '/admin', label: 'Admin Dashboard', Icon: LayoutDashboard });
  else if (canModerate(user)) links.push({ href: '/admin/moderation', label: 'Moderation', Icon: Flag });
  return links;
}

export default function UserMenu({ user, isAdmin }: { user: CurrentUser; isAdmin: boolean }) {
  // docs/product.md, "Header and tab bar": the full name shows when a first name exists; the e-mail when present.
  const fullName = user.firstName ? getFullName(user) : null;
  const initials = getInitials(user);

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        // The name holds the initials the button shows (WCAG 2.5.3, label in name).
        aria-label={`Open account menu, ${initials}`}
        className="rounded-full transition-shadow hover:ring-4 hover:ring-primary/15"
      >
        <Avatar className="size-10 border border-border">
          {user.profileImageUrl && <AvatarImage src={user.profileImageUrl} alt="" />}
          <AvatarFallback>{initials}</AvatarFallback>
        </Avatar>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        {(fullName || user.email) && (
          <>
            <DropdownMenuLabel className="grid gap-0.5">
              {fullName && <span className="truncate font-semibold">{fullName}</span>}
              {user.email && <span className="truncate text-muted-foreground text-sm">{user.email}</span>}
            </DropdownMenuLabel>
            <DropdownMenuSeparator />
          </>
        )}
        {menuLinks(user, isAdmin).map(({ href, label, Icon }) => (
          <DropdownMenuItem key={href} asChild>
            <Link href={href}>
              <Icon aria-hidden="true" />
              {label}
            </Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <a href="/api/logout">
            <LogOut aria-hidden="true" />
            Log out
          </a>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
