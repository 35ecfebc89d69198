import type { ChatClient, ChatRunEvent, ChatRunHandle, EditLastChatInput, MergeChatInput, RegenerateChatInput, SendChatInput } from '../../core/ports/chat-client.js';
import { ok, type Result } from '../../core/shared/result.js';
import { makeEditLastMessage, makeMergeAnswers, makeRegenerateAnswer, makeRunChat, type ChatDeps } from '../../core/use-cases/index.js';
import type { ChatRun } from '../../core/use-cases/support/chat-answers.js';

/** A server-side run as the browser sees it: its events, then `done` once everything is saved and paid. */
export function handleOfRun(run: ChatRun): ChatRunHandle {
  async function* events(): AsyncGenerator<ChatRunEvent> {
    yield* run.events;
    const answers = await run.settled;
    yield {
      type: 'done',
      answers: answers.map((a) => ({ modelId: a.modelId, messageId: a.messageId, creditsCharged: a.creditsCharged, finishReason: a.finishReason })),
    };
  }
  return { conversationId: run.conversationId, userMessageId: run.userMessage.id, modelIds: run.modelIds, events: events() };
}

const handled = async (started: Promise<Result<ChatRun>>): Promise<Result<ChatRunHandle>> => {
  const run = await started;
  return run.success ? ok(handleOfRun(run.data)) : run;
};

/**
 * ChatClient without a network: the server's own chat use cases, run in this process over the
 * given ports (in memory in tests and demos), for the user `deps.currentUser` names. It behaves
 * as the app server does, because it is the same code the server runs.
 */
export class InMemoryChatClient implements ChatClient {
  private readonly runChat;
  private readonly regenerateAnswer;
  private readonly editLastMessage;
  private readonly mergeAnswers;

  constructor(deps: ChatDeps) {
    this.mergeAnswers = makeMergeAnswers(deps);
    this.runChat = makeRunChat(deps);
    this.regenerateAnswer = makeRegenerateAnswer(deps);
    this.editLastMessage = makeEditLastMessage(deps);
  }

  send(input: SendChatInput): Promise<Result<ChatRunHandle>> {
    return handled(this.runChat(input));
  }

  regenerate(input: RegenerateChatInput): Promise<Result<ChatRunHandle>> {
    return handled(this.regenerateAnswer(input));
  }

  editLast(input: EditLastChatInput): Promise<Result<ChatRunHandle>> {
    return handled(this.editLastMessage(input));
  }

  merge(input: MergeChatInput): Promise<Result<ChatRunHandle>> {
    return handled(this.mergeAnswers(input));
  }
}
