import { useTranslation } from 'react-i18next';
import type { LedgerEntry } from '../../../../../core/credits/index.js';
import type { CancellationReason } from '../../../../../core/billing/index.js';
import { Button } from '../../../ui/button.js';
import { Checkbox } from '../../../ui/field.js';
import { LanguageSwitcher } from '../../../ui/language-switcher.js';
import { ThemeSwitcher } from '../../../ui/theme-switcher.js';
import { ChatsExportSection, type ChatsExportSectionProps } from './chats-export-section.js';
import { CreditHistory } from './credit-history.js';
import { SpendingCapSection, type SpendingCapSectionProps } from './spending-cap-section.js';
import { SubscriptionPanel, type SubscriptionView } from './subscription-panel.js';
import './account.css';

export type CancelStatus = 'idle' | 'cancelling' | 'failed' | 'done';
export type ResumeStatus = 'idle' | 'resuming' | 'failed' | 'done';

export interface AccountScreenProps {
  email: string | null;
  credits: number | null;
  history: readonly LedgerEntry[] | undefined;
  /** Model labels by id, for the history (ids not listed show as they are). */
  modelLabels?: Readonly<Record<string, string>>;
  /** undefined while loading, null without a subscription. */
  subscription: SubscriptionView | null | undefined;
  billingAvailable: boolean;
  cancelStatus: CancelStatus;
  onCancel: (reason: CancellationReason, comment: string) => void;
  resumeStatus?: ResumeStatus;
  onResume?: () => void;
  onOpenPortal: () => void;
  marketingConsent: boolean;
  onMarketingConsentChange: (consent: boolean) => void;
  onSignOut: () => void;
  /** The monthly spending cap's section; absent: not shown. */
  spendingCap?: SpendingCapSectionProps;
  /** "Your chats": download them all; absent: not shown. */
  chatsExport?: ChatsExportSectionProps;
}

export function AccountScreen(props: AccountScreenProps) {
  const { t, i18n } = useTranslation();
  const credits = props.credits === null ? '…' : new Intl.NumberFormat(i18n.resolvedLanguage).format(props.credits);
  return (
    <div className="account">
      <section className="account__section" aria-labelledby="account-profile">
        <h2 id="account-profile">{t('account.profile')}</h2>
        <div className="account__row">
          <div>
            <div className="account__label">{t('account.email')}</div>
            <div className="account__value">{props.email ?? '—'}</div>
          </div>
          <Button variant="secondary" size="sm" onClick={props.onSignOut}>{t('account.signOut')}</Button>
        </div>
      </section>

      <SubscriptionPanel subscription={props.subscription} billingAvailable={props.billingAvailable} cancelStatus={props.cancelStatus}
        onCancel={props.onCancel} resumeStatus={props.resumeStatus ?? 'idle'} onResume={props.onResume ?? (() => undefined)} onOpenPortal={props.onOpenPortal} />

      <section className="account__section" aria-labelledby="account-credits">
        <div className="account__row">
          <h2 id="account-credits">{t('account.credits')}</h2>
          <strong className="account__credits">{credits}</strong>
        </div>
        <CreditHistory entries={props.history} modelLabels={props.modelLabels} />
      </section>

      {props.spendingCap ? <SpendingCapSection {...props.spendingCap} /> : null}

      {props.chatsExport ? <ChatsExportSection {...props.chatsExport} /> : null}

      <section className="account__section" aria-labelledby="account-preferences">
        <h2 id="account-preferences">{t('account.preferences')}</h2>
        <Checkbox label={t('account.marketing')} checked={props.marketingConsent} onChange={(event) => props.onMarketingConsentChange(event.target.checked)} />
        <div className="account__language"><LanguageSwitcher showLabel /></div>
        <div className="account__language"><ThemeSwitcher /></div>
      </section>
    </div>
  );
}
