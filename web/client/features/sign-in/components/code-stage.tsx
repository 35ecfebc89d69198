import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button.js';
import { CodeInput, CODE_LENGTH } from './code-input.js';

/**
 * "Send a new code" on the code step. The auth server sends one e-mail per address a minute, so
 * after each code the button counts down to when a new one can be sent (`until`, epoch ms). The
 * notice says what just happened: a new code went out, or asking again was too soon (the code
 * already sent still works).
 */
export type ResendStatus =
  | { readonly kind: 'idle' }
  | { readonly kind: 'sending' }
  | { readonly kind: 'wait'; readonly until: number; readonly notice: 'sent' | 'still_works' | null }
  | { readonly kind: 'failed' };

export interface CodeStageProps {
  email: string;
  verifying: boolean;
  wrong: boolean;
  resend: ResendStatus;
  onVerifyCode: (email: string, code: string) => void;
  onResendCode: (email: string) => void;
  onStartOver: () => void;
}

/** Whole seconds left until `until`, ticking once a second; 0 once it has passed. */
function useSecondsLeft(until: number | null): number {
  // Reads only `until`, the effect's one dependency.
  const left = () => (until === null ? 0 : Math.max(0, Math.ceil((until - Date.now()) / 1000)));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    if (until === null) return;
    const timer = setInterval(() => {
      const next = left();
      setSeconds(next);
      if (next === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return seconds;
}

export function CodeStage({ email, verifying, wrong, resend, onVerifyCode, onResendCode, onStartOver }: CodeStageProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const waiting = useSecondsLeft(resend.kind === 'wait' ? resend.until : null);
  const verify = (value: string) => {
    if (value.length === CODE_LENGTH && !verifying) onVerifyCode(email, value);
  };
  const notice =
    resend.kind === 'wait' && resend.notice === 'still_works' && waiting > 0 ? t('signup.resendWait', { seconds: waiting })
      : resend.kind === 'wait' && resend.notice === 'sent' ? t('signup.resendSent')
        : resend.kind === 'failed' ? t('signup.resendFailed')
          : null;
  return (
    <form onSubmit={(event) => { event.preventDefault(); verify(code); }} noValidate>
      <h1 className="signup__title">{t('signup.codeTitle')}</h1>
      <p>{t('signup.codeBody', { email })}</p>
      <CodeInput label={t('signup.codeLabel')} value={code} onChange={setCode} onComplete={verify} invalid={wrong} disabled={verifying}
        {...(wrong ? { describedBy: 'code-error' } : {})} />
      {wrong ? <p id="code-error" className="field__error" role="alert">{t('signup.wrongCode')}</p> : null}
      {notice ? <p className={resend.kind === 'failed' ? 'alert alert--warning' : 'alert alert--info'} role="status">{notice}</p> : null}
      <div className="stack signup__code-actions">
        <Button type="submit" block busy={verifying} disabled={code.length !== CODE_LENGTH}>{t('signup.verify')}</Button>
        <div className="row signup__code-links">
          <Button variant="ghost" size="sm" busy={resend.kind === 'sending'} disabled={waiting > 0 || resend.kind === 'sending'}
            onClick={() => onResendCode(email)}>
            {waiting > 0 ? t('signup.resendIn', { seconds: waiting }) : t('signup.resend')}
          </Button>
          <Button variant="ghost" size="sm" onClick={onStartOver}>{t('signup.startOver')}</Button>
        </div>
      </div>
    </form>
  );
}
