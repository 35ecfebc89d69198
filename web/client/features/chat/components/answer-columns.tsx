import { useTranslation } from 'react-i18next';
import { blindOrder } from '../hooks/use-blind-compare.js';
import { AnswerError } from './answer-error.js';
import { AnswerMetrics } from './answer-metrics.js';
import type { MessageView } from './chat-types.js';
import { CopyButton } from './copy-button.js';
import { Markdown } from './markdown.js';
import { TypingDots } from './message-item.js';
import './blind-compare.css';

/** Blind compare and votes of one turn (see useBlindCompare). */
export interface TurnVoting {
  /** Names hidden: columns read "Model A", "Model B", … in an order shuffled by `seed`, until a vote. */
  readonly blind: boolean;
  /** The turn's question id: the shuffle's seed. */
  readonly seed: string;
  /** The model voted best in this turn (null: none yet); a vote reveals the names. */
  readonly votedModelId: string | null;
  /** Offered under each finished column: this answer is the best. */
  readonly onVote?: ((modelId: string) => void) | undefined;
}

export interface AnswerColumnsProps {
  answers: readonly MessageView[];
  labelOf: (modelId: string | null) => string | null;
  /** Offered under every column of the last turn: the next messages go to that model alone. */
  onContinueWith?: ((modelId: string) => void) | undefined;
  voting?: TurnVoting | undefined;
}

/** A side-by-side turn: one column per model, in the order asked; they scroll sideways on narrow screens. */
export function AnswerColumns({ answers, labelOf, onContinueWith, voting }: AnswerColumnsProps) {
  const { t } = useTranslation();
  const hidden = voting?.blind === true && voting.votedModelId === null;
  // Hidden names: a stable shuffle of the columns per turn, lettered in the order shown.
  const shown = hidden ? blindOrder(voting.seed, answers.length).map((i) => answers[i] as MessageView) : answers;
  const heading = (answer: MessageView, index: number) => {
    if (hidden) return answer.mergedFrom ? t('compare.mergedHidden') : t('compare.blindLabel', { letter: String.fromCharCode(65 + index) });
    return answer.mergedFrom ? t('merge.columnLabel', { model: labelOf(answer.modelId) }) : labelOf(answer.modelId);
  };
  return (
    <li className="answer-columns" style={{ ['--columns' as string]: answers.length }} data-blind={hidden ? 'true' : undefined}>
      {shown.map((answer, index) => {
        const winner = voting?.votedModelId !== null && voting?.votedModelId === answer.modelId && !answer.mergedFrom;
        const classes = ['answer-column', answer.mergedFrom ? 'answer-column--merged' : '', winner ? 'answer-column--winner' : ''].filter(Boolean).join(' ');
        return (
          <section key={answer.id} id={`message-${answer.id}`} className={classes}
            data-model-id={hidden ? undefined : (answer.modelId ?? undefined)} data-merged={answer.mergedFrom ? 'true' : undefined} aria-labelledby={`col-${answer.id}`}
            aria-busy={answer.streaming || undefined}>
            <header className="answer-column__header">
              <h2 id={`col-${answer.id}`} className="answer-column__model">{heading(answer, index)}</h2>
              {winner ? <span className="badge badge--accent answer-column__winner">{t('compare.winner')}</span> : null}
            </header>
            {answer.content ? <Markdown text={answer.content} /> : answer.streaming ? <TypingDots /> : null}
            {answer.error ? <AnswerError error={answer.error} /> : null}
            {!answer.streaming && !hidden ? <AnswerMetrics metrics={answer.metrics} /> : null}
            {!answer.streaming && answer.content ? (
              <div className="message__actions">
                <CopyButton text={answer.content} />
                {voting?.onVote && answer.modelId && !answer.mergedFrom ? (
                  <button type="button" className="message__action answer-column__vote" aria-pressed={winner}
                    onClick={() => voting.onVote?.(answer.modelId as string)}>
                    {t('compare.vote')}
                  </button>
                ) : null}
                {onContinueWith && answer.modelId ? (
                  <button type="button" className="message__action" onClick={() => onContinueWith(answer.modelId as string)}>
                    {t('chat.continueWith')}
                  </button>
                ) : null}
              </div>
            ) : null}
          </section>
        );
      })}
    </li>
  );
}
