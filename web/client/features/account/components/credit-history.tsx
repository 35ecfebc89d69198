import { useTranslation } from 'react-i18next';
import type { LedgerEntry } from '../../../../../core/credits/index.js';
import { Skeleton } from '../../../ui/spinner.js';

export function CreditHistory({ entries, modelLabels = {} }: { entries: readonly LedgerEntry[] | undefined; modelLabels?: Readonly<Record<string, string>> }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const change = new Intl.NumberFormat(language, { signDisplay: 'exceptZero' });
  const number = new Intl.NumberFormat(language);
  if (entries === undefined) return <div className="stack" aria-busy="true">{[0, 1, 2].map((i) => <Skeleton key={i} height={22} />)}</div>;
  if (entries.length === 0) return <p className="muted">{t('account.historyEmpty')}</p>;
  return (
    // The list scrolls inside the dialog: it takes the keyboard's focus so arrow keys scroll it too.
    <div className="account__table" role="region" aria-label={t('account.history')} tabIndex={0}>
      <table>
        <caption className="visually-hidden">{t('account.history')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('account.date')}</th>
            <th scope="col">{t('account.description')}</th>
            <th scope="col" className="num">{t('account.amount')}</th>
            <th scope="col" className="num">{t('account.balance')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              {/* data-label names the column where narrow screens show each row as a small card. */}
              <td className="credit__date" data-label={t('account.date')}>{date.format(new Date(entry.createdAt))}</td>
              <td className="credit__what" data-label={t('account.description')}>{t(`account.kind.${entry.kind}`)}{entry.modelId ? <span className="muted"> · {modelLabels[entry.modelId] ?? entry.modelId}</span> : null}</td>
              <td className={entry.amount < 0 ? 'num credit__amount amount--neg' : 'num credit__amount amount--pos'} data-label={t('account.amount')}>{change.format(entry.amount)}</td>
              <td className="num credit__balance" data-label={t('account.balance')}>{number.format(entry.balanceAfter)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
