import { Avatar, AvatarFallback, AvatarImage } from '@client/components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@client/components/ui/dropdown-menu';
import { useNamespace } from '@client/lib/i18n';
import type { I18n } from '@lingui/core';
import { getFullName, getInitials } from '@shared/initials';
import { canModerate } from '@shared/roles';
import type { CurrentUser } from '@shared/schemas/auth';
import { BookOpen, ClipboardList, CreditCard, Download, Flag, LayoutDashboard, LogOut } from 'lucide-react';
import type { ComponentType } from 'react';
import { Link } from 'wouter';

type MenuLink = { href: string; label: string; Icon: ComponentType<{ 'aria-hidden': 'true' }> };

/** The account menu's links: Admin Dashboard for an admin, Moderation for a moderator who is not one. */
function menuLinks(user: CurrentUser, isAdmin: boolean, i18n: I18n): MenuLink[] {
  const links: MenuLink[] = [
    { href: '/library', label: i18n._('nav.library'), Icon: BookOpen },
    { href: '/downloads', label: i18n._('menu.downloads'), Icon: Download },
    { href: '/questionnaire', label: i18n._('menu.assessment'), Icon: ClipboardList },
    { href: '/subscribe', label: i18n._('menu.subscription'), Icon: CreditCard },
  ];
  if (isAdmin) links.push({ href: '/admin', label: i18n._('menu.adminDashboard'), Icon: LayoutDashboard });
  else if (canModerate(user))
    links.push({ href: '/admin/moderation', label: i18n._('menu.moderation'), Icon: Flag });
  return links;
}

export default function UserMenu({ user, isAdmin }: { user: CurrentUser; isAdmin: boolean }) {
  // docs/product.md, "Header and tab bar": the full name shows when a first name exists; the e-mail when present.
  const fullName = user.firstName ? getFullName(user) : null;
  const initials = getInitials(user);
  const i18n = useNamespace('common');

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        // The name holds the initials the button shows (WCAG 2.5.3, label in name).
        aria-label={i18n._('menu.open', { initials })}
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
        {menuLinks(user, isAdmin, i18n).map(({ href, label, Icon }) => (
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
            {i18n._('menu.logOut')}
          </a>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
