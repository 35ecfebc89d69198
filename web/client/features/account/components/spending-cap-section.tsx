import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_MONTHLY_CREDIT_CAP, type SpendingCapView } from '../../../../../core/credits/index.js';
import { Button } from '../../../ui/button.js';
import { Field, Input } from '../../../ui/field.js';

export type SpendingCapStatus = 'idle' | 'saving' | 'saved' | 'removed' | 'failed';

export interface SpendingCapSectionProps {
  /** undefined while loading, null when it could not be read. */
  cap: SpendingCapView | null | undefined;
  status: SpendingCapStatus;
  onSave: (cap: number) => void;
  onRemove: () => void;
}

/** A whole number of credits from 1 to the maximum, or null. */
const parseCap = (text: string): number | null => {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const cap = Number(trimmed);
  return cap >= 1 && cap <= MAX_MONTHLY_CREDIT_CAP ? cap : null;
};

/**
 * The monthly spending cap: the cap, what was spent this calendar month and what remains, a field
 * to set it (Enter or Save) and Remove. A send that would pass it is refused before it starts.
 */
export function SpendingCapSection({ cap, status, onSave, onRemove }: SpendingCapSectionProps) {
  const { t, i18n } = useTranslation();
  const number = (n: number) => new Intl.NumberFormat(i18n.resolvedLanguage).format(n);
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const saved = cap?.cap ?? null;
  // The field shows the saved cap once it arrives or changes.
  useEffect(() => {
    setText(saved === null ? '' : String(saved));
    setInvalid(false);
  }, [saved]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = parseCap(text);
    setInvalid(next === null);
    if (next !== null) onSave(next);
  };
  const busy = status === 'saving';
  const error = invalid ? t('spendingCap.errors.invalid', { max: number(MAX_MONTHLY_CREDIT_CAP) }) : status === 'failed' ? t('spendingCap.errors.saveFailed') : null;

  return (
    <section className="account__section spending-cap" aria-labelledby="account-spending-cap">
      <h2 id="account-spending-cap">{t('spendingCap.title')}</h2>
      <p className="spending-cap__intro">{t('spendingCap.intro')}</p>
      {cap === null ? <p className="field__error" role="alert">{t('spendingCap.errors.loadFailed')}</p> : null}
      <dl className="spending-cap__figures">
        <div>
          <dt className="account__label">{t('spendingCap.current')}</dt>
          <dd className="account__value" data-testid="spending-cap-current">{cap === undefined ? '…' : saved === null ? t('spendingCap.none') : number(saved)}</dd>
        </div>
        <div>
          <dt className="account__label">{t('spendingCap.spent')}</dt>
          <dd className="account__value" data-testid="spending-cap-spent">{cap ? number(cap.spent) : '…'}</dd>
        </div>
        {cap && cap.remaining !== null ? (
          <div>
            <dt className="account__label">{t('spendingCap.remaining')}</dt>
            <dd className="account__value" data-testid="spending-cap-remaining">{number(cap.remaining)}</dd>
          </div>
        ) : null}
      </dl>
      <form className="spending-cap__form" onSubmit={submit} noValidate>
        <Field label={t('spendingCap.field')} hint={t('spendingCap.hint', { max: number(MAX_MONTHLY_CREDIT_CAP) })} error={error}>
          {(control) => (
            <Input {...control} type="text" inputMode="numeric" autoComplete="off" value={text} disabled={cap === undefined}
              onChange={(event) => {
                setText(event.target.value);
                setInvalid(false);
              }} />
          )}
        </Field>
        <div className="spending-cap__actions">
          <Button type="submit" size="sm" busy={busy} disabled={cap === undefined}>{t('spendingCap.save')}</Button>
          <Button variant="secondary" size="sm" disabled={busy || saved === null} onClick={onRemove}>{t('spendingCap.remove')}</Button>
        </div>
      </form>
      <p className="spending-cap__status" role="status">
        {status === 'saved' && saved !== null ? t('spendingCap.saved', { cap: number(saved) }) : status === 'removed' ? t('spendingCap.removed') : ''}
      </p>
    </section>
  );
}
