import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { takeReturnTo } from '../app/return-to.js';
import { useUseCases } from '../app/use-cases-provider.js';
import { AuthCallbackScreen } from '../screens/signup/auth-callback-screen.js';
import { SiteLayout } from '../ui/site-layout.js';

const EXPIRED = /expired|otp_expired|invalid.*(link|token)|flow_state_not_found/i;

/** /auth/callback: finishes a magic-link or Google sign-in (completeRedirectSignIn), then moves on. */
export default function AuthCallbackPage() {
  const { completeRedirectSignIn } = useUseCases();
  const [, navigate] = useLocation();
  const [status, setStatus] = useState<'finishing' | 'failed' | 'expired'>('finishing');
  const started = useRef(false);

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
      <AuthCallbackScreen status={status} />
    </SiteLayout>
  );
}
