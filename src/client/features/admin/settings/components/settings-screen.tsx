import { Card } from '@client/components/ui/card';
import { behindAdminGate } from '@client/features/admin/kit/admin-gate';
import { CardSkeleton } from '@client/features/admin/kit/card-skeleton';
import { ListSkeleton } from '@client/features/admin/kit/list-screen';
import { AdminQueryPage } from '@client/features/admin/kit/query-page';
import { SuggestionTagsEditor } from '@client/features/questionnaire';
import type { AdminSettings } from '@shared/schemas/admin';
import { CreditCard, Database, HardDrive, Info, type LucideIcon, Mail, Server } from 'lucide-react';
import type { ReactNode } from 'react';
import { useAdminSettings } from '../api/admin-settings';
import { SitePagesEditor } from './site-pages-form';
import { SiteSettingsEditor } from './site-settings-form';

/** An environment variable, as the README names it. */
function Env({ children }: { children: string }) {
  return (
    <code className="rounded-md bg-muted px-1.5 py-0.5 font-mono text-[0.8125rem] text-foreground">
      {children}
    </code>
  );
}

type Detail = { label: string; value: ReactNode };

function SettingCard({
  id,
  icon: Icon,
  title,
  value,
  valueLabel = 'In use',
  details,
  help,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  value: string;
  valueLabel?: string;
  details: Detail[];
  help: ReactNode;
}) {
  return (
    <Card role="region" aria-labelledby={id} className="grid min-w-0 content-start gap-4 p-5 sm:p-6">
      <div className="flex items-center gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-sage-soft text-primary">
          <Icon className="size-5" strokeWidth={1.5} aria-hidden="true" />
        </span>
        <h2 id={id} className="font-display font-medium text-xl tracking-tight">
          {title}
        </h2>
      </div>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[8rem_1fr]">
        <dt className="text-muted-foreground">{valueLabel}</dt>
        <dd className="font-medium text-base">{value}</dd>
        {details.map((detail) => (
          <div key={detail.label} className="contents">
            <dt className="text-muted-foreground">{detail.label}</dt>
            <dd className="min-w-0 wrap-anywhere">{detail.value}</dd>
          </div>
        ))}
      </dl>
      <p className="border-t pt-4 text-muted-foreground text-sm leading-relaxed">{help}</p>
    </Card>
  );
}

function environmentLabel(environment: string): string {
  return environment ? environment.charAt(0).toUpperCase() + environment.slice(1) : 'Unknown';
}

const notSet = <span className="text-muted-foreground">Not set</span>;

/** A service the server runs one of two ways: the way set up by its variables (`on`) or the built-in one. */
type ServiceCard = {
  id: string;
  icon: LucideIcon;
  title: string;
  isOn: (settings: AdminSettings) => boolean;
  details?: (settings: AdminSettings, isOn: boolean) => Detail[];
  on: { value: string; help: ReactNode };
  off: { value: string; help: ReactNode };
};

const SERVICE_CARDS: readonly ServiceCard[] = [
  {
    id: 'settings-payments',
    icon: CreditCard,
    title: 'Payments',
    isOn: ({ payments }) => payments.mode === 'stripe',
    details: ({ payments }, isStripe) => [
      { label: 'Price ID', value: <span className="font-mono text-xs">{payments.priceId}</span> },
      ...(isStripe ? [{ label: 'API address', value: payments.apiBase ?? 'Stripe (default)' }] : []),
    ],
    on: {
      value: 'Stripe',
      help: (
        <>
          Members pay through Stripe, set up by <Env>STRIPE_SECRET_KEY</Env>, <Env>STRIPE_WEBHOOK_SECRET</Env>{' '}
          and <Env>STRIPE_PRICE_ID</Env>. Unset them to go back to the built-in test checkout.
        </>
      ),
    },
    off: {
      value: 'Test mode',
      help: (
        <>
          Members check out on a built-in test page: no card, no charge. To take real payments, set{' '}
          <Env>STRIPE_SECRET_KEY</Env>, <Env>STRIPE_WEBHOOK_SECRET</Env> and <Env>STRIPE_PRICE_ID</Env>, then
          restart.
        </>
      ),
    },
  },
  {
    id: 'settings-storage',
    icon: HardDrive,
    title: 'Storage',
    isOn: ({ storage }) => storage.driver === 's3',
    details: ({ storage }, isS3) =>
      isS3
        ? [
            { label: 'Bucket', value: storage.bucket ?? notSet },
            { label: 'Endpoint', value: storage.endpoint ?? 'AWS (default)' },
          ]
        : [],
    on: {
      value: 'S3',
      help: (
        <>
          Uploads go to S3-compatible storage, set by the <Env>S3_*</Env> variables. Unset{' '}
          <Env>S3_BUCKET</Env> to keep uploads on the server's disk instead.
        </>
      ),
    },
    off: {
      value: 'Local disk',
      help: (
        <>
          Uploads are kept in the server's data folder. To use S3-compatible storage, set <Env>S3_BUCKET</Env>
          , <Env>S3_REGION</Env>, <Env>S3_ACCESS_KEY_ID</Env> and <Env>S3_SECRET_ACCESS_KEY</Env> (and{' '}
          <Env>S3_ENDPOINT</Env> outside AWS), then restart.
        </>
      ),
    },
  },
  {
    id: 'settings-email',
    icon: Mail,
    title: 'E-mail',
    isOn: ({ email }) => email.transport === 'smtp',
    details: ({ email }) => [{ label: 'Sent from', value: email.from }],
    on: {
      value: 'SMTP',
      help: (
        <>
          E-mail is sent through the server in <Env>SMTP_URL</Env>; <Env>MAIL_FROM</Env> sets the sender.
        </>
      ),
    },
    off: {
      value: 'Outbox',
      help: (
        <>
          E-mail is not sent: each message is kept in the outbox table and written to the log. Set{' '}
          <Env>SMTP_URL</Env> (and <Env>MAIL_FROM</Env>) to send it, then restart.
        </>
      ),
    },
  },
  {
    id: 'settings-database',
    icon: Database,
    title: 'Database',
    isOn: ({ database }) => database.kind === 'external',
    on: {
      value: 'External',
      help: (
        <>
          Your own PostgreSQL server, from <Env>DATABASE_URL</Env>. Unset it to use the embedded database.
        </>
      ),
    },
    off: {
      value: 'Embedded',
      help: (
        <>
          A PostgreSQL built into the app, kept in the data folder. Set <Env>DATABASE_URL</Env> to use your
          own PostgreSQL server, then restart.
        </>
      ),
    },
  },
];

function SettingsView({ settings }: { settings: AdminSettings }) {
  return (
    <div className="grid gap-4 sm:gap-5 lg:grid-cols-2">
      {SERVICE_CARDS.map(({ isOn, details, on, off, ...card }) => {
        const inUse = isOn(settings);
        const way = inUse ? on : off;
        return (
          <SettingCard
            key={card.id}
            {...card}
            value={way.value}
            details={details?.(settings, inUse) ?? []}
            help={way.help}
          />
        );
      })}
      <div className="lg:col-span-2">
        <SettingCard
          id="settings-server"
          icon={Server}
          title="Server"
          value={environmentLabel(settings.environment)}
          valueLabel="Environment"
          details={[
            { label: 'Version', value: <span className="tabular-nums">{settings.version}</span> },
            { label: 'Database schema', value: <code className="text-xs">{settings.schema}</code> },
            { label: 'Public address', value: settings.publicUrl },
            { label: 'Demo data', value: settings.demoData ? 'On' : 'Off' },
            {
              label: 'Flags that hide an item',
              value: <span className="tabular-nums">{settings.flagHideThreshold}</span>,
            },
          ]}
          help={
            <>
              <Env>PUBLIC_URL</Env> is the address members use; <Env>NODE_ENV</Env> sets the environment and{' '}
              <Env>SEED_DEMO</Env> the demo data. The version and schema change when you install a new release
              (<code>npm run admin -- upgrade</code>). <Env>FLAG_HIDE_THRESHOLD</Env> sets how many members'
              flags hide a post or comment for review.
            </>
          }
        />
      </div>
    </div>
  );
}

function SettingsSkeleton() {
  return (
    <ListSkeleton
      label="Loading settings"
      count={4}
      gridClassName="grid gap-4 sm:gap-5 lg:grid-cols-2"
      skeleton={() => (
        <CardSkeleton
          className="grid gap-4 p-5 sm:p-6"
          data-testid="settings-skeleton"
          parts={[
            { className: 'flex items-center gap-3', parts: ['size-10 rounded-xl', 'h-5 w-28'] },
            'h-4 w-40',
            'h-3.5 w-full',
            'h-3.5 w-4/5',
          ]}
        />
      )}
    />
  );
}

/** /admin/settings for an admin: what this server is set up to use, read only, and how to change it. */
export function AdminSettingsView() {
  return (
    <AdminQueryPage
      query={useAdminSettings()}
      title="Settings"
      description="What this server is configured to use."
      intro={
        <p className="flex max-w-3xl gap-2.5 rounded-xl border bg-muted/50 px-4 py-3 text-sm">
          <Info className="mt-0.5 size-4 shrink-0 text-primary" strokeWidth={1.75} aria-hidden="true" />
          <span>
            These are read only. They come from environment variables on the server: change them where the app
            runs (see the README), then restart it.
          </span>
        </p>
      }
      loading={<SettingsSkeleton />}
      loadError={{ title: 'The settings could not be loaded' }}
      outro={
        <>
          <SiteSettingsEditor />
          <SitePagesEditor />
          <SuggestionTagsEditor />
        </>
      }
    >
      {(settings) => <SettingsView settings={settings} />}
    </AdminQueryPage>
  );
}

/** Settings are for admins only; members see Access Denied. */
export const AdminSettingsScreen = behindAdminGate(AdminSettingsView);
