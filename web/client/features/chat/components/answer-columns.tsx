import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { blindOrder } from '../hooks/use-blind-compare.js';
import { AnswerError } from './answer-error.js';
import { AnswerMetrics } from './answer-metrics.js';
import type { MessageView } from './chat-types.js';
import { CopyButton } from './copy-button.js';
import { VersionSwitcher } from './version-switcher.js';
import { AnswerText } from './live-answer.js';
import './blind-compare.css';

/** Blind compare and votes of one turn (see useBlindCompare). */
export interface TurnVoting {
  /** Columns in an order shuffled by `seed`, names hidden ("Model A", "Model B", …) until a vote. */
  readonly blind: boolean;
  /**
   * The id the turn's question is stored under: the shuffle's seed. Null while a new question waits
   * for it (no answer has a word yet): the empty columns stand in the order asked, with nothing to tell
   * them apart, until the seed puts each in the place it keeps.
   */
  readonly seed: string | null;
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
  /** ‹ 2/3 › of a column with versions (absent while an answer is being written). */
  onShowVersion?: ((messageId: string, version: number) => void) | undefined;
  /** The last turn's columns, each on its own: answer again, or with another model (a new version of the column). */
  columnControl?: ColumnControl | undefined;
  /** While the turn's answers are written: stops one column, the others go on. */
  onStopColumn?: ((modelId: string) => void) | undefined;
}

export interface ColumnControl {
  readonly onRegenerate: (column: number) => void;
  readonly onSwap: (column: number, modelId: string) => void;
  /** The models a column may be given (those not answering in another column are offered). */
  readonly models: readonly { readonly id: string; readonly label: string }[];
}

/** A side-by-side turn: one column per model, in the order asked; they scroll sideways on narrow screens. */
export function AnswerColumns({ answers, labelOf, onContinueWith, voting, onShowVersion, columnControl, onStopColumn }: AnswerColumnsProps) {
  const { t } = useTranslation();
  const blind = voting?.blind === true;
  const hidden = blind && voting.votedModelId === null;
  // Blind: a stable shuffle of the columns per turn, lettered in the order shown; the vote reveals
  // the names where the columns stand, so the chosen one does not move.
  const seed = blind ? voting.seed : null;
  const shown = seed === null ? answers : blindOrder(seed, answers);
  // Before its seed a blind column is not yet in its place: it offers nothing of its own.
  const placed = !blind || seed !== null;
  const row = useRef<HTMLLIElement>(null);
  const [current, setCurrent] = useState(0);
  const columnAt = (index: number) => row.current?.querySelectorAll<HTMLElement>(':scope > .answer-column')[index];
  const onScroll = () => {
    const el = row.current;
    const first = columnAt(0);
    if (!el || !first) return;
    const step = first.offsetWidth + parseFloat(getComputedStyle(el).columnGap || '0');
    setCurrent(Math.min(shown.length - 1, Math.max(0, Math.round(el.scrollLeft / (step || 1)))));
  };
  const goTo = (index: number) => {
    const el = row.current;
    const target = columnAt(index);
    if (!el || !target) return;
    el.scrollTo({ left: target.offsetLeft - el.offsetLeft, behavior: 'smooth' });
    setCurrent(index);
  };
  const heading = (answer: MessageView, index: number) => {
    if (hidden) return answer.mergedFrom ? t('compare.mergedHidden') : t('compare.blindLabel', { letter: String.fromCharCode(65 + index) });
    return answer.mergedFrom ? t('merge.columnLabel', { model: labelOf(answer.modelId) }) : labelOf(answer.modelId);
  };
  return (
    <>
    {/* On a phone the columns swipe one at a time; this row names them and goes to one (hidden on wide screens). */}
    <li className="answer-switcher">
      <div className="answer-switcher__row" role="group" aria-label={t('compare.columns')}>
        {shown.map((answer, index) => (
          <button key={answer.drawKey ?? answer.id} type="button" className="answer-switcher__tab" aria-pressed={index === current}
            aria-controls={`message-${answer.id}`} onClick={() => goTo(index)}>
            {heading(answer, index)}
          </button>
        ))}
      </div>
    </li>
    <li className="answer-columns" ref={row} onScroll={onScroll} style={{ ['--columns' as string]: answers.length }} data-blind={hidden ? 'true' : undefined}>
      {shown.map((answer, index) => {
        const column = answer.column ?? answers.indexOf(answer);
        const inOtherColumns = new Set(answers.flatMap((a) => (a !== answer && !a.mergedFrom && a.modelId ? [a.modelId] : [])));
        const winner = voting?.votedModelId !== null && voting?.votedModelId === answer.modelId && !answer.mergedFrom;
        const classes = ['answer-column', answer.mergedFrom ? 'answer-column--merged' : '', winner ? 'answer-column--winner' : ''].filter(Boolean).join(' ');
        return (
          <section key={answer.drawKey ?? answer.id} id={`message-${answer.id}`} className={classes}
            data-model-id={hidden ? undefined : (answer.modelId ?? undefined)} data-blind-label={hidden ? heading(answer, index) ?? undefined : undefined} data-merged={answer.mergedFrom ? 'true' : undefined} aria-labelledby={`col-${answer.id}`}
            aria-busy={answer.streaming || undefined}>
            <header className="answer-column__header">
              <h2 id={`col-${answer.id}`} className="answer-column__model">{heading(answer, index)}</h2>
              {winner ? <span className="badge badge--accent answer-column__winner">{t('compare.winner')}</span> : null}
            </header>
            {/* Columns answered again since: the merge says it sums up earlier answers, and Merge makes a new one. */}
            {answer.mergedFrom && answer.outdated ? <p className="answer-column__outdated">{t('merge.outdated')}</p> : null}
            <AnswerText message={answer} />
            {answer.streaming && onStopColumn && answer.modelId && placed ? (
              <div className="message__actions">
                <button type="button" className="message__action" onClick={() => onStopColumn(answer.modelId as string)}
                  aria-label={hidden ? t('chat.stopColumnHidden', { letter: String.fromCharCode(65 + index) }) : t('chat.stopColumn', { model: labelOf(answer.modelId) })}>
                  {t('chat.stop')}
                </button>
              </div>
            ) : null}
            {answer.error ? <AnswerError error={answer.error} labelOf={labelOf} hidden={hidden} /> : null}
            {!answer.streaming && !hidden ? <AnswerMetrics metrics={answer.metrics} /> : null}
            {!answer.streaming && answer.content ? (
              <div className="message__actions">
                {answer.version ? <VersionSwitcher version={answer.version} onShow={onShowVersion ? (v) => onShowVersion(answer.id, v) : undefined} /> : null}
                <CopyButton text={answer.content} />
                {columnControl && !answer.mergedFrom ? (
                  <button type="button" className="message__action" onClick={() => columnControl.onRegenerate(column)}
                    aria-label={hidden ? t('chat.regenerateColumnHidden', { letter: String.fromCharCode(65 + index) }) : t('chat.regenerateColumn', { model: labelOf(answer.modelId) })}>
                    {t('chat.regenerate')}
                  </button>
                ) : null}
                {columnControl && !answer.mergedFrom && !hidden ? (
                  <select className="answer-column__swap" aria-label={t('chat.swapModel', { model: labelOf(answer.modelId) })} value=""
                    onChange={(event) => event.target.value && columnControl.onSwap(column, event.target.value)}>
                    <option value="">{t('chat.swapChoose')}</option>
                    {columnControl.models.filter((m) => m.id !== answer.modelId && !inOtherColumns.has(m.id)).map((m) => (
                      <option key={m.id} value={m.id}>{m.label}</option>
                    ))}
                  </select>
                ) : null}
                {voting?.onVote && answer.modelId && !answer.mergedFrom ? (
                  <button type="button" className="message__action answer-column__vote" aria-pressed={winner}
                    onClick={() => voting.onVote?.(answer.modelId as string)}>
                    {t('compare.vote')}
                  </button>
                ) : null}
                {onContinueWith && answer.modelId && !hidden ? (
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
    </>
  );
}
