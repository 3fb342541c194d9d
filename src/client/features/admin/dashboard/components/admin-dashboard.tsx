import { Card } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { AccessDenied, ADMIN_DASHBOARD_DENIED, behindAdminGate } from '@client/features/admin/kit/admin-gate';
import { isAccessError, LoadError } from '@client/features/admin/kit/admin-states';
import { useDocumentTitle } from '@client/lib/use-document-title';
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
const STAT_CARDS: StatCard[] = [
  { label: 'Total Videos', icon: Video, count: 'totalVideos', note: () => 'Videos, audio, posts and events' },
  { label: 'Total Forums', icon: MessagesSquare, count: 'totalForums', note: () => 'Discussion spaces' },
  { label: 'Total Users', icon: Users, count: 'totalUsers', note: () => 'Registered accounts' },
  {
    label: 'Announcements',
    icon: Megaphone,
    count: 'totalAnnouncements',
    note: (s) => `${s.activeAnnouncements} active`,
  },
];

type AdminLink = { href: string; title: string; description: string; icon: LucideIcon };

/** docs/product.md, "Admin": the admin screens, plus Playlists (beyond the spec): address, title, description, icon. */
const ADMIN_LINKS: AdminLink[] = (
  [
    ['/admin/content', 'Content', 'Create and edit sessions, posts and events.', Library],
    ['/admin/announcements', 'Announcements', "Post news to the home page's What's New.", Megaphone],
    ['/admin/newsletters', 'Newsletters', 'Write to your members by e-mail.', Mail],
    ['/admin/forums', 'Forums', 'Create and manage discussion forums.', MessagesSquare],
    ['/admin/playlists', 'Playlists', 'Build playlists and 30-day journeys.', ListMusic],
    ['/admin/moderation', 'Moderation', 'Flagged posts and comments, mutes and the audit log.', Flag],
    ['/admin/users', 'Users', 'See members, admin rights and premium.', Users],
    [
      '/admin/members',
      'Import & export',
      'Bring members from Ghost or Substack; export your list.',
      ArrowLeftRight,
    ],
    ['/admin/offers', 'Offers', 'Offer codes for checkout: discounts, limits and end dates.', TicketPercent],
    ['/admin/analytics', 'Analytics', 'Growth, subscriptions and activity.', BarChart3],
    ['/admin/settings', 'Settings', 'Payments, storage, e-mail and database.', Settings],
  ] as const
).map(([href, title, description, icon]) => ({ href, title, description, icon }));

const numberFormat = new Intl.NumberFormat('en-US');

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
            {numberFormat.format(stats[card.count])}
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
        className="size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
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
  useDocumentTitle('Admin Dashboard');
  const stats = useAdminStats();

  if (stats.isError && isAccessError(stats.error)) {
    return <AccessDenied description={ADMIN_DASHBOARD_DENIED} />;
  }

  return (
    <div className="grid gap-10">
      <header className="grid gap-2">
        <h1 className="font-display font-normal text-4xl tracking-tight sm:text-5xl">Admin Dashboard</h1>
        <p className="max-w-xl text-lg text-muted-foreground">
          Manage content, announcements, forums and members.
        </p>
      </header>

      <Section id="admin-overview" title="Overview">
        {stats.isError ? (
          <LoadError title="The figures could not be loaded" query={stats} />
        ) : (
          <div
            className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4"
            aria-busy={stats.isPending || undefined}
          >
            {stats.isPending && (
              <span className="sr-only" role="status">
                Loading figures
              </span>
            )}
            {STAT_CARDS.map((card) => (
              <StatCardView key={card.label} card={card} stats={stats.data} />
            ))}
          </div>
        )}
      </Section>

      <div className="grid gap-10 lg:grid-cols-5 lg:gap-8">
        <Section id="admin-manage" title="Manage" className="lg:col-span-3">
          <ul className="grid gap-3 sm:grid-cols-2">
            {ADMIN_LINKS.map((link) => (
              <li key={link.href} className="min-w-0">
                <AdminLinkCard link={link} />
              </li>
            ))}
          </ul>
        </Section>

        <Section id="admin-activity" title="Recent Activity" className="lg:col-span-2">
          {stats.isPending ? (
            <RecentActivitySkeleton />
          ) : stats.isError ? (
            <Card className="px-5 py-8 text-center text-muted-foreground">
              Recent activity will appear once the figures load.
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
