import { BreathingCircle } from '@client/components/breathing-circle';
import { IconCircle } from '@client/components/content/icon-circle';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { LinkButton } from '@client/components/ui/link-button';
import { LoadingScreen } from '@client/components/ui/loading-screen';
import { useCurrentUser } from '@client/features/auth';
import { HelpDialog, SitePageLinks } from '@client/features/help';
import { useNamespace } from '@client/lib/i18n';
import { useSite } from '@client/lib/site';
import { useDocumentTitle } from '@client/lib/use-document-title';
import type { I18n } from '@lingui/core';
import { getFullName } from '@shared/initials';
import type { CurrentUser } from '@shared/schemas/auth';
import {
  ChartLine,
  ChevronRight,
  ClipboardList,
  CreditCard,
  Download,
  LogIn,
  LogOut,
  type LucideIcon,
  Settings,
} from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { accountBrowser, EXPORT_URL, GOODBYE_DELAY_MS } from '../browser';
import { DeleteAccountDialog } from './delete-account-dialog';
import { EmailConfirmation } from './email-confirmation';
import { MyFavorites } from './my-favorites';
import { ProfileAvatar } from './profile-avatar';
import { ProfileSection } from './profile-section';
import { SubscriptionSummary } from './subscription-summary';

function shortcuts(i18n: I18n): { href: string; label: string; description: string; icon: LucideIcon }[] {
  return [
    {
      href: '/assessment',
      label: i18n._('account.shortcuts.assessment'),
      description: i18n._('account.shortcuts.assessmentText'),
      icon: ClipboardList,
    },
    {
      href: '/subscribe',
      label: i18n._('account.shortcuts.subscription'),
      description: i18n._('account.shortcuts.subscriptionText'),
      icon: CreditCard,
    },
    {
      href: '/assessment-history',
      label: i18n._('account.shortcuts.history'),
      description: i18n._('account.shortcuts.historyText'),
      icon: ChartLine,
    },
    {
      href: '/downloads',
      label: i18n._('account.shortcuts.downloads'),
      description: i18n._('account.shortcuts.downloadsText'),
      icon: Download,
    },
  ];
}

function AccountHeader({ user }: { user: CurrentUser }) {
  const i18n = useNamespace('account');
  const name = getFullName(user);
  return (
    <header className="flex items-center gap-4 sm:gap-6">
      <ProfileAvatar user={user} className="size-16 text-xl sm:size-24 sm:text-2xl" />
      <div className="grid min-w-0 gap-1">
        <p className="font-medium text-muted-foreground text-sm uppercase tracking-wider">
          {i18n._('account.header.eyebrow')}
        </p>
        <h1 className="font-display font-normal text-4xl tracking-tight wrap-anywhere sm:text-5xl">
          {name ?? i18n._('account.header.welcome')}
        </h1>
        <p className="text-lg text-muted-foreground wrap-anywhere">{user.email}</p>
      </div>
    </header>
  );
}

function Shortcuts() {
  const i18n = useNamespace('account');
  return (
    <nav aria-label={i18n._('account.shortcuts.label')} className="grid gap-3">
      <ul className="grid gap-3 sm:grid-cols-2">
        {shortcuts(i18n).map(({ href, label, description, icon }) => (
          <li key={href}>
            <Link
              href={href}
              className="group flex h-full items-center gap-3 rounded-2xl border bg-card p-4 shadow-soft transition-[border-color,box-shadow] duration-200 ease-out hover:border-primary/30 hover:shadow-md"
            >
              <IconCircle icon={icon} size="md" />
              <span className="grid min-w-0 flex-1">
                <span className="font-medium">{label}</span>
                <span className="text-muted-foreground text-sm">{description}</span>
              </span>
              <ChevronRight
                className="size-4.5 shrink-0 text-muted-foreground transition-transform duration-200 group-hover:translate-x-0.5 group-hover:text-primary"
                strokeWidth={1.5}
                aria-hidden="true"
              />
            </Link>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <LinkButton href="/settings" icon={Settings} variant="outline" size="sm">
          {i18n._('account.shortcuts.settings')}
        </LinkButton>
        <HelpDialog />
        <LinkButton href="/api/logout" icon={LogOut} native variant="ghost" size="sm">
          {i18n._('account.shortcuts.signOut')}
        </LinkButton>
      </div>
    </nav>
  );
}

function YourData() {
  const i18n = useNamespace('account');
  const { name: siteName } = useSite();
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId} className="grid content-start gap-4 p-5 sm:p-7">
      <h2 id={headingId} className="font-display font-medium text-2xl tracking-tight">
        {i18n._('account.data.title')}
      </h2>
      <p className="text-muted-foreground">{i18n._('account.data.text', { siteName })}</p>
      <LinkButton
        href={EXPORT_URL}
        icon={Download}
        native
        variant="outline"
        className="justify-self-start"
        download
      >
        {i18n._('account.data.download')}
      </LinkButton>
    </Card>
  );
}

function DangerZone({ onDeleted }: { onDeleted: () => void }) {
  const i18n = useNamespace('account');
  const headingId = useId();
  return (
    <Card
      role="region"
      aria-labelledby={headingId}
      className="grid content-start gap-4 border-destructive/40 p-5 sm:p-7"
    >
      <h2 id={headingId} className="font-display font-medium text-2xl text-destructive tracking-tight">
        {i18n._('account.danger.title')}
      </h2>
      <p className="text-muted-foreground">{i18n._('account.danger.text')}</p>
      <div className="justify-self-start">
        <DeleteAccountDialog onDeleted={onDeleted} />
      </div>
    </Card>
  );
}

/** After deleting: a calm goodbye, then '/' loads from scratch, signed out. */
function Goodbye() {
  const i18n = useNamespace('account');
  const headingRef = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(i18n._('account.goodbye.documentTitle'));
  useEffect(() => {
    headingRef.current?.focus();
    const timer = setTimeout(() => accountBrowser.assign('/'), GOODBYE_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Card className="mx-auto my-8 flex max-w-lg flex-col items-center gap-4 px-6 py-14 text-center sm:my-12">
      <BreathingCircle size="md" className="mb-2" />
      <h1
        ref={headingRef}
        tabIndex={-1}
        className="font-display font-medium text-3xl tracking-tight outline-none"
      >
        {i18n._('account.goodbye.title')}
      </h1>
      <p role="status" className="max-w-sm text-muted-foreground">
        {i18n._('account.goodbye.text')}
      </p>
      <Button className="mt-2" onClick={() => accountBrowser.assign('/')}>
        {i18n._('account.goodbye.home')}
      </Button>
    </Card>
  );
}

function SignedOut() {
  const i18n = useNamespace('account');
  return (
    <Card className="mx-auto my-8 flex max-w-lg flex-col items-center gap-4 px-6 py-14 text-center sm:my-12">
      <BreathingCircle size="sm" className="mb-2" />
      <h1 className="font-display font-medium text-2xl tracking-tight">
        {i18n._('account.signedOut.title')}
      </h1>
      <LinkButton href={`/sign-in?returnTo=${encodeURIComponent('/account')}`} icon={LogIn} className="mt-2">
        {i18n._('account.signedOut.signIn')}
      </LinkButton>
    </Card>
  );
}

/** docs/product.md, "Account, subscription": who you are, shortcuts, profile, subscription and favourites. */
export function AccountPage() {
  const i18n = useNamespace('account');
  useDocumentTitle(i18n._('account.documentTitle'));
  const { user, isLoading } = useCurrentUser();
  const [isDeleted, setIsDeleted] = useState(false);

  if (isDeleted) return <Goodbye />;
  if (isLoading) return <LoadingScreen />;
  if (!user) return <SignedOut />;

  return (
    <div className="grid gap-10">
      <div className="grid gap-8">
        <AccountHeader user={user} />
        <EmailConfirmation user={user} />
        <Shortcuts />
      </div>
      <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)] lg:gap-6">
        <ProfileSection user={user} />
        <SubscriptionSummary user={user} />
      </div>
      <MyFavorites />
      <div className="grid items-stretch gap-5 md:grid-cols-2 md:gap-6">
        <YourData />
        <DangerZone onDeleted={() => setIsDeleted(true)} />
      </div>
      <nav aria-label={i18n._('account.aboutSite')} className="border-t pt-6 text-sm">
        <SitePageLinks linkClassName="text-muted-foreground underline-offset-4 hover:text-foreground hover:underline" />
      </nav>
    </div>
  );
}
