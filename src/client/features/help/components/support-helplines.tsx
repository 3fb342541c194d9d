import type * as React from 'react';
import { Suspense } from 'react';
import { useSiteHelp } from '../api/site-pages';
import { HelplineList } from './helpline-list';

/**
 * The admin's helplines where a member may need them (the questionnaire's low-score panel, the
 * "someone may be at risk" flag), or `fallback` while they load, when none are set, or when they
 * cannot be loaded: support must never wait on, or fail with, a request (the help catalogue's
 * words included: `fallback` shows while they load).
 */
export function SupportHelplines({ fallback }: { fallback: React.ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <Helplines fallback={fallback} />
    </Suspense>
  );
}

function Helplines({ fallback }: { fallback: React.ReactNode }) {
  const { data } = useSiteHelp();
  return <HelplineList helplines={data?.helplines ?? []} fallback={fallback} />;
}
