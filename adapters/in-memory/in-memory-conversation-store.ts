import type { AttachmentRef, ChatMessage, Conversation, ConversationStore, NewMessage, PageQuery, PathPage, TreePlace } from '../../core/chat/index.js';
import { NO_SETTINGS, ancestry, continuingPlace, exportEntries, missingCursorMessage, pageWithWeights, versionAt, visiblePath, type ConversationExport, type ConversationSettings } from '../../core/chat/index.js';
import type { Clock, Result } from '../../core/shared/index.js';
import { domainError, fail, ok } from '../../core/shared/index.js';
import { FailureInjector } from './failure-injector.js';

/** A saved message with its place in the tree (the visible path is read from these places). */
type StoredMessage = Omit<ChatMessage, 'column' | 'parentId' | 'version'> & TreePlace;

interface Thread {
  conversation: Conversation;
  /** Every message of every branch, in creation order. */
  messages: StoredMessage[];
  settings: ConversationSettings;
  /** Insertion order breaks ties between equal timestamps. */
  touched: number;
  /** Likewise for pins: the order they were pinned in (0 when not pinned). */
  pinned: number;
}

/** Pinned conversations list before the others. */
const pinRank = (thread: Thread): number => (thread.conversation.pinnedAt === undefined ? 0 : 1);

const conversationNotFound = (id: string) => domainError('not_found', `Conversation ${id} does not exist`);

/** Conversations per user; another user's conversation reads as missing, as row-level security makes it. */
export class InMemoryConversationStore implements ConversationStore {
  /** Makes the next call of an operation fail with a chosen error (unhappy paths without mocks). */
  readonly failures = new FailureInjector<keyof ConversationStore>();
  private readonly threads = new Map<string, Thread>();
  private readonly clock: Clock;
  private sequence = 0;

  constructor(options: { clock?: Clock } = {}) {
    this.clock = options.clock ?? { now: () => new Date() };
  }

  async listConversations(userId: string, options: { query?: string; limit?: number; after?: string } = {}): Promise<Result<readonly Conversation[]>> {
    const injected = this.failures.take('listConversations');
    if (injected) return fail(injected);
    const needle = options.query?.trim().toLowerCase() ?? '';
    const matches = [...this.threads.values()]
      .filter((t) => t.conversation.userId === userId)
      .filter(
        (t) =>
          needle === '' ||
          t.conversation.title.toLowerCase().includes(needle) ||
          t.messages.some((m) => m.content.toLowerCase().includes(needle)),
      )
      .sort((a, b) => pinRank(b) - pinRank(a) || (b.conversation.pinnedAt ?? '').localeCompare(a.conversation.pinnedAt ?? '') || b.pinned - a.pinned
        || b.conversation.updatedAt.localeCompare(a.conversation.updatedAt) || b.touched - a.touched)
      .map((t) => t.conversation);
    const from = options.after === undefined ? 0 : matches.findIndex((c) => c.id === options.after) + 1;
    if (from === 0 && options.after !== undefined) return fail(conversationNotFound(options.after));
    return ok(matches.slice(from, options.limit === undefined ? undefined : from + options.limit));
  }

  async getConversation(userId: string, conversationId: string): Promise<Result<Conversation | null>> {
    const injected = this.failures.take('getConversation');
    if (injected) return fail(injected);
    return ok(this.own(userId, conversationId)?.conversation ?? null);
  }

  async createConversation(userId: string, title: string): Promise<Result<Conversation>> {
    const injected = this.failures.take('createConversation');
    if (injected) return fail(injected);
    const now = this.clock.now().toISOString();
    const conversation: Conversation = { id: this.nextId('conv'), userId, title, createdAt: now, updatedAt: now };
    this.threads.set(conversation.id, { conversation, messages: [], settings: NO_SETTINGS, touched: this.sequence, pinned: 0 });
    return ok(conversation);
  }

  async renameConversation(userId: string, conversationId: string, title: string): Promise<Result<Conversation>> {
    const injected = this.failures.take('renameConversation');
    if (injected) return fail(injected);
    const thread = this.own(userId, conversationId);
    if (!thread) return fail(conversationNotFound(conversationId));
    // A new title is not activity: the conversation keeps its time and its place in the list.
    thread.conversation = { ...thread.conversation, title };
    return ok(thread.conversation);
  }

  async pinConversation(userId: string, conversationId: string, pinned: boolean): Promise<Result<Conversation>> {
    const injected = this.failures.take('pinConversation');
    if (injected) return fail(injected);
    const thread = this.own(userId, conversationId);
    if (!thread) return fail(conversationNotFound(conversationId));
    if (pinned && thread.conversation.pinnedAt === undefined) {
      this.sequence += 1;
      thread.pinned = this.sequence;
      thread.conversation = { ...thread.conversation, pinnedAt: this.clock.now().toISOString() };
    } else if (!pinned && thread.conversation.pinnedAt !== undefined) {
      const { pinnedAt: _unpinned, ...conversation } = thread.conversation;
      thread.pinned = 0;
      thread.conversation = conversation;
    }
    return ok(thread.conversation);
  }

  exportConversations(userId: string): AsyncIterable<Result<ConversationExport>> {
    return exportEntries(this, userId);
  }

  async deleteConversation(userId: string, conversationId: string): Promise<Result<void>> {
    const injected = this.failures.take('deleteConversation');
    if (injected) return fail(injected);
    if (!this.own(userId, conversationId)) return fail(conversationNotFound(conversationId));
    this.threads.delete(conversationId);
    return ok(undefined);
  }

  async listMessages(userId: string, conversationId: string): Promise<Result<readonly ChatMessage[]>> {
    const injected = this.failures.take('listMessages');
    if (injected) return fail(injected);
    const thread = this.own(userId, conversationId);
    if (!thread) return fail(conversationNotFound(conversationId));
    return ok(this.pathOf(thread));
  }

  async listMessagePage(userId: string, conversationId: string, query: PageQuery): Promise<Result<PathPage>> {
    const injected = this.failures.take('listMessagePage');
    if (injected) return fail(injected);
    const thread = this.own(userId, conversationId);
    if (!thread) return fail(conversationNotFound(conversationId));
    const page = pageWithWeights(this.pathOf(thread), query);
    return page ? ok(page) : fail(domainError('not_found', missingCursorMessage(query)));
  }

  async showMessage(userId: string, conversationId: string, messageId: string, version?: number): Promise<Result<PathPage>> {
    const injected = this.failures.take('showMessage');
    if (injected) return fail(injected);
    const thread = this.own(userId, conversationId);
    if (!thread) return fail(conversationNotFound(conversationId));
    const target = version === undefined ? thread.messages.find((m) => m.id === messageId) : versionAt(thread.messages, messageId, version);
    if (!target || (version !== undefined && !thread.messages.some((m) => m.id === messageId))) {
      return fail(domainError('not_found', version === undefined ? `Message ${messageId} does not exist` : `Message ${messageId} has no version ${version}`));
    }
    const shown = new Set(ancestry(thread.messages, target.id).map((m) => m.id));
    thread.messages = thread.messages.map((m) => (shown.has(m.id) ? { ...m, shown: this.next() } : m));
    // The message shown is on the new visible path with its ancestors, so the page around it exists.
    return ok(pageWithWeights(this.pathOf(thread), { around: target.id }) as PathPage);
  }

  async appendMessage(userId: string, conversationId: string, message: NewMessage): Promise<Result<ChatMessage>> {
    const injected = this.failures.take('appendMessage');
    if (injected) return fail(injected);
    const thread = this.own(userId, conversationId);
    if (!thread) return fail(conversationNotFound(conversationId));
    if (message.parentId && !thread.messages.some((m) => m.id === message.parentId)) {
      return fail(domainError('not_found', `Message ${message.parentId} does not exist`));
    }
    const place =
      message.parentId === undefined
        ? continuingPlace(this.pathOf(thread).map((m) => ({ ...m, parentId: m.parentId ?? null, column: m.column ?? null })), message.role)
        : { parentId: message.parentId, column: message.role === 'assistant' ? (message.column ?? 0) : null };
    const id = this.nextId('msg');
    const order = this.next();
    const { parentId: _parent, column: _column, ...fields } = message;
    const stored: StoredMessage = {
      ...fields,
      id,
      conversationId,
      createdAt: this.clock.now().toISOString(),
      parentId: place.parentId,
      column: place.column,
      shown: order,
      order,
    };
    thread.messages.push(stored);
    this.touch(thread);
    return ok(this.view(stored));
  }

  async truncateFrom(userId: string, conversationId: string, messageId: string): Promise<Result<void>> {
    const injected = this.failures.take('truncateFrom');
    if (injected) return fail(injected);
    const thread = this.own(userId, conversationId);
    if (!thread) return fail(conversationNotFound(conversationId));
    const at = thread.messages.find((m) => m.id === messageId);
    if (!at) return fail(domainError('not_found', `Message ${messageId} does not exist`));
    // The message and everything written after it, as the database removes them (by insertion order).
    thread.messages = thread.messages.filter((m) => m.order < at.order);
    this.touch(thread);
    return ok(undefined);
  }

  async attachToMessage(userId: string, conversationId: string, messageId: string, attachments: readonly AttachmentRef[]): Promise<Result<void>> {
    const injected = this.failures.take('attachToMessage');
    if (injected) return fail(injected);
    const thread = this.own(userId, conversationId);
    const at = thread?.messages.findIndex((m) => m.id === messageId) ?? -1;
    if (!thread || at === -1) return fail(domainError('not_found', `Message ${messageId} does not exist`));
    const message = thread.messages[at] as StoredMessage;
    thread.messages[at] = attachments.length === 0 ? message : { ...message, attachments: [...attachments] };
    return ok(undefined);
  }

  async listAttachments(userId: string, conversationId: string): Promise<Result<ReadonlyMap<string, readonly AttachmentRef[]>>> {
    const injected = this.failures.take('listAttachments');
    if (injected) return fail(injected);
    const thread = this.own(userId, conversationId);
    if (!thread) return fail(conversationNotFound(conversationId));
    return ok(new Map(thread.messages.flatMap((m) => (m.attachments && m.attachments.length > 0 ? [[m.id, m.attachments] as const] : []))));
  }

  async getSettings(userId: string, conversationId: string): Promise<Result<ConversationSettings>> {
    const injected = this.failures.take('getSettings');
    if (injected) return fail(injected);
    const thread = this.own(userId, conversationId);
    return thread ? ok(thread.settings) : fail(conversationNotFound(conversationId));
  }

  async saveSettings(userId: string, conversationId: string, settings: ConversationSettings): Promise<Result<ConversationSettings>> {
    const injected = this.failures.take('saveSettings');
    if (injected) return fail(injected);
    const thread = this.own(userId, conversationId);
    if (!thread) return fail(conversationNotFound(conversationId));
    // A copy, as a database row would be: later changes to the caller's object change nothing here.
    thread.settings = structuredClone({ instruction: settings.instruction, models: settings.models, ...(settings.context ? { context: settings.context } : {}) });
    return ok(thread.settings);
  }

  /** Every message of a user's conversations (every branch), with its conversation (for the in-memory search). */
  *threadsOf(userId: string): Generator<{ readonly conversation: Conversation; readonly messages: readonly ChatMessage[] }> {
    for (const thread of this.threads.values()) {
      if (thread.conversation.userId === userId) yield { conversation: thread.conversation, messages: thread.messages.map((m) => this.view(m)) };
    }
  }

  /** The visible path, as ChatMessages (the tree's bookkeeping left out). */
  private pathOf(thread: Thread): readonly ChatMessage[] {
    return visiblePath(thread.messages).map(({ node, version }) => (version.count > 1 ? { ...this.view(node), version } : this.view(node)));
  }

  private view(stored: StoredMessage): ChatMessage {
    const { shown: _shown, order: _order, column, ...message } = stored;
    return column === null ? message : { ...message, column };
  }

  private next(): number {
    this.sequence += 1;
    return this.sequence;
  }

  private own(userId: string, conversationId: string): Thread | undefined {
    const thread = this.threads.get(conversationId);
    return thread?.conversation.userId === userId ? thread : undefined;
  }

  private touch(thread: Thread): void {
    this.sequence += 1;
    thread.touched = this.sequence;
    thread.conversation = { ...thread.conversation, updatedAt: this.clock.now().toISOString() };
  }

  private nextId(prefix: string): string {
    this.sequence += 1;
    return `${prefix}_${String(this.sequence).padStart(6, '0')}`;
  }
}
