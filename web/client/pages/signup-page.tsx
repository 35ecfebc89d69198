import { useState } from 'react';
import { SignUpScreen, type SignUpStatus } from '../screens/signup/signup-screen.js';
import { SiteLayout } from '../ui/site-layout.js';

/**
 * Wiring seam: the sign-in use cases (magic link, code, verify, Google) and the temporary
 * marketing-consent store plug in here; the screen only needs `status` and the callbacks.
 */
export default function SignUpPage() {
  const [status, setStatus] = useState<SignUpStatus>({ kind: 'idle' });
  const [consent, setConsent] = useState(false);
  return (
    <SiteLayout>
      <SignUpScreen
        status={status}
        marketingConsent={consent}
        onMarketingConsentChange={setConsent}
        onSendMagicLink={(email) => setStatus({ kind: 'sent', method: 'magic_link', email })}
        onSendCode={(email) => setStatus({ kind: 'sent', method: 'email_code', email })}
        onVerifyCode={(email) => setStatus({ kind: 'verifying', email })}
        onGoogle={() => setStatus({ kind: 'sending', method: 'google' })}
        onStartOver={() => setStatus({ kind: 'idle' })}
      />
    </SiteLayout>
  );
}
