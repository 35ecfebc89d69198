import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModelInfo } from '../../../../../core/chat/index.js';
import { MAX_MODELS_PER_CHAT } from '../../../../../core/chat/index.js';
import { useBlindNames } from '../hooks/use-blind-compare.js';
import './model-picker.css';

export interface ModelPickerProps {
  models: readonly ModelInfo[];
  selected: readonly string[];
  onChange: (modelIds: string[]) => void;
  /** Several models at once (all-models view) or exactly one (a chat). */
  multiple?: boolean;
  subscribed: boolean;
}

/**
 * Paid models need an active subscription; unconfigured providers cannot be chosen. The models that
 * answer on this server come first; the others wait in a collapsed "Not on this server" group.
 */
export const isSelectable = (model: ModelInfo, subscribed: boolean): boolean =>
  model.available && (model.plan === 'free' || subscribed);

export function ModelPicker({ models, selected, onChange, multiple = false, subscribed }: ModelPickerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const labels = models.filter((m) => selected.includes(m.id)).map((m) => m.label);
  // Beside a blind turn not yet voted on, the button names no model (as an arena names none before
  // the vote): it would tell which models wrote the hidden columns. Opened, the list shows the choice.
  const { hidden } = useBlindNames();
  const current = labels.length === 0 ? t('models.choose') : hidden ? (
    // A phone's composer has room for the short form ("2 hidden models"); either may wrap rather than be cut.
    <>
      <span className="model-picker__long">{t('compare.pickerHidden', { count: labels.length })}</span>
      <span className="model-picker__short">{t('compare.pickerHiddenShort', { count: labels.length })}</span>
    </>
  ) : labels.join(', ');
  const counted = labels.length > 0 && hidden;

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        root.current?.querySelector<HTMLButtonElement>('button')?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const available = models.filter((m) => m.available);
  const unavailable = models.filter((m) => !m.available);

  const toggle = (id: string) => {
    if (!multiple) {
      onChange([id]);
      setOpen(false);
      return;
    }
    onChange(selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id]);
  };

  const option = (model: ModelInfo) => {
    // Side by side takes up to MAX_MODELS_PER_CHAT models; the rest wait until one is unticked.
    const full = multiple && selected.length >= MAX_MODELS_PER_CHAT && !selected.includes(model.id);
    const selectable = isSelectable(model, subscribed) && !full;
    return (
      <label key={model.id} className={selectable ? 'model-option' : 'model-option model-option--disabled'}>
        <input type={multiple ? 'checkbox' : 'radio'} name={`${panelId}-model`} checked={selected.includes(model.id)}
          disabled={!selectable} onChange={() => toggle(model.id)} />
        <span className="model-option__text">
          <span className="model-option__name">
            {model.label}
            {model.supportsImages !== true ? <span className="model-option__note"> · {t('models.textOnly')}</span> : null}
          </span>
          {/* A model whose provider has no key here cannot answer for anyone: say why, not what it would cost. */}
          <span className="model-option__price">
            {model.available ? t('models.price', { input: model.inputCreditsPer1k, output: model.outputCreditsPer1k }) : t(`models.why.${model.provider}`)}
          </span>
        </span>
        {!model.available ? (
          <span className="badge">{t('models.unavailable')}</span>
        ) : model.plan === 'paid' ? (
          <span className={subscribed ? 'badge badge--accent' : 'badge badge--warning'}>{t(subscribed ? 'models.planPaid' : 'models.needsPlan')}</span>
        ) : (
          <span className="badge badge--success">{t('models.noPlanNeeded')}</span>
        )}
      </label>
    );
  };

  return (
    <div className="model-picker" ref={root}>
      <button type="button" className="btn btn--secondary btn--sm model-picker__button" aria-expanded={open} aria-controls={panelId}
        onClick={() => setOpen(!open)}>
        <span className="visually-hidden">{t('models.pickerLabel')}: </span>
        <span className={counted ? 'model-picker__current model-picker__current--counted' : 'model-picker__current'}>{current}</span>
        <span aria-hidden="true" className="model-picker__caret">▾</span>
      </button>
      {open ? (
        <fieldset id={panelId} className="model-picker__panel">
          <legend className="visually-hidden">{t('models.pickerLabel')}</legend>
          {available.map(option)}
          {/* What the catalogue holds but this server cannot answer: out of the way, the reason kept for an operator. */}
          {unavailable.length > 0 ? (
            <details className="model-picker__elsewhere">
              <summary className="model-picker__elsewhere-title">{t('models.notOnThisServer', { count: unavailable.length })}</summary>
              {unavailable.map(option)}
            </details>
          ) : null}
        </fieldset>
      ) : null}
    </div>
  );
}
