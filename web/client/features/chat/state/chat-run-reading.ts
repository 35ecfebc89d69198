import type { ChatRunEvent, ChatRunHandle } from '../../../../../core/chat/index.js';
import { applyEvent, NO_METRICS } from './chat-session-rules.js';
import type { LiveAnswer } from './chat-session.js';

export type DoneEvent = Extract<ChatRunEvent, { type: 'done' }>;

export const freshAnswer = (modelId: string): LiveAnswer => ({ modelId, content: '', streaming: true, error: null, metrics: NO_METRICS });

/**
 * Reads a run's events into its answers (in the order the run names its models), reporting each
 * change; answers them as they ended, and `done` when the run was read to its end (null: the
 * reading stopped first, or the connection was lost for good).
 */
export async function readRun(
  run: ChatRunHandle,
  start: readonly LiveAnswer[],
  sentAt: number,
  onChange: (answers: readonly LiveAnswer[]) => void,
): Promise<{ answers: readonly LiveAnswer[]; done: DoneEvent | null }> {
  let answers: readonly LiveAnswer[] = run.modelIds.map((modelId) => start.find((a) => a.modelId === modelId) ?? freshAnswer(modelId));
  let done: DoneEvent | null = null;
  for await (const event of run.events) {
    if (event.type === 'done') done = event;
    else answers = applyEvent(answers, event, Date.now() - sentAt);
    onChange(answers);
  }
  return { answers: answers.map((a) => ({ ...a, streaming: false })), done };
}
