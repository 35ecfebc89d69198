import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How the answers of a run ended, as the status region says it. */
export type AnswerEnd = 'finished' | 'stopped' | 'failed';

/** What the status region reads of the run on screen and the messages held. */
export interface RunView {
  readonly streaming: boolean;
  readonly answers: readonly { readonly error: unknown; readonly metrics: { readonly stopped?: boolean } }[];
}

/**
 * How a run that was streaming ended: failed when an answer on screen carries an error, stopped when
 * an answer was stopped (still on screen, or stored so), else finished. Null while it streams, or when
 * nothing was streaming before.
 */
export function answerEndOf(before: RunView | null, now: RunView | null, lastAnswersStopped: boolean): AnswerEnd | null {
  if (before?.streaming !== true || now?.streaming === true) return null;
  if (now?.answers.some((a) => a.error !== null)) return 'failed';
  if (now?.answers.some((a) => a.metrics.stopped === true) || lastAnswersStopped) return 'stopped';
  return 'finished';
}

/**
 * A polite status outside the windowed message list (which announces nothing itself): says, in a few
 * words, when the answers on screen have finished, were stopped or failed.
 */
export function AnswerStatus({ run, lastAnswersStopped }: { run: RunView | null; lastAnswersStopped: boolean }) {
  const { t } = useTranslation();
  const before = useRef<RunView | null>(null);
  const [said, setSaid] = useState('');
  useEffect(() => {
    const end = answerEndOf(before.current, run, lastAnswersStopped);
    // A new run clears what was said, so the same words are announced again at its end.
    if (run?.streaming === true && before.current?.streaming !== true) setSaid('');
    else if (end !== null) setSaid(t(`chat.status.${end}`));
    before.current = run;
  }, [run, lastAnswersStopped, t]);
  return <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">{said}</p>;
}
