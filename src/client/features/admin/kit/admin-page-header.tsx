import { BackLink } from '@client/components/ui/back-link';
import { useNamespace } from '@client/lib/i18n';
import type { ReactNode } from 'react';

type AdminPageHeaderProps = {
  title: string;
  description?: string;
  /** Where the back link leads; docs/product.md names it 'Back to Admin' or 'Back to Dashboard'. */
  backHref?: string;
  backLabel?: string;
  /** The screen's main action (a Create button), shown beside the title on wide screens. */
  actions?: ReactNode;
};

/** The head of an admin screen: a back link, the title and subtitle, and the main action. */
export function AdminPageHeader({
  title,
  description,
  backHref = '/admin',
  backLabel,
  actions,
}: AdminPageHeaderProps) {
  const i18n = useNamespace('admin');
  return (
    <header className="grid gap-4">
      <BackLink href={backHref}>{backLabel ?? i18n._('admin.kit.header.backToAdmin')}</BackLink>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid min-w-0 gap-2">
          <h1 className="font-display font-normal text-4xl tracking-tight sm:text-5xl">{title}</h1>
          {description && <p className="max-w-xl text-lg text-muted-foreground">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-3">{actions}</div>}
      </div>
    </header>
  );
}
