import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnswerMetricsView } from './chat-types.js';

/** Number formats by language, made once: making one takes longer than drawing the figures of a whole turn. */
const formats = new Map<string, { seconds: Intl.NumberFormat; whole: Intl.NumberFormat }>();
const formatsOf = (language: string | undefined) => {
  const key = language ?? '';
  let found = formats.get(key);
  if (!found) {
    found = { seconds: new Intl.NumberFormat(language, { maximumFractionDigits: 1, minimumFractionDigits: 1 }), whole: new Intl.NumberFormat(language) };
    formats.set(key, found);
  }
  return found;
};

/**
 * "first word in 0.4 s · 3.1 s in all · 1,234 tokens in · 56 out · credits: 3": what helps choose
 * between models, and what the history sent costs (the tokens read, beside those written).
 */
export const AnswerMetrics = memo(function AnswerMetrics({ metrics }: { metrics: AnswerMetricsView | null | undefined }) {
  const { t, i18n } = useTranslation();
  if (!metrics) return null;
  const format = formatsOf(i18n.resolvedLanguage);
  const seconds = (ms: number) => format.seconds.format(ms / 1000);
  const whole = (n: number) => format.whole.format(n);
  const split = metrics.inputTokens !== undefined && metrics.inputTokens !== null && metrics.outputTokens !== undefined && metrics.outputTokens !== null;
  const parts = [
    metrics.firstTokenMs === null ? null : t('chat.metrics.firstToken', { seconds: seconds(metrics.firstTokenMs) }),
    metrics.durationMs === null ? null : t('chat.metrics.duration', { seconds: seconds(metrics.durationMs) }),
    split
      ? t('chat.metrics.inOut', { input: whole(metrics.inputTokens as number), output: whole(metrics.outputTokens as number) })
      : metrics.tokens === null ? null : t('chat.metrics.tokens', { count: metrics.tokens }),
    metrics.credits === null ? null : t('chat.metrics.credits', { count: metrics.credits }),
  ].filter((part): part is string => part !== null);
  if (parts.length === 0 && !metrics.stopped) return null;
  // A stopped answer ends early: said first, where the figures are read.
  const stopped = metrics.stopped ? <span className="answer-metrics__stopped">{t('chat.metrics.stopped')}</span> : null;
  return <p className="answer-metrics">{stopped}{stopped && parts.length > 0 ? ' · ' : null}{parts.join(' · ')}</p>;
});
