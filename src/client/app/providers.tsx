import { Toaster } from '@client/components/ui/toaster';
import { UpdateBanner } from '@client/features/pwa/components/update-banner';
import { queryClient } from '@client/lib/query-client';
import { QueryClientProvider } from '@tanstack/react-query';
import type * as React from 'react';

export function AppProviders({ children }: { children: React.ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
      <UpdateBanner />
    </QueryClientProvider>
  );
}
