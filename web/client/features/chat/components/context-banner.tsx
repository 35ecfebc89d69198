import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModelInfo } from '../../../../../core/chat/index.js';
import { Button } from '../../../ui/button.js';
import { useBlindNames } from '../hooks/use-blind-compare.js';
import './context-banner.css';

/** Past this many tokens of history sent with each message, the chat offers to go on from a summary. */
export const HEAVY_HISTORY_TOKENS = 8000;

/** What a model of the next send receives of the history, as the banner weighs it. */
export interface HistoryLoad {
  readonly modelId: string;
  readonly historyTokens: number;
  /** What the context setting alone would send, before the model's window cuts the oldest turns (absent: historyTokens). */
  readonly settingTokens?: number;
  readonly contextWindow: number;
  /** The credits its answer to the next message holds. */
  readonly credits: number;
  /** Messages of its side of the history sent whole, and in all (where known). */
  readonly sent?: number;
  readonly total?: number;
}

/**
 * The model of the next send that receives the most history, when that is more than
 * HEAVY_HISTORY_TOKENS or more than half of its window; null when every model's history is light.
 * A small window caps what is sent, so the history weighed is what the context setting would send
 * before the window cuts it (a model that forgets the oldest turns has a long conversation too).
 */
export const heavyHistory = <T extends HistoryLoad>(loads: readonly T[]): T | null => {
  const wanted = (l: HistoryLoad) => Math.max(l.historyTokens, l.settingTokens ?? 0);
  const heavy = loads.filter((l) => wanted(l) > HEAVY_HISTORY_TOKENS || wanted(l) > l.contextWindow / 2);
  return heavy.reduce<T | null>((most, l) => (most === null || l.historyTokens > most.historyTokens ? l : most), null);
};

export interface ContextBannerProps {
  /** The heaviest model of the next send (heavyHistory). */
  load: HistoryLoad;
  /** The models that may write the summary (the usable ones). */
  models: readonly ModelInfo[];
  /** The model offered first (the chat's current one). */
  preferredModelId: string | null;
  /** What the summary's answer holds with each model. */
  priceOf: (modelId: string) => number | null;
  /** A summary is being started. */
  busy?: boolean;
  onStart: (modelId: string) => void;
  onDismiss: () => void;
}

/**
 * A calm note above the composer once a conversation has grown long: what each message now sends
 * and costs, and a new conversation started from a summary of this one, written by a model the user
 * picks (its price shown as for any answer). On a phone it is one line with a Details toggle.
 */
export function ContextBanner({ load, models, preferredModelId, priceOf, busy = false, onStart, onDismiss }: ContextBannerProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  // On a phone the note is one line until its details are asked for (the toggle shows only there).
  const [open, setOpen] = useState(false);
  // Beside a blind turn not yet voted on, the offer waits for the vote: it names a model of the next send, and lists them all.
  const { hidden } = useBlindNames();
  const fallback = models.some((m) => m.id === preferredModelId) ? preferredModelId : models[0]?.id ?? null;
  const modelId = chosen !== null && models.some((m) => m.id === chosen) ? chosen : fallback;
  const label = models.find((m) => m.id === load.modelId)?.label ?? load.modelId;
  const price = modelId === null ? null : priceOf(modelId);
  const tokens = new Intl.NumberFormat(i18n.resolvedLanguage).format(load.historyTokens);
  // The model's window already cuts the oldest turns: what it forgets is said rather than what it is sent.
  const cut = (load.settingTokens ?? 0) > load.historyTokens && load.sent !== undefined && load.total !== undefined;
  if (hidden) return null;
  return (
    <section className={`context-banner${open ? ' context-banner--open' : ''}`} aria-labelledby={`${id}-title`}>
      <div className="context-banner__head">
        <p className="context-banner__text">
          <strong id={`${id}-title`}>{t('chat.longConversation.title')}</strong>{' '}
          <span className="context-banner__body">
            {cut
              ? t('chat.longConversation.bodyCut', { model: label, sent: load.sent, total: load.total, credits: load.credits })
              : t('chat.longConversation.body', { tokens, model: label, credits: load.credits })}
          </span>
        </p>
        <button type="button" className="message__action context-banner__toggle" aria-expanded={open} aria-controls={`${id}-details`}
          onClick={() => setOpen((was) => !was)}>
          {open ? t('chat.longConversation.less') : t('chat.longConversation.details')}
        </button>
      </div>
      <div className="context-banner__actions" id={`${id}-details`}>
        {modelId !== null ? (
          <>
            <label className="context-banner__model">
              <span>{t('chat.longConversation.model')}</span>
              <select id={`${id}-model`} className="select input" value={modelId} onChange={(event) => setChosen(event.target.value)}>
                {models.map((m) => <option key={m.id} value={m.id}>{m.label}</option>)}
              </select>
            </label>
            {price !== null ? <span className="context-banner__price">{t('chat.cost.holds', { count: price })}</span> : null}
            <Button size="sm" busy={busy} onClick={() => onStart(modelId)}>{t('chat.longConversation.start')}</Button>
          </>
        ) : null}
        <button type="button" className="message__action" onClick={onDismiss}>{t('chat.longConversation.dismiss')}</button>
      </div>
    </section>
  );
}
