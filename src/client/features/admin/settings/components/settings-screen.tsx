import { Card } from '@client/components/ui/card';
import { behindAdminGate } from '@client/features/admin/kit/admin-gate';
import { CardSkeleton } from '@client/features/admin/kit/card-skeleton';
import { ListSkeleton } from '@client/features/admin/kit/list-screen';
import { AdminQueryPage } from '@client/features/admin/kit/query-page';
import { SuggestionTagsEditor } from '@client/features/questionnaire';
import { formatNumber } from '@client/lib/format';
import { useNamespace } from '@client/lib/i18n';
import type { I18n } from '@lingui/core';
import { Trans } from '@lingui/react';
import type { AdminSettings } from '@shared/schemas/admin';
import { CreditCard, Database, HardDrive, Info, type LucideIcon, Mail, Server } from 'lucide-react';
import type { ReactNode } from 'react';
import { useAdminSettings } from '../api/admin-settings';
import { SitePagesEditor } from './site-pages-form';
import { SiteSettingsEditor } from './site-settings-form';

/** An environment variable, as the README names it (the catalogue's `<0>NAME</0>` fills it). */
function Env({ children }: { children?: ReactNode }) {
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
  valueLabel,
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
  const i18n = useNamespace('admin');
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
        <dt className="text-muted-foreground">{valueLabel ?? i18n._('admin.settings.inUse')}</dt>
        <dd className="font-medium text-base">{value}</dd>
        {details.map((detail) => (
          <div key={detail.label} className="contents">
            <dt className="text-muted-foreground">{detail.label}</dt>
            <dd className="min-w-0 wrap-anywhere">{detail.value}</dd>
          </div>
        ))}
      </dl>
      {/* A translation's long word (or a variable's name) breaks rather than widening the page at 360 px. */}
      <p className="wrap-anywhere border-t pt-4 text-muted-foreground text-sm leading-relaxed">{help}</p>
    </Card>
  );
}

function environmentLabel(i18n: I18n, environment: string): string {
  return environment
    ? environment.charAt(0).toUpperCase() + environment.slice(1)
    : i18n._('admin.settings.server.unknownEnvironment');
}

/** The variables' names stay as they are in every language: the catalogue marks each with <0>. */
const env = { 0: <Env /> };

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

/** The four services, in the admin's language. */
function serviceCards(i18n: I18n): readonly ServiceCard[] {
  const notSet = <span className="text-muted-foreground">{i18n._('admin.settings.notSet')}</span>;
  return [
    {
      id: 'settings-payments',
      icon: CreditCard,
      title: i18n._('admin.settings.payments.title'),
      isOn: ({ payments }) => payments.mode === 'stripe',
      details: ({ payments }, isStripe) => [
        {
          label: i18n._('admin.settings.payments.priceId'),
          value: <span className="font-mono text-xs">{payments.priceId}</span>,
        },
        ...(isStripe
          ? [
              {
                label: i18n._('admin.settings.payments.apiAddress'),
                value: payments.apiBase ?? i18n._('admin.settings.payments.stripeDefault'),
              },
            ]
          : []),
      ],
      on: {
        // eslint-disable-next-line lingui/no-unlocalized-strings -- a product's name
        value: 'Stripe',
        help: <Trans id="admin.settings.payments.onHelp" components={env} />,
      },
      off: {
        value: i18n._('admin.settings.payments.testMode'),
        help: <Trans id="admin.settings.payments.offHelp" components={env} />,
      },
    },
    {
      id: 'settings-storage',
      icon: HardDrive,
      title: i18n._('admin.settings.storage.title'),
      isOn: ({ storage }) => storage.driver === 's3',
      details: ({ storage }, isS3) =>
        isS3
          ? [
              { label: i18n._('admin.settings.storage.bucket'), value: storage.bucket ?? notSet },
              {
                label: i18n._('admin.settings.storage.endpoint'),
                value: storage.endpoint ?? i18n._('admin.settings.storage.awsDefault'),
              },
            ]
          : [],
      on: {
        // eslint-disable-next-line lingui/no-unlocalized-strings -- a product's name
        value: 'S3',
        help: <Trans id="admin.settings.storage.onHelp" components={env} />,
      },
      off: {
        value: i18n._('admin.settings.storage.localDisk'),
        help: <Trans id="admin.settings.storage.offHelp" components={env} />,
      },
    },
    {
      id: 'settings-email',
      icon: Mail,
      title: i18n._('admin.settings.email.title'),
      isOn: ({ email }) => email.transport === 'smtp',
      details: ({ email }) => [{ label: i18n._('admin.settings.email.sentFrom'), value: email.from }],
      on: {
        // eslint-disable-next-line lingui/no-unlocalized-strings -- a product's name
        value: 'SMTP',
        help: <Trans id="admin.settings.email.onHelp" components={env} />,
      },
      off: {
        value: i18n._('admin.settings.email.outbox'),
        help: <Trans id="admin.settings.email.offHelp" components={env} />,
      },
    },
    {
      id: 'settings-database',
      icon: Database,
      title: i18n._('admin.settings.database.title'),
      isOn: ({ database }) => database.kind === 'external',
      on: {
        value: i18n._('admin.settings.database.external'),
        help: <Trans id="admin.settings.database.onHelp" components={env} />,
      },
      off: {
        value: i18n._('admin.settings.database.embedded'),
        help: <Trans id="admin.settings.database.offHelp" components={env} />,
      },
    },
  ];
}

function SettingsView({ settings }: { settings: AdminSettings }) {
  const i18n = useNamespace('admin');
  return (
    <div className="grid gap-4 sm:gap-5 lg:grid-cols-2">
      {serviceCards(i18n).map(({ isOn, details, on, off, ...card }) => {
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
          title={i18n._('admin.settings.server.title')}
          value={environmentLabel(i18n, settings.environment)}
          valueLabel={i18n._('admin.settings.server.environment')}
          details={[
            {
              label: i18n._('admin.settings.server.version'),
              value: <span className="tabular-nums">{settings.version}</span>,
            },
            {
              label: i18n._('admin.settings.server.schema'),
              value: <code className="text-xs">{settings.schema}</code>,
            },
            { label: i18n._('admin.settings.server.publicAddress'), value: settings.publicUrl },
            {
              label: i18n._('admin.settings.server.demoData'),
              value: settings.demoData
                ? i18n._('admin.settings.server.on')
                : i18n._('admin.settings.server.off'),
            },
            {
              label: i18n._('admin.settings.server.flagHideThreshold'),
              value: <span className="tabular-nums">{formatNumber(settings.flagHideThreshold)}</span>,
            },
          ]}
          help={<Trans id="admin.settings.server.help" components={{ ...env, 1: <code /> }} />}
        />
      </div>
    </div>
  );
}

/** A card's outline while the settings load: class lists of its parts. */
/* eslint-disable lingui/no-unlocalized-strings -- class lists, not words */
const SKELETON_PARTS_CLASS = [
  { className: 'flex items-center gap-3', parts: ['size-10 rounded-xl', 'h-5 w-28'] },
  'h-4 w-40',
  'h-3.5 w-full',
  'h-3.5 w-4/5',
];
/* eslint-enable lingui/no-unlocalized-strings */

function SettingsSkeleton() {
  const i18n = useNamespace('admin');
  return (
    <ListSkeleton
      label={i18n._('admin.settings.loading')}
      count={4}
      gridClassName="grid gap-4 sm:gap-5 lg:grid-cols-2"
      skeleton={() => (
        <CardSkeleton
          className="grid gap-4 p-5 sm:p-6"
          data-testid="settings-skeleton"
          parts={SKELETON_PARTS_CLASS}
        />
      )}
    />
  );
}

/** /admin/settings for an admin: what this server is set up to use, read only, and how to change it. */
export function AdminSettingsView() {
  const i18n = useNamespace('admin');
  return (
    <AdminQueryPage
      query={useAdminSettings()}
      title={i18n._('admin.settings.title')}
      description={i18n._('admin.settings.description')}
      intro={
        <p className="flex min-w-0 max-w-3xl gap-2.5 rounded-xl border bg-muted/50 px-4 py-3 text-sm">
          <Info className="mt-0.5 size-4 shrink-0 text-primary" strokeWidth={1.75} aria-hidden="true" />
          <span className="min-w-0 wrap-anywhere">{i18n._('admin.settings.readOnly')}</span>
        </p>
      }
      loading={<SettingsSkeleton />}
      loadError={{ title: i18n._('admin.settings.loadFailed') }}
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
