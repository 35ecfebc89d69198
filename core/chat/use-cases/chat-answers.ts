import type { ChatMessage, ChatRequest, ChatStreamEvent, ModelInfo, PromptAttachment } from '../domain/chat.js';
import { chargeUsage, releaseHolds, type TokenUsage, estimateTokens, type UsageLedger } from '../../credits/index.js';
import type { ConversationSettings, ModelSettings } from '../domain/conversation-settings.js';
import { MERGE_COLUMN } from '../domain/conversation-tree.js';
import { type Clock, type Logger, type AbortSignalLike, createAbortSource, mergeStreams } from '../../shared/index.js';
import type { ConversationStore } from '../ports/conversation-store.js';
import type { ModelGateway } from '../ports/model-gateway.js';
import { promptAttachmentTokens, promptMessagesFor } from './chat-attachments.js';
import { contextMessagesFor } from './model-context.js';

export type FinishReason = Extract<ChatStreamEvent, { type: 'finish' }>['finishReason'];

/** How one model's answer ended, once it is saved and paid for. */
export interface ModelAnswer {
  readonly modelId: string;
  /** The saved assistant message; null when nothing was shown or saving failed. */
  readonly messageId: string | null;
  readonly usage: TokenUsage;
  readonly finishReason: FinishReason;
  readonly creditsCharged: number;
  /** The model's error, or the charge that failed after the answer. */
  readonly error: { readonly code: string; readonly message: string } | null;
}

export interface ChatRun {
  readonly conversationId: string;
  /** The user message this run answers (already saved). */
  readonly userMessage: ChatMessage;
  /** The models answering, in the order they were asked. */
  readonly modelIds: readonly string[];
  /** Every model's events, interleaved. Reading drives the models; stopping early aborts them. */
  readonly events: AsyncIterable<ChatStreamEvent>;
  /** Resolves when every answer is saved and charged, which happens as `events` is read to its end. */
  readonly settled: Promise<readonly ModelAnswer[]>;
  /** Stops one model's answer (a column) while the others go on; it ends as aborted, saved and charged. */
  readonly stopModel?: (modelId: string) => void;
}

export interface AnswerDeps {
  readonly modelGateway: ModelGateway;
  readonly conversationStore: ConversationStore;
  readonly usageLedger: UsageLedger;
  readonly logger: Logger;
  /** Times each answer: to its first words and to its end, from the model being asked. */
  readonly clock: Clock;
}

/**
 * Streams the answers of several models to one conversation. Each model sees its own side of the
 * thread. After a model finishes — or is aborted, or its stream ends early — its actual usage is
 * charged (usage it did not report is estimated from the text): by settling the credit hold the
 * preflight took for that model (`holds`), or with logUsage where none was taken; then its text is
 * saved with how it went (ms to its first words and to its end, from the model being asked, and the
 * credits charged, and whether it was stopped before its end), so a reopened conversation shows the
 * same figures under each answer. A model
 * error, and an answer aborted before the model produced anything, are passed on uncharged and
 * their hold released. Once the signal fires, no further text is passed on.
 */
export const streamAnswers = (
  deps: AnswerDeps,
  run: {
    readonly userId: string;
    readonly conversationId: string;
    readonly models: readonly ModelInfo[];
    /** The visible path up to the message answered, which it ends with. */
    readonly history: readonly ChatMessage[];
    /** The conversation's settings: what each model receives of the history (its context setting, its longest answer). */
    readonly conversation?: ConversationSettings;
    /** The user message answered: each answer is saved under it, as a new version of its column. */
    readonly parentId: string;
    /** Each model's column by model id; absent: the order asked (0, 1, …), or MERGE_COLUMN for a merge. */
    readonly columns?: ReadonlyMap<string, number>;
    /** Credit hold ids by model id, from chatPreflight; each is settled or released here. */
    readonly holds?: ReadonlyMap<string, string>;
    readonly signal?: AbortSignalLike;
    /** The conversation's system instruction ('' or absent: none). */
    readonly instruction?: string;
    /** Temperature and maximum length by model id, fitted to each model (see chatPreflight). */
    readonly settings?: ReadonlyMap<string, ModelSettings>;
    /** What a model is sent instead of its side of the history and the message answered (a merge request). */
    readonly messagesFor?: (model: ModelInfo) => readonly Pick<ChatMessage, 'role' | 'content'>[];
    /** Saved on each answer: the models whose answers it merged. */
    readonly mergedFrom?: readonly string[];
    /** What the models receive of the history's files, by attachment id (see loadPromptAttachments). */
    readonly attachments?: ReadonlyMap<string, PromptAttachment>;
    /**
     * Models already asked while the message was being written (askModelsEarly): each answer takes
     * its model's request over when it asked for the same thing, else stops it and asks anew.
     */
    readonly early?: EarlyAnswers;
  },
): Pick<ChatRun, 'events' | 'settled' | 'modelIds' | 'stopModel'> => {
  const abort = createAbortSource(run.signal);
  // Each answer stops with the run, or alone (one column stopped).
  const own = new Map(run.models.map((m) => [m.id, createAbortSource(abort.signal)]));
  const signalOf = (modelId: string) => own.get(modelId)?.signal ?? abort.signal;
  const answers: ModelAnswer[] = [];
  let resolveSettled: (answers: readonly ModelAnswer[]) => void = () => undefined;
  const settled = new Promise<readonly ModelAnswer[]>((resolve) => (resolveSettled = resolve));
  const done = (answer: ModelAnswer): void => {
    answers.push(answer);
    if (answers.length === run.models.length) resolveSettled(answers);
  };

  // What a model receives: its side of the history before the message answered, as the context rule keeps it (held alike).
  const contextOf = (model: ModelInfo) => {
    const newest = run.history.at(-1);
    return newest ? contextWith(run.history.slice(0, -1), newest, model, run.instruction ?? '', run.conversation) : [];
  };
  const holdOf = (modelId: string) => run.holds?.get(modelId);
  const release = (modelId: string): Promise<void> => {
    const holdId = holdOf(modelId);
    return holdId === undefined ? Promise.resolve() : releaseHolds(deps, run.userId, new Map([[modelId, holdId]]));
  };

  async function* answer(model: ModelInfo): AsyncGenerator<ChatStreamEvent> {
    const stopped = signalOf(model.id);
    const none = { inputTokens: 0, outputTokens: 0 };
    const early = run.early?.take(model.id);
    if (stopped.aborted) {
      early?.discard();
      await release(model.id);
      done({ modelId: model.id, messageId: null, usage: none, finishReason: 'aborted', creditsCharged: 0, error: null });
      return;
    }
    const messages = run.messagesFor?.(model) ?? promptMessagesFor(contextOf(model), run.attachments, model);
    const request = { ...modelRequest(model, messages, run.instruction, run.settings?.get(model.id)), conversationId: run.conversationId, signal: stopped };
    // Asked early for the same thing: that request goes on under this answer's signal.
    const adopted = early?.adopt(request, stopped) ?? null;
    const askedAt = adopted?.askedAt ?? deps.clock.now().getTime();
    const since = () => Math.max(0, deps.clock.now().getTime() - askedAt);
    let firstTokenMs: number | null = null;
    let shown = '';
    let unseen = '';
    let reported: { usage: TokenUsage; finishReason: FinishReason } | null = null;
    let failure: { code: string; message: string } | null = null;
    try {
      const stream = adopted?.events ?? deps.modelGateway.stream(request);
      for await (const event of stream) {
        if (event.modelId !== model.id) continue;
        if (event.type === 'start') yield event;
        else if (event.type === 'delta') {
          // A model that ignores the abort is cut off here; what it sent is still paid for.
          if (stopped.aborted) {
            unseen += event.text;
            break;
          }
          shown += event.text;
          firstTokenMs ??= since();
          yield event;
        } else if (event.type === 'finish') {
          reported = { usage: event.usage, finishReason: event.finishReason };
          break;
        } else {
          failure = { code: event.code, message: event.message };
          break;
        }
      }
    } catch (error) {
      deps.logger.error('A model stream failed', { modelId: model.id, error: String(error) });
      failure = { code: 'unexpected', message: 'The model stopped unexpectedly' };
    }
    if (failure) {
      await release(model.id);
      yield { type: 'error', modelId: model.id, ...failure };
      done({ modelId: model.id, messageId: null, usage: none, finishReason: 'error', creditsCharged: 0, error: failure });
      return;
    }

    const usage = reported?.usage ?? {
      inputTokens: estimateTokens([run.instruction ?? '', ...messages.map((m) => m.content)].join('\n')) + promptAttachmentTokens(messages, model.provider),
      outputTokens: estimateTokens(shown + unseen),
    };
    const finishReason: FinishReason = reported?.finishReason ?? (stopped.aborted ? 'aborted' : 'other');
    const durationMs = since();

    let creditsCharged = 0;
    let balance: number | undefined;
    let chargeError: { code: string; message: string } | null = null;
    // Aborted before the model produced anything: nothing was given, nothing is charged.
    const nothingProduced = stopped.aborted && shown === '' && unseen === '' && usage.outputTokens === 0;
    if (usage.inputTokens + usage.outputTokens === 0 || nothingProduced) await release(model.id);
    else {
      const receipt = await chargeUsage(deps, { userId: run.userId, modelId: model.id, holdId: holdOf(model.id) }, usage);
      if (receipt.success) {
        creditsCharged = receipt.data.charged;
        balance = receipt.data.balance;
      } else {
        deps.logger.warn('An answer could not be charged', { userId: run.userId, modelId: model.id, usage, error: receipt.error });
        chargeError = { code: receipt.error.code, message: receipt.error.message };
      }
    }

    let messageId: string | null = null;
    if (shown !== '') {
      const saved = await deps.conversationStore.appendMessage(run.userId, run.conversationId, {
        role: 'assistant',
        content: shown,
        modelId: model.id,
        parentId: run.parentId,
        column: run.columns?.get(model.id) ?? (run.mergedFrom ? MERGE_COLUMN : run.models.indexOf(model)),
        ...(run.mergedFrom ? { mergedFrom: run.mergedFrom } : {}),
        inputTokens: usage.inputTokens,
        outputTokens: usage.outputTokens,
        ...(firstTokenMs === null ? {} : { firstTokenMs }),
        durationMs,
        // A charge that failed is not known: no figure rather than a wrong one.
        ...(chargeError ? {} : { creditsCharged }),
        // Stopped (the run or this column): what it wrote is kept, and says it ends early.
        ...(finishReason === 'aborted' ? { stopped: true } : {}),
      });
      if (saved.success) messageId = saved.data.id;
      else deps.logger.error('An answer could not be saved', { modelId: model.id, error: saved.error });
    }
    yield { type: 'finish', modelId: model.id, usage, finishReason, creditsCharged, ...(balance === undefined ? {} : { balance }) };
    if (chargeError) yield { type: 'error', modelId: model.id, ...chargeError };
    done({ modelId: model.id, messageId, usage, finishReason, creditsCharged, error: chargeError });
  }

  async function* events(): AsyncGenerator<ChatStreamEvent> {
    try {
      for await (const event of mergeStreams(run.models.map(answer), () => abort.abort())) {
        // Text a model produced before the abort but that arrives after it is not shown.
        if (event.type === 'delta' && signalOf(event.modelId).aborted) continue;
        yield event;
      }
    } finally {
      for (const source of own.values()) source.dispose();
      abort.dispose();
      // A model asked early that no answer took over (not among the models answering) is stopped.
      run.early?.discard();
    }
  }

  return { events: events(), settled, modelIds: run.models.map((m) => m.id), stopModel: (modelId) => own.get(modelId)?.abort() };
};

/** What a model receives: its side of the history before `newest`, as the conversation's context rule keeps it, then `newest`. */
const contextWith = (
  previous: readonly ChatMessage[],
  newest: Pick<ChatMessage, 'role' | 'content' | 'attachments'>,
  model: ModelInfo,
  instruction: string,
  conversation: ConversationSettings | undefined,
) => {
  const files = newest.attachments ?? [];
  const send = { instruction, message: newest.content, files, settings: conversation };
  return contextMessagesFor(previous, files.length > 0 ? { role: newest.role, content: newest.content, attachments: files } : { role: newest.role, content: newest.content }, model, send);
};

/** The request for one model's answer, but its conversation and signal. */
const modelRequest = (model: ModelInfo, messages: ChatRequest['messages'], instruction: string | undefined, settings: ModelSettings | undefined) => ({
  modelIds: [model.id],
  messages,
  ...(instruction ? { instruction } : {}),
  ...(settings && Object.keys(settings).length > 0 ? { settings: { [model.id]: settings } } : {}),
});

/** One model asked early, taken over by its answer. */
interface EarlyAnswer {
  /**
   * Takes the request over when `request` asks the same (messages, instruction, settings): its events
   * from the start, its signal following `stopped`. Otherwise it is stopped and null is answered.
   */
  adopt(request: ChatRequest, stopped: AbortSignalLike): { readonly events: AsyncIterable<ChatStreamEvent>; readonly askedAt: number } | null;
  /** Stops it; nothing it sent is read. */
  discard(): void;
}

/**
 * Models asked before the chat is admitted (askModelsEarly), so their answers start while the
 * message is written; the answers take them over once it is (streamAnswers' `early`), and a refused
 * chat stops them all (`discard`): nothing they sent is shown or charged.
 */
export interface EarlyAnswers {
  /** The model's early request, once (a second take answers undefined). */
  take(modelId: string): EarlyAnswer | undefined;
  /** Stops every request not taken over. */
  discard(): void;
}

/** A new message to a new conversation (no history, no files): what its models will be asked. */
interface EarlyChat {
  readonly models: readonly ModelInfo[];
  readonly message: string;
  /** The settings the conversation is created with (its instruction, its context rule). */
  readonly conversation: ConversationSettings;
  /** Temperature and maximum length by model id, fitted to each model (see priceChat). */
  readonly settings?: ReadonlyMap<string, ModelSettings>;
  /** The client going away stops them too. */
  readonly signal?: AbortSignalLike;
}

/**
 * Asks each model of a new chat now, before its admission is written: each request starts (its first
 * event is read, which sends it) and waits there; what the model sends meanwhile waits in the
 * gateway until an answer takes the request over, so nothing reaches the client before the chat is
 * admitted. Each request has a signal of its own, which a refusal fires.
 */
export const askModelsEarly = (deps: Pick<AnswerDeps, 'modelGateway' | 'clock'>, chat: EarlyChat): EarlyAnswers => {
  const early = new Map<string, EarlyAnswer>();
  for (const model of chat.models) {
    const messages = promptMessagesFor(contextWith([], { role: 'user', content: chat.message }, model, chat.conversation.instruction, chat.conversation), undefined, model);
    const asked = modelRequest(model, messages, chat.conversation.instruction, chat.settings?.get(model.id));
    const source = createAbortSource(chat.signal);
    const askedAt = deps.clock.now().getTime();
    const iterator = deps.modelGateway.stream({ ...asked, signal: source.signal })[Symbol.asyncIterator]();
    // The first event: reading it sends the request. Its failure is the answer's to read (or nobody's).
    const first = iterator.next();
    first.catch(() => undefined);
    let settled = false;
    const discard = () => {
      if (settled) return;
      settled = true;
      source.abort();
      source.dispose();
      // The gateway cleans up as a reader that went away (after the read under way).
      void first.then(() => iterator.return?.(), () => undefined).catch(() => undefined);
    };
    early.set(model.id, {
      discard,
      adopt(request, stopped) {
        if (settled) return null;
        const same = JSON.stringify({ ...request, conversationId: undefined, signal: undefined }) === JSON.stringify(asked);
        if (!same) {
          discard();
          return null;
        }
        settled = true;
        if (stopped.aborted) source.abort();
        else stopped.addEventListener('abort', () => source.abort(), { once: true });
        const events: AsyncIterable<ChatStreamEvent> = {
          [Symbol.asyncIterator]: () => {
            let pending: Promise<IteratorResult<ChatStreamEvent>> | null = first;
            return {
              next: () => {
                const next = pending ?? iterator.next();
                pending = null;
                return next;
              },
              return: async () => {
                source.dispose();
                return (await iterator.return?.()) ?? { done: true, value: undefined };
              },
            };
          },
        };
        return { events, askedAt };
      },
    });
  }
  return {
    take: (modelId) => {
      const answer = early.get(modelId);
      early.delete(modelId);
      return answer;
    },
    discard: () => {
      for (const answer of early.values()) answer.discard();
      early.clear();
    },
  };
};
