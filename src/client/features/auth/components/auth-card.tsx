import { BreathingCircle } from '@client/components/breathing-circle';
import { Card } from '@client/components/ui/card';
import type * as React from 'react';

type AuthCardProps = {
  title: string;
  description?: React.ReactNode;
  children: React.ReactNode;
  /** Links under the card, such as "New to Stillpoint? Create an account". */
  footer?: React.ReactNode;
};

/** The quiet frame every sign-in, sign-up and password screen shares. */
export function AuthCard({ title, description, children, footer }: AuthCardProps) {
  return (
    <div className="relative flex flex-1 flex-col items-center px-4 py-10 sm:py-16">
      <BreathingCircle size="lg" className="-z-10 pointer-events-none absolute top-0 opacity-60" />
      <div className="w-full max-w-md">
        <Card className="px-5 py-7 sm:px-8 sm:py-9">
          <div className="mb-7 text-center">
            <h1 className="font-display font-medium text-4xl tracking-tight">{title}</h1>
            {description && <p className="mt-3 text-muted-foreground">{description}</p>}
          </div>
          {children}
        </Card>
        {footer && <div className="mt-6 text-center text-muted-foreground text-sm">{footer}</div>}
      </div>
    </div>
  );
}
