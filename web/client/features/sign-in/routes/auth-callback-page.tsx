import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useSession, useUseCases } from '../../../use-cases/use-cases-provider.js';
import { AuthCallbackScreen } from '../components/auth-callback-screen.js';
import { SiteLayout } from '../../../ui/site-layout.js';

const EXPIRED = /expired|otp_expired|invalid.*(link|token)|flow_state_not_found/i;

/**
 * /auth/callback: finishes a magic-link or Google sign-in (completeRedirectSignIn), then moves on.
 * A link that no longer works (used, expired) is explained, unless the visitor is signed in anyway
 * (they opened an old link, or the same one twice): then there is nothing to explain, they go on.
 */
export default function AuthCallbackPage() {
  const { completeRedirectSignIn, takeReturnTo } = useUseCases();
  const signedIn = useSession().user !== null;
  const [, navigate] = useLocation();
  const [status, setStatus] = useState<'finishing' | 'failed' | 'expired'>('finishing');
  const started = useRef(false);

  useEffect(() => {
    if (status !== 'finishing' && signedIn) navigate(takeReturnTo(), { replace: true });
  }, [status, signedIn, navigate, takeReturnTo]);

  useEffect(() => {
    // The tokens in the URL are single-use: StrictMode's second effect run must not spend them again.
    if (started.current) return;
    started.current = true;
    const callbackUrl = window.location.href;
    // The tokens must not stay in the address bar or the history.
    window.history.replaceState(window.history.state, '', '/auth/callback');
    void completeRedirectSignIn({ callbackUrl }).then((done) => {
      if (done.success) navigate(takeReturnTo(), { replace: true });
      else setStatus(EXPIRED.test(`${done.error.message} ${String(done.error.details?.['code'] ?? '')}`) ? 'expired' : 'failed');
    });
  }, [completeRedirectSignIn, navigate]);

  return (
    <SiteLayout>
      <AuthCallbackScreen status={signedIn && status !== 'finishing' ? 'finishing' : status} />
    </SiteLayout>
  );
}
