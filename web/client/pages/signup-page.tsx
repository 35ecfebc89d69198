import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DomainError } from '../../../core/shared/errors.js';
import { useUseCases } from '../app/use-cases-provider.js';
import { SignUpScreen, type SignUpStatus } from '../screens/signup/signup-screen.js';
import { SiteLayout } from '../ui/site-layout.js';
import { useTitle } from '../ui/use-title.js';

/**
 * /signup: magic link, e-mail code and Google through the sign-in use cases (they push
 * signup_initiated / signup_failed). The marketing choice is stored before any request so the
 * SIGNED_IN rule can apply it. Once signed in, the guard moves the visitor on.
 */
export default function SignUpPage() {
  const { t } = useTranslation();
  useTitle(t('signup.title'));
  const { requestMagicLink, requestEmailCode, verifyEmailCode, signInWithGoogle, trackEvent, rememberMarketingConsent } = useUseCases();
  const [status, setStatus] = useState<SignUpStatus>({ kind: 'idle' });
  const [consent, setConsent] = useState(false);

  const failed = (error: DomainError): SignUpStatus => ({ kind: 'error', message: error.code === 'validation' ? error.message : t('signup.error') });
  const begin = (buttonName: string) => {
    rememberMarketingConsent(consent);
    void trackEvent({ event: 'button_click', button_name: buttonName });
  };

  return (
    <SiteLayout>
      <SignUpScreen
        status={status}
        marketingConsent={consent}
        onMarketingConsentChange={setConsent}
        onSendMagicLink={async (email) => {
          begin('send_magic_link');
          setStatus({ kind: 'sending', method: 'magic_link' });
          const sent = await requestMagicLink({ email });
          setStatus(sent.success ? { kind: 'sent', method: 'magic_link', email } : failed(sent.error));
        }}
        onSendCode={async (email) => {
          begin('send_email_code');
          setStatus({ kind: 'sending', method: 'email_code' });
          const sent = await requestEmailCode({ email });
          setStatus(sent.success ? { kind: 'sent', method: 'email_code', email } : failed(sent.error));
        }}
        onVerifyCode={async (email, code) => {
          setStatus({ kind: 'verifying', email });
          const verified = await verifyEmailCode({ email, code });
          // On success the session changes and the guard leaves this page.
          if (!verified.success) setStatus({ kind: 'wrong_code', email });
        }}
        onGoogle={async () => {
          begin('google_sign_in');
          setStatus({ kind: 'sending', method: 'google' });
          const started = await signInWithGoogle();
          if (!started.success) setStatus(failed(started.error));
        }}
        onStartOver={() => setStatus({ kind: 'idle' })}
      />
    </SiteLayout>
  );
}
