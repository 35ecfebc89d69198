import { useTranslation } from 'react-i18next';
import type { AnswerMetricsView } from './chat-types.js';

/** "0.4 s to first word · 3.1 s · 412 tokens · 3 credits": what helps choose between models. */
export function AnswerMetrics({ metrics }: { metrics: AnswerMetricsView | null | undefined }) {
  const { t, i18n } = useTranslation();
  if (!metrics) return null;
  const seconds = (ms: number) => new Intl.NumberFormat(i18n.resolvedLanguage, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(ms / 1000);
  const parts = [
    metrics.firstTokenMs === null ? null : t('chat.metrics.firstToken', { seconds: seconds(metrics.firstTokenMs) }),
    metrics.durationMs === null ? null : t('chat.metrics.duration', { seconds: seconds(metrics.durationMs) }),
    metrics.tokens === null ? null : t('chat.metrics.tokens', { count: metrics.tokens }),
    metrics.credits === null ? null : t('chat.metrics.credits', { count: metrics.credits }),
  ].filter((part): part is string => part !== null);
  if (parts.length === 0) return null;
  return <p className="answer-metrics">{parts.join(' · ')}</p>;
}
