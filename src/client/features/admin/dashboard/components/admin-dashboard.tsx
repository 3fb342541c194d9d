import { Card } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { AccessDenied, ADMIN_DASHBOARD_DENIED, behindAdminGate } from '@client/features/admin/kit/admin-gate';
import { isAccessError, LoadError } from '@client/features/admin/kit/admin-states';
import { formatNumber } from '@client/lib/format';
import { useNamespace } from '@client/lib/i18n';
import { useDocumentTitle } from '@client/lib/use-document-title';
import type { I18n } from '@lingui/core';
import type { AdminStats } from '@shared/schemas/admin';
import {
  ArrowLeftRight,
  BarChart3,
  ChevronRight,
  Flag,
  Library,
  ListMusic,
  type LucideIcon,
  Mail,
  Megaphone,
  MessagesSquare,
  Settings,
  TicketPercent,
  Users,
  Video,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useAdminStats } from '../api/admin-stats';
import { RecentActivityList, RecentActivitySkeleton } from './recent-activity';

type CountKey = 'totalVideos' | 'totalForums' | 'totalUsers' | 'totalAnnouncements';
type StatCard = { label: string; icon: LucideIcon; count: CountKey; note: (stats: AdminStats) => string };

/** docs/product.md, "Admin": total videos, forums, users, announcements (with the active count). */
function statCards(i18n: I18n): StatCard[] {
  return [
    {
      label: i18n._('admin.dashboard.stat.videos'),
      icon: Video,
      count: 'totalVideos',
      note: () => i18n._('admin.dashboard.stat.videosNote'),
    },
    {
      label: i18n._('admin.dashboard.stat.forums'),
      icon: MessagesSquare,
      count: 'totalForums',
      note: () => i18n._('admin.dashboard.stat.forumsNote'),
    },
    {
      label: i18n._('admin.dashboard.stat.users'),
      icon: Users,
      count: 'totalUsers',
      note: () => i18n._('admin.dashboard.stat.usersNote'),
    },
    {
      label: i18n._('admin.dashboard.stat.announcements'),
      icon: Megaphone,
      count: 'totalAnnouncements',
      note: (s) => i18n._('admin.dashboard.stat.announcementsNote', { count: s.activeAnnouncements }),
    },
  ];
}

type AdminLink = { href: string; title: string; description: string; icon: LucideIcon };

/** docs/product.md, "Admin": the admin screens, plus Playlists (beyond the spec): address, title, description, icon. */
function adminLinks(i18n: I18n): AdminLink[] {
  return [
    {
      href: '/admin/content',
      title: i18n._('admin.dashboard.link.content'),
      description: i18n._('admin.dashboard.link.contentNote'),
      icon: Library,
    },
    {
      href: '/admin/announcements',
      title: i18n._('admin.dashboard.link.announcements'),
      description: i18n._('admin.dashboard.link.announcementsNote'),
      icon: Megaphone,
    },
    {
      href: '/admin/newsletters',
      title: i18n._('admin.dashboard.link.newsletters'),
      description: i18n._('admin.dashboard.link.newslettersNote'),
      icon: Mail,
    },
    {
      href: '/admin/forums',
      title: i18n._('admin.dashboard.link.forums'),
      description: i18n._('admin.dashboard.link.forumsNote'),
      icon: MessagesSquare,
    },
    {
      href: '/admin/playlists',
      title: i18n._('admin.dashboard.link.playlists'),
      description: i18n._('admin.dashboard.link.playlistsNote'),
      icon: ListMusic,
    },
    {
      href: '/admin/moderation',
      title: i18n._('admin.dashboard.link.moderation'),
      description: i18n._('admin.dashboard.link.moderationNote'),
      icon: Flag,
    },
    {
      href: '/admin/users',
      title: i18n._('admin.dashboard.link.users'),
      description: i18n._('admin.dashboard.link.usersNote'),
      icon: Users,
    },
    {
      href: '/admin/members',
      title: i18n._('admin.dashboard.link.members'),
      description: i18n._('admin.dashboard.link.membersNote'),
      icon: ArrowLeftRight,
    },
    {
      href: '/admin/offers',
      title: i18n._('admin.dashboard.link.offers'),
      description: i18n._('admin.dashboard.link.offersNote'),
      icon: TicketPercent,
    },
    {
      href: '/admin/analytics',
      title: i18n._('admin.dashboard.link.analytics'),
      description: i18n._('admin.dashboard.link.analyticsNote'),
      icon: BarChart3,
    },
    {
      href: '/admin/settings',
      title: i18n._('admin.dashboard.link.settings'),
      description: i18n._('admin.dashboard.link.settingsNote'),
      icon: Settings,
    },
  ];
}

function StatCardView({ card, stats }: { card: StatCard; stats: AdminStats | undefined }) {
  const Icon = card.icon;
  return (
    <Card className="grid min-w-0 content-start gap-3 p-4 sm:p-5">
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-medium text-muted-foreground text-sm leading-snug">{card.label}</h3>
        <span className="grid size-8 shrink-0 place-items-center rounded-full bg-sage-soft text-primary">
          <Icon className="size-4" strokeWidth={1.75} aria-hidden="true" />
        </span>
      </div>
      {stats ? (
        <div className="grid gap-0.5">
          <p className="font-display font-medium text-3xl tabular-nums tracking-tight sm:text-4xl">
            {formatNumber(stats[card.count])}
          </p>
          <p className="text-muted-foreground text-sm">{card.note(stats)}</p>
        </div>
      ) : (
        <div className="grid gap-2" data-testid="stat-skeleton">
          <Skeleton className="h-9 w-16" />
          <Skeleton className="h-3.5 w-24" />
        </div>
      )}
    </Card>
  );
}

function AdminLinkCard({ link }: { link: AdminLink }) {
  const Icon = link.icon;
  return (
    <Link
      href={link.href}
      className="group flex h-full items-center gap-4 rounded-2xl border bg-card p-4 shadow-soft transition-colors duration-200 ease-out hover:border-primary/40 hover:bg-accent sm:p-5"
    >
      <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-secondary text-secondary-foreground">
        <Icon className="size-5" strokeWidth={1.5} aria-hidden="true" />
      </span>
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="font-medium">{link.title}</span>
        <span className="text-muted-foreground text-sm leading-snug">{link.description}</span>
      </span>
      <ChevronRight
        className="size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5 rtl:-scale-x-100 rtl:group-hover:-translate-x-0.5"
        strokeWidth={1.75}
        aria-hidden="true"
      />
    </Link>
  );
}

function Section({
  id,
  title,
  children,
  className,
}: {
  id: string;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="mb-4 font-display font-medium text-2xl tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** /admin for an admin: the counts, the way into each admin screen, and what happened lately. */
export function AdminDashboard({ now }: { now?: Date } = {}) {
  const i18n = useNamespace('admin');
  useDocumentTitle(i18n._('admin.dashboard.title'));
  const stats = useAdminStats();

  if (stats.isError && isAccessError(stats.error)) {
    return <AccessDenied description={ADMIN_DASHBOARD_DENIED} />;
  }

  return (
    <div className="grid gap-10">
      <header className="grid gap-2">
        <h1 className="font-display font-normal text-4xl tracking-tight sm:text-5xl">
          {i18n._('admin.dashboard.title')}
        </h1>
        <p className="max-w-xl text-lg text-muted-foreground">{i18n._('admin.dashboard.lede')}</p>
      </header>

      <Section id="admin-overview" title={i18n._('admin.dashboard.overview')}>
        {stats.isError ? (
          <LoadError title={i18n._('admin.dashboard.figuresFailed')} query={stats} />
        ) : (
          <div
            className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4"
            aria-busy={stats.isPending || undefined}
          >
            {stats.isPending && (
              <span className="sr-only" role="status">
                {i18n._('admin.dashboard.loadingFigures')}
              </span>
            )}
            {statCards(i18n).map((card) => (
              <StatCardView key={card.count} card={card} stats={stats.data} />
            ))}
          </div>
        )}
      </Section>

      <div className="grid gap-10 lg:grid-cols-5 lg:gap-8">
        <Section id="admin-manage" title={i18n._('admin.dashboard.manage')} className="lg:col-span-3">
          <ul className="grid gap-3 sm:grid-cols-2">
            {adminLinks(i18n).map((link) => (
              <li key={link.href} className="min-w-0">
                <AdminLinkCard link={link} />
              </li>
            ))}
          </ul>
        </Section>

        <Section
          id="admin-activity"
          title={i18n._('admin.dashboard.recentActivity')}
          className="lg:col-span-2"
        >
          {stats.isPending ? (
            <RecentActivitySkeleton />
          ) : stats.isError ? (
            <Card className="px-5 py-8 text-center text-muted-foreground">
              {i18n._('admin.dashboard.activityAfterFigures')}
            </Card>
          ) : (
            <RecentActivityList activity={stats.data.recentActivity} now={now} />
          )}
        </Section>
      </div>
    </div>
  );
}

/** The dashboard behind the admin gate (docs/product.md, "Admin": members see Access Denied). */
export const AdminDashboardScreen = behindAdminGate(AdminDashboard, ADMIN_DASHBOARD_DENIED);
