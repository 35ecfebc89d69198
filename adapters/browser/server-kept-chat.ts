/**
 * The app server keeps conversations and charges credits (DESIGN.md: the browser may not call
 * log_usage). The core chat use cases still run in the browser for their refusals and their stream
 * handling; what they would write is only noted here, and the chat request tells the server what
 * happened: a new message (/api/chat), the last answers removed (/api/chat/regenerate) or the last
 * message replaced (/api/chat/edit-last). The server's finish events carry the charge and balance.
 */
export class ServerKeptChat {
  private readonly truncated = new Set<string>();
  private readonly pendingUser = new Map<string, string>();
  private readonly receipts = new Map<string, { charged: number; balance: number }>();
  private lastBalance: number | null = null;

  noteUserMessage(conversationId: string, content: string): void {
    this.pendingUser.set(conversationId, content);
  }

  noteTruncated(conversationId: string): void {
    this.truncated.add(conversationId);
    this.pendingUser.delete(conversationId);
  }

  /** What the next chat request of this conversation is; consumed by the request. */
  takeIntent(conversationId: string | undefined): 'message' | 'regenerate' | 'edit-last' {
    if (conversationId === undefined) return 'message';
    const wasTruncated = this.truncated.delete(conversationId);
    const edited = this.pendingUser.delete(conversationId);
    if (!wasTruncated) return 'message';
    return edited ? 'edit-last' : 'regenerate';
  }

  noteReceipt(modelId: string, charged: number | undefined, balance: number | undefined): void {
    if (balance !== undefined) this.lastBalance = balance;
    this.receipts.set(modelId, { charged: charged ?? 0, balance: balance ?? this.lastBalance ?? 0 });
  }

  takeReceipt(modelId: string): { charged: number; balance: number } {
    const receipt = this.receipts.get(modelId);
    this.receipts.delete(modelId);
    return receipt ?? { charged: 0, balance: this.lastBalance ?? 0 };
  }
}
