import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '../../../ui/button.js';
import { Checkbox, Field, Input } from '../../../ui/field.js';
import { CodeStage, type ResendStatus } from './code-stage.js';
import { useTitle } from '../../../ui/use-title.js';
import { GoogleIcon } from './google-icon.js';
import './signup.css';
import { MailIcon } from '../../../ui/icons.js';

export type EmailMethod = 'magic_link' | 'email_code';

export type SignUpStatus =
  | { readonly kind: 'idle' }
  | { readonly kind: 'sending'; readonly method: EmailMethod | 'google' }
  /** `tooSoon`: the server refused a new e-mail because one went out less than a minute ago (it still works). */
  | { readonly kind: 'sent'; readonly method: EmailMethod; readonly email: string; readonly tooSoon?: boolean }
  | { readonly kind: 'verifying'; readonly email: string }
  | { readonly kind: 'wrong_code'; readonly email: string }
  | { readonly kind: 'expired_link' }
  | { readonly kind: 'error'; readonly message?: string };

export interface SignUpScreenProps {
  status: SignUpStatus;
  marketingConsent: boolean;
  onMarketingConsentChange: (consent: boolean) => void;
  onSendMagicLink: (email: string) => void;
  onSendCode: (email: string) => void;
  onVerifyCode: (email: string, code: string) => void;
  /** "Send a new code" on the code step; its progress is `resend`. */
  onResendCode: (email: string) => void;
  resend?: ResendStatus;
  onGoogle: () => void;
  /** Back to the e-mail form (another address, a new link or code). */
  onStartOver: () => void;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function SignUpScreen(props: SignUpScreenProps) {
  const { t } = useTranslation();
  const { status } = props;
  useTitle(t('signup.title'));
  const codeStage = status.kind === 'verifying' || status.kind === 'wrong_code' || (status.kind === 'sent' && status.method === 'email_code');
  return (
    <div className="signup">
      <div className="card signup__card">
        {status.kind === 'sent' && status.method === 'magic_link' ? (
          <LinkSent email={status.email} tooSoon={status.tooSoon === true} onStartOver={props.onStartOver} />
        ) : codeStage ? (
          <CodeStage email={'email' in status ? status.email : ''} verifying={status.kind === 'verifying'} wrong={status.kind === 'wrong_code'}
            resend={props.resend ?? { kind: 'idle' }} onVerifyCode={props.onVerifyCode} onResendCode={props.onResendCode} onStartOver={props.onStartOver} />
        ) : (
          <EmailStage {...props} />
        )}
      </div>
      <p className="signup__legal muted">
        {t('signup.legalPrefix')} <Link href="/terms-of-use">{t('nav.terms')}</Link> · <Link href="/privacy-policy">{t('nav.privacy')}</Link>
      </p>
    </div>
  );
}

function EmailStage({ status, marketingConsent, onMarketingConsentChange, onSendMagicLink, onSendCode, onGoogle }: SignUpScreenProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const sending = status.kind === 'sending' ? status.method : null;
  const invalid = touched && !EMAIL.test(email.trim());

  const submit = (method: EmailMethod) => (event?: FormEvent) => {
    event?.preventDefault();
    setTouched(true);
    if (!EMAIL.test(email.trim())) return;
    if (method === 'magic_link') onSendMagicLink(email.trim());
    else onSendCode(email.trim());
  };

  return (
    <>
      <h1 className="signup__title">{t('signup.title')}</h1>
      <p className="muted">{t('signup.subtitle')}</p>
      {status.kind === 'expired_link' ? <div className="alert alert--warning" role="alert"><p>{t('signup.expired')}</p></div> : null}
      {status.kind === 'error' ? <div className="alert alert--error" role="alert"><p>{t('signup.error')}</p></div> : null}
      <Button variant="secondary" block size="lg" onClick={onGoogle} busy={sending === 'google'} disabled={sending !== null} icon={<GoogleIcon />}>
        {t('signup.google')}
      </Button>
      <div className="signup__divider"><span>{t('signup.or')}</span></div>
      <form onSubmit={submit('magic_link')} noValidate>
        <Field label={t('signup.email')} error={invalid ? t('signup.emailInvalid') : null}>
          {(control) => (
            <Input {...control} type="email" autoComplete="email" value={email} placeholder={t('signup.emailPlaceholder')}
              onChange={(event) => setEmail(event.target.value)} onBlur={() => setTouched(email !== '')} />
          )}
        </Field>
        <div className="stack">
          <Button type="submit" block busy={sending === 'magic_link'} disabled={sending !== null}>{t('signup.sendLink')}</Button>
          <Button variant="ghost" block onClick={() => submit('email_code')()} busy={sending === 'email_code'} disabled={sending !== null}>
            {t('signup.sendCode')}
          </Button>
        </div>
        <div className="signup__consent">
          <Checkbox label={t('signup.marketing')} checked={marketingConsent} onChange={(event) => onMarketingConsentChange(event.target.checked)} />
        </div>
      </form>
    </>
  );
}

function LinkSent({ email, tooSoon, onStartOver }: { email: string; tooSoon: boolean; onStartOver: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="signup__sent" role="status">
      <div className="signup__sent-icon"><MailIcon size={26} /></div>
      <h1 className="signup__title">{t('signup.linkSentTitle')}</h1>
      <p>{t(tooSoon ? 'signup.linkTooSoon' : 'signup.linkSentBody', { email })}</p>
      <p className="muted">{t('signup.linkSentHint')}</p>
      <Button variant="secondary" onClick={onStartOver}>{t('signup.startOver')}</Button>
    </div>
  );
}
