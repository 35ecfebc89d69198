import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EMAIL_RESEND_INTERVAL_SECONDS } from '../../../../../core/auth/index.js';
import type { DomainError } from '../../../../../core/shared/index.js';
import { useUseCases } from '../../../use-cases/use-cases-provider.js';
import type { ResendStatus } from '../components/code-stage.js';
import { SignUpScreen, type SignUpStatus } from '../components/signup-screen.js';
import { SiteLayout } from '../../../ui/site-layout.js';
import { useTitle } from '../../../ui/use-title.js';

/**
 * /signup: magic link, e-mail code and Google through the sign-in use cases (they push
 * signup_initiated / signup_failed). The marketing choice is stored before any request so the
 * SIGNED_IN rule can apply it. Once signed in, the guard moves the visitor on.
 */
export default function SignUpPage() {
  const { t } = useTranslation();
  useTitle(t('signup.title'));
  const { requestMagicLink, requestEmailCode, resendEmailCode, verifyEmailCode, signInWithGoogle, trackEvent, rememberMarketingConsent } = useUseCases();
  const [status, setStatus] = useState<SignUpStatus>({ kind: 'idle' });
  const [resend, setResend] = useState<ResendStatus>({ kind: 'idle' });
  const [consent, setConsent] = useState(false);
  // When a code last went to each address: asking again within the server's minute is not sent.
  const sentAt = useRef(new Map<string, number>());
  const nextAllowed = (email: string) => (sentAt.current.get(email.toLowerCase()) ?? 0) + EMAIL_RESEND_INTERVAL_SECONDS * 1000;
  const codeSent = (email: string, notice: 'sent' | null): ResendStatus => {
    sentAt.current.set(email.toLowerCase(), Date.now());
    return { kind: 'wait', until: nextAllowed(email), notice };
  };

  // The address is what a refused request can have wrong; the server's words are not the reader's language.
  const failed = (error: DomainError): SignUpStatus => ({ kind: 'error', message: error.code === 'validation' ? t('signup.emailInvalid') : t('signup.error') });
  // Refused by the server's one-e-mail-a-minute rule: wait as long as it said, a minute when it did not say.
  const waitFor = (error: DomainError): ResendStatus => {
    const seconds = Number(error.details?.['retryAfterSeconds'] ?? EMAIL_RESEND_INTERVAL_SECONDS);
    const wait = Number.isFinite(seconds) && seconds > 0 ? seconds : EMAIL_RESEND_INTERVAL_SECONDS;
    return { kind: 'wait', until: Date.now() + wait * 1000, notice: 'still_works' };
  };
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
          if (!sent.success && sent.error.code === 'rate_limited') return setStatus({ kind: 'sent', method: 'magic_link', email, tooSoon: true });
          setStatus(sent.success ? { kind: 'sent', method: 'magic_link', email } : failed(sent.error));
        }}
        onSendCode={async (email) => {
          // A code went to this address less than a minute ago: it still works, and the server would
          // refuse another one, so go back to the code step without asking (and without an event).
          if (Date.now() < nextAllowed(email)) {
            setResend({ kind: 'wait', until: nextAllowed(email), notice: 'still_works' });
            return setStatus({ kind: 'sent', method: 'email_code', email });
          }
          begin('send_email_code');
          setStatus({ kind: 'sending', method: 'email_code' });
          const sent = await requestEmailCode({ email });
          // Refused as too soon (a code asked for elsewhere): the code already sent works, go on to the code step.
          const tooSoon = !sent.success && sent.error.code === 'rate_limited';
          setResend(tooSoon ? waitFor(sent.error) : codeSent(email, null));
          setStatus(sent.success || tooSoon ? { kind: 'sent', method: 'email_code', email } : failed(sent.error));
        }}
        resend={resend}
        onResendCode={async (email) => {
          setResend({ kind: 'sending' });
          const sent = await resendEmailCode({ email });
          setResend(sent.success ? codeSent(email, 'sent') : sent.error.code === 'rate_limited' ? waitFor(sent.error) : { kind: 'failed' });
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
