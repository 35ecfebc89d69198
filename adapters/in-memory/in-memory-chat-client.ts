import type { ChatClient, ChatRunEvent, ChatRunHandle, CompareVotes, EditLastChatInput, LiveRun, MergeChatInput, OpenedChat, PageQuery, RegenerateChatInput, ResumeChatInput, SendChatInput, SummarizeConversationInput, ChatRun } from '../../core/chat/index.js';
import type { AbortSignalLike } from '../../core/shared/index.js';
import { createAbortSource, domainError, fail, ok, type Result } from '../../core/shared/index.js';
import { makeEditLastMessage, makeMergeAnswers, makeOpenConversation, makeRegenerateAnswer, makeRunChat, makeSummarizeConversation, type ChatDeps } from '../../core/chat/index.js';
import { ChatRunRelay, type RunStream } from '../../core/chat/index.js';
import { requireUser } from '../../core/auth/index.js';
import { InMemoryChatRunLog } from './in-memory-chat-run-log.js';

/** A relay over a run log of this process (the in-memory app and tests). */
export function inMemoryRelay(deps: Pick<ChatDeps, 'logger'>): ChatRunRelay {
  return new ChatRunRelay({
    chatRunLog: new InMemoryChatRunLog(),
    logger: deps.logger,
    newRunId: () => crypto.randomUUID(),
    timers: {
      after: (ms, task) => {
        const timer = setTimeout(task, ms);
        timer.unref?.();
        return () => clearTimeout(timer);
      },
      now: Date.now,
    },
  });
}

/** A run as the browser sees it: every event with its seq, `done` last. */
export function handleOfStream(stream: RunStream, after = 0): ChatRunHandle {
  async function* events(): AsyncGenerator<ChatRunEvent> {
    // The relay ends a finished run with its `done` even when the reader had seen it: not shown twice.
    for await (const logged of stream.events) if (logged.seq > after) yield { ...logged.event, seq: logged.seq };
  }
  return { runId: stream.runId, conversationId: stream.conversationId, userMessageId: stream.userMessageId, modelIds: stream.modelIds, events: events() };
}

/**
 * ChatClient without a network: the server's own chat use cases and run relay, in this process,
 * over the given ports (in memory in tests and demos), for the user `deps.currentUser` names. It
 * behaves as the app server does, because it is the same code the server runs: a run goes on when
 * its reader stops, can be read again, and is stopped with `stop`.
 */
export class InMemoryChatClient implements ChatClient {
  private readonly runChat;
  private readonly regenerateAnswer;
  private readonly editLastMessage;
  private readonly mergeAnswers;
  private readonly summarize;
  private readonly relay: ChatRunRelay;
  private readonly openConversation;

  /** `compareVotes`: where the choices on a conversation's turns are read (none: a conversation opens without any). */
  constructor(private readonly deps: ChatDeps & { readonly relay?: ChatRunRelay; readonly compareVotes?: CompareVotes }) {
    this.openConversation = makeOpenConversation({ currentUser: deps.currentUser, conversationLibrary: deps.conversationStore });
    this.mergeAnswers = makeMergeAnswers(deps);
    this.runChat = makeRunChat(deps);
    this.regenerateAnswer = makeRegenerateAnswer(deps);
    this.editLastMessage = makeEditLastMessage(deps);
    this.summarize = makeSummarizeConversation(deps);
    this.relay = deps.relay ?? inMemoryRelay(deps);
  }

  send({ signal, ...input }: SendChatInput): Promise<Result<ChatRunHandle>> {
    return this.started(signal, (stop) => this.runChat({ ...input, signal: stop }));
  }

  regenerate({ signal, ...input }: RegenerateChatInput): Promise<Result<ChatRunHandle>> {
    return this.started(signal, (stop) => this.regenerateAnswer({ ...input, signal: stop }));
  }

  editLast({ signal, ...input }: EditLastChatInput): Promise<Result<ChatRunHandle>> {
    return this.started(signal, (stop) => this.editLastMessage({ ...input, signal: stop }));
  }

  merge({ signal, ...input }: MergeChatInput): Promise<Result<ChatRunHandle>> {
    return this.started(signal, (stop) => this.mergeAnswers({ ...input, signal: stop }));
  }

  summarizeConversation({ signal, ...input }: SummarizeConversationInput): Promise<Result<ChatRunHandle>> {
    return this.started(signal, (stop) => this.summarize({ ...input, signal: stop }));
  }

  async resume(input: ResumeChatInput): Promise<Result<ChatRunHandle>> {
    const user = await requireUser(this.deps.currentUser);
    if (!user.success) return user;
    const after = Math.max(0, Math.floor(input.after ?? 0));
    const opened = await this.relay.open(user.data.id, input.runId, after, input.signal);
    return opened.success ? ok(handleOfStream(opened.data, after)) : opened;
  }

  async stop(input: { runId: string; modelId?: string }): Promise<Result<void>> {
    const user = await requireUser(this.deps.currentUser);
    return user.success ? this.relay.stop(user.data.id, input.runId, input.modelId) : user;
  }

  async liveRun(input: { conversationId: string }): Promise<Result<LiveRun | null>> {
    const user = await requireUser(this.deps.currentUser);
    if (!user.success) return user;
    const found = await this.deps.conversationStore.getConversation(user.data.id, input.conversationId);
    if (!found.success) return found;
    if (found.data === null) return fail(domainError('not_found', `Conversation ${input.conversationId} does not exist`));
    return this.relay.liveRunOf(user.data.id, input.conversationId);
  }

  /** As the app server answers GET /api/conversations/:id: the page, the settings, the votes and the running run, read at once. */
  async open(input: { conversationId: string } & PageQuery): Promise<Result<OpenedChat>> {
    const user = await requireUser(this.deps.currentUser);
    if (!user.success) return user;
    const userId = user.data.id;
    const live = await this.relay.liveRunOf(userId, input.conversationId);
    const [opened, settings, votes] = await Promise.all([
      this.openConversation(input),
      this.deps.conversationStore.getSettings(userId, input.conversationId),
      this.deps.compareVotes ? this.deps.compareVotes.listVotes(userId, input.conversationId) : Promise.resolve(ok([])),
    ]);
    if (!opened.success) return opened;
    if (!settings.success) return settings;
    if (!votes.success) return votes;
    const { conversation, messages, page, weights } = opened.data;
    return ok({ conversation, messages, page, weights, settings: settings.data, votes: votes.data, liveRun: live.success ? live.data : null });
  }

  /** Starts a run the relay then owns; `signal` only stops reading (before the run starts: nothing starts). */
  private async started(signal: AbortSignalLike | undefined, start: (stop: AbortSignalLike) => Promise<Result<ChatRun>>): Promise<Result<ChatRunHandle>> {
    if (signal?.aborted) return fail(domainError('network', 'The request was aborted', { aborted: true }));
    const user = await requireUser(this.deps.currentUser);
    if (!user.success) return user;
    const stop = createAbortSource();
    const run = await start(stop.signal);
    if (!run.success) return run;
    return ok(handleOfStream(this.relay.publish(user.data.id, run.data, () => stop.abort(), signal)));
  }
}
