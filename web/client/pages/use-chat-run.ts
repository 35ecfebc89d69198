import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatStreamEvent } from '../../../core/domain/chat.js';
import type { DomainError } from '../../../core/shared/errors.js';
import type { Result } from '../../../core/shared/result.js';
import type { ChatRun } from '../../../core/use-cases/support/chat-answers.js';

/** Live answers per model while a run streams. */
export interface LiveAnswer {
  readonly modelId: string;
  readonly content: string;
  readonly streaming: boolean;
  readonly error: { readonly code: string; readonly message?: string } | null;
}

export interface ChatRunner {
  readonly streaming: boolean;
  readonly answers: readonly LiveAnswer[];
  /** Starts a run (runChat, regenerateAnswer, editLastMessage) and reads its events to the end. */
  run(modelIds: readonly string[], start: (signal: AbortSignal) => Promise<Result<ChatRun>>): Promise<{ conversationId: string } | { error: DomainError }>;
  stop(): void;
}

/** Reads a core ChatRun into React state; stop aborts the models (the server charges what they wrote). */
export function useChatRun(): ChatRunner {
  const [streaming, setStreaming] = useState(false);
  const [answers, setAnswers] = useState<readonly LiveAnswer[]>([]);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const run = useCallback<ChatRunner['run']>(async (modelIds, start) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setAnswers(modelIds.map((modelId) => ({ modelId, content: '', streaming: true, error: null })));
    setStreaming(true);
    try {
      const started = await start(controller.signal);
      if (!started.success) {
        const error = { code: started.error.code, message: started.error.message };
        setAnswers(modelIds.map((modelId) => ({ modelId, content: '', streaming: false, error })));
        return { error: started.error };
      }
      for await (const event of started.data.events) setAnswers((current) => apply(current, event));
      return { conversationId: started.data.conversationId };
    } finally {
      setAnswers((current) => current.map((a) => ({ ...a, streaming: false })));
      setStreaming(false);
      if (abort.current === controller) abort.current = null;
    }
  }, []);

  const stop = useCallback(() => abort.current?.abort(), []);
  return { streaming, answers, run, stop };
}

function apply(answers: readonly LiveAnswer[], event: ChatStreamEvent): readonly LiveAnswer[] {
  return answers.map((a) => {
    if (a.modelId !== event.modelId) return a;
    if (event.type === 'delta') return { ...a, content: a.content + event.text };
    if (event.type === 'finish') return { ...a, streaming: false };
    if (event.type === 'error') return { ...a, streaming: false, error: { code: event.code, message: event.message } };
    return a;
  });
}
