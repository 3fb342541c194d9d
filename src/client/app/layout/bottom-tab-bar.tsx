import { cn } from '@client/lib/cn';
import { useNamespace } from '@client/lib/i18n';
import { isTabActive, type TabPath } from '@shared/routes';
import { BookOpen, CalendarDays, CircleUserRound, House, type LucideIcon, Users } from 'lucide-react';
import { Link, useLocation } from 'wouter';

export function BottomTabBar() {
  const i18n = useNamespace('common');
  const [location] = useLocation();
  const tabs: { path: TabPath; label: string; icon: LucideIcon }[] = [
    { path: '/', label: i18n._('nav.home'), icon: House },
    { path: '/library', label: i18n._('nav.library'), icon: BookOpen },
    { path: '/community', label: i18n._('nav.community'), icon: Users },
    { path: '/calendar', label: i18n._('nav.calendar'), icon: CalendarDays },
    { path: '/account', label: i18n._('nav.account'), icon: CircleUserRound },
  ];
  return (
    <nav
      aria-label={i18n._('nav.main')}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border/70 bg-header pb-[env(safe-area-inset-bottom)] backdrop-blur-md"
    >
      <ul className="mx-auto grid h-16 max-w-lg grid-cols-5">
        {tabs.map(({ path, label, icon: Icon }) => {
          const isActive = isTabActive(path, location);
          return (
            <li key={path} className="flex">
              <Link
                href={path}
                aria-current={isActive ? 'page' : undefined}
                className={cn(
                  'group flex flex-1 flex-col items-center justify-center gap-1 rounded-xl font-medium text-xs transition-colors duration-200',
                  isActive ? 'text-primary' : 'text-muted-foreground hover:text-foreground',
                )}
              >
                <span
                  className={cn(
                    'grid h-7 w-12 place-items-center rounded-full transition-colors duration-200',
                    isActive && 'bg-sage-soft',
                  )}
                >
                  <Icon className="size-5" strokeWidth={isActive ? 2 : 1.5} aria-hidden="true" />
                </span>
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
