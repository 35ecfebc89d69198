import type { ConversationShares, SharedConversation, SharedConversations, ConversationLibrary } from '../../core/chat/index.js';
import { ok, type Result } from '../../core/shared/index.js';
import { makeOpenSharedConversation } from '../../core/chat/index.js';

/** SharedConversations without a network: the server's own use case over the given ports. */
export class InMemorySharedConversations implements SharedConversations {
  private readonly open;

  constructor(deps: { conversationShares: ConversationShares; conversationLibrary: ConversationLibrary }) {
    this.open = makeOpenSharedConversation(deps);
  }

  async openShared(token: string): Promise<Result<SharedConversation | null>> {
    const opened = await this.open({ token });
    if (opened.success) return opened;
    return opened.error.code === 'not_found' ? ok(null) : opened;
  }
}
