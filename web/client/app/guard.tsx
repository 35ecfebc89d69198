import type { ReactNode } from 'react';
import { PageLoading } from '../ui/page-loading.js';
import { useSession } from './use-cases-provider.js';

/**
 * Wraps home, signup, callback, subscribe, chat and profiling (app spec §2). It waits for the first
 * session fetch (app spec §4: loading starts true) and then shows the page. The routing rules of
 * issue 8 (signed-out → /signup and back, unfinished profiling → /profiling, turbo check → /) are
 * decided from this same session state and land here with the session use case.
 */
export function Guard({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.loading) return <PageLoading />;
  return <>{children}</>;
}
