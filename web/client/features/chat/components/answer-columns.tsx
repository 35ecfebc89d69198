import { useTranslation } from 'react-i18next';
import { AnswerError } from './answer-error.js';
import { AnswerMetrics } from './answer-metrics.js';
import type { MessageView } from './chat-types.js';
import { CopyButton } from './copy-button.js';
import { Markdown } from './markdown.js';
import { TypingDots } from './message-item.js';

export interface AnswerColumnsProps {
  answers: readonly MessageView[];
  labelOf: (modelId: string | null) => string | null;
  /** Offered under every column of the last turn: the next messages go to that model alone. */
  onContinueWith?: ((modelId: string) => void) | undefined;
}

/** A side-by-side turn: one column per model, in the order asked; they scroll sideways on narrow screens. */
export function AnswerColumns({ answers, labelOf, onContinueWith }: AnswerColumnsProps) {
  const { t } = useTranslation();
  return (
    <li className="answer-columns" style={{ ['--columns' as string]: answers.length }}>
      {answers.map((answer) => (
        <section key={answer.id} id={`message-${answer.id}`} className={answer.mergedFrom ? 'answer-column answer-column--merged' : 'answer-column'}
          data-model-id={answer.modelId ?? undefined} data-merged={answer.mergedFrom ? 'true' : undefined} aria-labelledby={`col-${answer.id}`}
          aria-busy={answer.streaming || undefined}>
          <h2 id={`col-${answer.id}`} className="answer-column__model">
            {answer.mergedFrom ? t('merge.columnLabel', { model: labelOf(answer.modelId) }) : labelOf(answer.modelId)}
          </h2>
          {answer.content ? <Markdown text={answer.content} /> : answer.streaming ? <TypingDots /> : null}
          {answer.error ? <AnswerError error={answer.error} /> : null}
          {!answer.streaming ? <AnswerMetrics metrics={answer.metrics} /> : null}
          {!answer.streaming && answer.content ? (
            <div className="message__actions">
              <CopyButton text={answer.content} />
              {onContinueWith && answer.modelId ? (
                <button type="button" className="message__action" onClick={() => onContinueWith(answer.modelId as string)}>
                  {t('chat.continueWith')}
                </button>
              ) : null}
            </div>
          ) : null}
        </section>
      ))}
    </li>
  );
}
