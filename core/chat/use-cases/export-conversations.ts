import type { ConversationExport } from '../domain/conversation-export.js';
import type { ConversationLibrary } from '../ports/conversation-store.js';
import { ok, type Result } from '../../shared/index.js';
import { requireUser, type CurrentUser } from '../../auth/index.js';

/** Every conversation of the signed-in user, with its settings and messages: the file "Download all chats" saves. */
export const makeExportConversations =
  (deps: { currentUser: CurrentUser; conversationLibrary: ConversationLibrary }) =>
  async (): Promise<Result<AsyncIterable<Result<ConversationExport>>>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    return ok(deps.conversationLibrary.exportConversations(user.data.id));
  };
