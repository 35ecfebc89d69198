import { useEffect, useState, type ReactNode } from 'react';
import { Redirect, useLocation, useRouter } from 'wouter';
import { PageLoading } from '../ui/page-loading.js';
import { useSession, useUseCases } from '../use-cases/use-cases-provider.js';

/** open: anyone, painted at once (home: no rule needs the session); public: anyone, once the session is known; entry: sign-up (signed-in users move on); member: signed in, profiled; profiling. */
export type GuardArea = 'open' | 'public' | 'entry' | 'member' | 'profiling';

type Check = { userId: string; outcome: 'ok' | 'profiling' | 'home' } | null;

/**
 * Wraps home, signup, callback, subscribe, chat and profiling (app spec §2). The rules:
 * it waits for the first session fetch (app spec §4); signed-out visitors of member pages go to
 * /signup and come back after sign-in; signed-in users who have not finished profiling go to
 * /profiling; the turbo check (app spec §6) sends the browser to / when the profile cannot be read.
 */
export function Guard({ area = 'public', children }: { area?: GuardArea; children: ReactNode }) {
  // Home sits inside the guard (app spec §2) but no rule applies to it, so it never waits.
  if (area === 'open') return <>{children}</>;
  return <SessionGuard area={area}>{children}</SessionGuard>;
}

function SessionGuard({ area, children }: { area: Exclude<GuardArea, 'open'>; children: ReactNode }) {
  const session = useSession();
  const { getProfilingCompleted, turboCheck, rememberReturnTo, takeReturnTo } = useUseCases();
  const [location] = useLocation();
  const { base } = useRouter();
  const fullPath = `${base}${location === '/' && base ? '' : location}`;
  const userId = session.user?.id ?? null;
  const [check, setCheck] = useState<Check>(null);
  const needsCheck = userId !== null && (area === 'member' || area === 'profiling');

  useEffect(() => {
    if (!needsCheck || userId === null || check?.userId === userId) return;
    let live = true;
    void (async () => {
      const turbo = await turboCheck();
      if (turbo.success && !turbo.data.allowed) return live && setCheck({ userId, outcome: 'home' });
      const completed = await getProfilingCompleted();
      // A profiling read that fails is not a reason to lock someone out of the chat.
      const done = !completed.success || completed.data;
      if (live) setCheck({ userId, outcome: done ? 'ok' : 'profiling' });
    })();
    return () => {
      live = false;
    };
  }, [needsCheck, userId, check?.userId, turboCheck, getProfilingCompleted]);

  if (session.loading) return <PageLoading />;
  if (area === 'entry' && userId !== null) return <Redirect to={takeReturnTo()} replace />;
  if ((area === 'member' || area === 'profiling') && userId === null) {
    if (area === 'member') rememberReturnTo(fullPath + window.location.search);
    return <Redirect to="~/signup" replace />;
  }
  if (needsCheck) {
    if (check?.userId !== userId) return <PageLoading />;
    if (check.outcome === 'home') return <Redirect to="~/" replace />;
    if (check.outcome === 'profiling' && area === 'member') return <Redirect to="~/profiling" replace />;
    if (check.outcome === 'ok' && area === 'profiling') return <Redirect to={takeReturnTo()} replace />;
  }
  return <>{children}</>;
}
