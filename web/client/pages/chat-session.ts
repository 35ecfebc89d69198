import type { AttachmentRef } from '../../../core/domain/attachments.js';
import type { ChatMessage } from '../../../core/domain/chat.js';
import { NO_SETTINGS, type ConversationSettings } from '../../../core/domain/conversation-settings.js';
import type { ChatRunEvent, ChatRunHandle } from '../../../core/ports/chat-client.js';
import type { Result } from '../../../core/shared/result.js';
import { answeredBy, applyEvent, dropLast, hasSettings, lastQuestion, NO_METRICS, withoutLastMerge } from './chat-session-rules.js';

/** How one answer went: shown under each answer of this session (a reopened one shows its tokens). */
export interface AnswerMetrics {
  /** From sending to the first word, in ms. */
  readonly firstTokenMs: number | null;
  /** From sending to the end, in ms. */
  readonly durationMs: number | null;
  readonly tokens: number | null;
  readonly credits: number | null;
}

/** One model's answer while a run streams. */
export interface LiveAnswer {
  readonly modelId: string;
  readonly content: string;
  readonly streaming: boolean;
  readonly error: { readonly code: string; readonly message?: string } | null;
  readonly metrics: AnswerMetrics;
}

/** The run on screen: the question it answers (shown at once) and each model's answer so far. */
export interface LiveRun {
  readonly question: string;
  /** Whether the question is already among the stored messages (a regenerate asks it again, a merge answers it once more). */
  readonly questionStored: boolean;
  /** A merge: the models whose answers the run's answer merges (a new column of the last turn). */
  readonly mergedFrom?: readonly string[];
  /** The files sent with the question. */
  readonly attachments?: readonly AttachmentRef[];
  readonly modelIds: readonly string[];
  readonly answers: readonly LiveAnswer[];
  readonly streaming: boolean;
}

export interface ChatSessionState {
  /** The conversation shown; null for a new chat (until the server names it). */
  readonly conversationId: string | null;
  /** Its stored messages, oldest first; undefined while they load. */
  readonly messages: readonly ChatMessage[] | undefined;
  readonly run: LiveRun | null;
  /** What the composer holds, per conversation ('' key: the new chat). */
  readonly drafts: Readonly<Record<string, string>>;
  /** How the answers of this session went, by saved message id. */
  readonly metrics: Readonly<Record<string, AnswerMetrics>>;
  /** The conversation's instruction and model settings (a new chat's go with its first message); undefined while they load. */
  readonly settings: ConversationSettings | undefined;
}

export interface ChatSessionPorts {
  openConversation(input: { conversationId: string }): Promise<Result<{ messages: readonly ChatMessage[] }>>;
  regenerateChatAnswers(input: { conversationId: string; modelIds?: readonly string[]; signal?: AbortSignal }): Promise<Result<ChatRunHandle>>;
  editChatMessage(input: { conversationId: string; message: string; modelIds?: readonly string[]; signal?: AbortSignal }): Promise<Result<ChatRunHandle>>;
  mergeChatAnswers(input: { conversationId: string; modelId: string; signal?: AbortSignal }): Promise<Result<ChatRunHandle>>;
  getConversationSettings(input: { conversationId: string }): Promise<Result<ConversationSettings>>;
  saveConversationSettings(input: { conversationId: string; settings: ConversationSettings }): Promise<Result<ConversationSettings>>;
  sendChatMessage(input: {
    conversationId?: string; message: string; modelIds: readonly string[]; settings?: ConversationSettings; attachmentIds?: readonly string[]; signal?: AbortSignal;
  }): Promise<Result<ChatRunHandle>>;
}

export type RunOutcome = { readonly conversationId: string } | { readonly error: { readonly code: string; readonly message: string } };

const draftKey = (conversationId: string | null) => conversationId ?? '';

/**
 * The chat on screen, kept above the routes so that nothing is lost when /chat becomes
 * /chat/{id} after a first answer: the conversation, its messages, the run streaming into it and
 * every composer draft. It is fed by the server's run (ChatClient through the use cases); it does
 * not re-enact what the server does. When a run is done, its question and answers become stored
 * messages with the ids the server gave them, so nothing is shown twice and no reload is needed.
 */
export class ChatSession {
  private state: ChatSessionState = { conversationId: null, messages: [], run: null, drafts: {}, metrics: {}, settings: NO_SETTINGS };
  private readonly listeners = new Set<() => void>();
  private abort: AbortController | null = null;
  private loading = 0;

  constructor(
    private readonly ports: ChatSessionPorts,
    private readonly hooks: { onConversationStarted?: (conversationId: string) => void; onLoadFailed?: () => void } = {},
  ) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly snapshot = (): ChatSessionState => this.state;

  private set(next: Partial<ChatSessionState>): void {
    this.state = { ...this.state, ...next };
    for (const listener of this.listeners) listener();
  }

  /** Shows a conversation (null: a new chat). The one already shown, or just started by a run, stays as it is. */
  open(conversationId: string | null): void {
    if (conversationId === this.state.conversationId) return;
    this.stop();
    this.loading += 1;
    const ticket = this.loading;
    this.set({ conversationId, messages: conversationId === null ? [] : undefined, run: null, settings: conversationId === null ? NO_SETTINGS : undefined });
    if (conversationId === null) return;
    void this.ports.openConversation({ conversationId }).then((opened) => {
      if (ticket !== this.loading || this.state.conversationId !== conversationId) return;
      if (opened.success) this.set({ messages: opened.data.messages });
      else this.hooks.onLoadFailed?.();
    });
    void this.ports.getConversationSettings({ conversationId }).then((read) => {
      if (ticket !== this.loading || this.state.conversationId !== conversationId) return;
      // Unreadable settings show as none; the server still applies the stored ones.
      this.set({ settings: read.success ? read.data : NO_SETTINGS });
    });
  }

  /**
   * Saves the settings of the conversation on screen; a new chat keeps them until its first
   * message takes them along. Answers the error when the server refused them.
   */
  async saveSettings(settings: ConversationSettings): Promise<{ readonly error: { readonly code: string; readonly message: string } } | null> {
    const conversationId = this.state.conversationId;
    if (conversationId === null) {
      this.set({ settings });
      return null;
    }
    const saved = await this.ports.saveConversationSettings({ conversationId, settings });
    if (!saved.success) return { error: { code: saved.error.code, message: saved.error.message } };
    if (this.state.conversationId === conversationId) this.set({ settings: saved.data });
    return null;
  }

  draft(conversationId: string | null = this.state.conversationId): string {
    return this.state.drafts[draftKey(conversationId)] ?? '';
  }

  setDraft(text: string, conversationId: string | null = this.state.conversationId): void {
    this.set({ drafts: { ...this.state.drafts, [draftKey(conversationId)]: text } });
  }

  /** Adds text to the end of the draft (a quoted selection), on a line of its own. */
  appendToDraft(text: string): void {
    const current = this.draft();
    this.setDraft(current.trim() === '' ? text : `${current.replace(/\s+$/, '')}\n\n${text}`);
  }

  get streaming(): boolean {
    return this.state.run?.streaming === true;
  }

  send(message: string, modelIds: readonly string[], attachments: readonly AttachmentRef[] = []): Promise<RunOutcome> {
    const conversationId = this.state.conversationId;
    // A new chat's settings travel with its first message and are stored with the conversation.
    const pending = conversationId === null && this.state.settings && hasSettings(this.state.settings) ? { settings: this.state.settings } : {};
    const files = attachments.length > 0 ? { attachmentIds: attachments.map((a) => a.id) } : {};
    return this.start(message, modelIds, 'none', (signal) =>
      this.ports.sendChatMessage({ message, modelIds, signal, ...(conversationId ? { conversationId } : {}), ...pending, ...files }),
    undefined, attachments);
  }

  /** Asks `modelId` to merge the answers of the last side-by-side turn: a new column of that turn. */
  merge(modelId: string): Promise<RunOutcome> {
    const conversationId = this.state.conversationId;
    const last = lastQuestion(this.state.messages ?? []);
    if (!conversationId || !last) return Promise.resolve({ error: { code: 'validation', message: 'There are no answers to merge' } });
    const mergedFrom = answeredBy(this.state.messages ?? [], last);
    return this.start(last.content, [modelId], 'merge', (signal) => this.ports.mergeChatAnswers({ conversationId, modelId, signal }), mergedFrom);
  }

  regenerate(modelIds?: readonly string[]): Promise<RunOutcome> {
    const conversationId = this.state.conversationId;
    const last = lastQuestion(this.state.messages ?? []);
    if (!conversationId || !last) return Promise.resolve({ error: { code: 'validation', message: 'There is no message to answer again' } });
    const asked = modelIds ?? answeredBy(this.state.messages ?? [], last);
    return this.start(last.content, asked, 'answers', (signal) =>
      this.ports.regenerateChatAnswers({ conversationId, signal, ...(modelIds ? { modelIds } : {}) }),
    );
  }

  editLast(message: string, modelIds?: readonly string[]): Promise<RunOutcome> {
    const conversationId = this.state.conversationId;
    const last = lastQuestion(this.state.messages ?? []);
    if (!conversationId || !last) return Promise.resolve({ error: { code: 'validation', message: 'There is no message to edit' } });
    const asked = modelIds ?? answeredBy(this.state.messages ?? [], last);
    return this.start(message, asked, 'exchange', (signal) =>
      this.ports.editChatMessage({ conversationId, message, signal, ...(modelIds ? { modelIds } : {}) }),
    );
  }

  /** Stops the answers (the server charges what they produced). */
  stop(): void {
    this.abort?.abort();
  }

  private async start(
    question: string,
    modelIds: readonly string[],
    cut: 'none' | 'answers' | 'exchange' | 'merge',
    begin: (signal: AbortSignal) => Promise<Result<ChatRunHandle>>,
    mergedFrom?: readonly string[],
    attachments: readonly AttachmentRef[] = [],
  ): Promise<RunOutcome> {
    if (this.streaming) return { error: { code: 'conversation_busy', message: 'An answer is still being written' } };
    const controller = new AbortController();
    this.abort = controller;
    const before = this.state.messages ?? [];
    // A merge replaces the turn's earlier merge; the server does the same.
    const kept = cut === 'none' ? before : cut === 'merge' ? withoutLastMerge(before) : dropLast(before, cut);
    const shownFrom = this.state.conversationId;
    const questionStored = cut === 'answers' || cut === 'merge';
    const live = (answers: readonly LiveAnswer[], streaming: boolean): LiveRun => ({
      question, questionStored, modelIds, answers, streaming, ...(mergedFrom ? { mergedFrom } : {}), ...(attachments.length > 0 ? { attachments } : {}),
    });
    const sentAt = Date.now();
    const fresh = (modelId: string): LiveAnswer => ({ modelId, content: '', streaming: true, error: null, metrics: NO_METRICS });
    let answers: readonly LiveAnswer[] = modelIds.map(fresh);
    this.set({ messages: kept, run: live(answers, true) });

    const started = await begin(controller.signal);
    if (!started.success) {
      const error = { code: started.error.code, message: started.error.message };
      if (this.state.conversationId === shownFrom) {
        // Nothing was stored: the question goes back to the composer, the view to what it was.
        this.set({ messages: before, run: live(modelIds.map((modelId) => ({ ...fresh(modelId), streaming: false, error })), false) });
        if (!questionStored && this.draft().trim() === '') this.setDraft(question);
      }
      if (this.abort === controller) this.abort = null;
      return { error };
    }
    const run = started.data;
    if (shownFrom === null && this.state.conversationId === null) {
      // The server named the new chat: the draft and the run move with it, nothing is reloaded.
      const drafts = { ...this.state.drafts, [run.conversationId]: this.draft(null) };
      delete drafts[''];
      this.set({ conversationId: run.conversationId, drafts });
      this.hooks.onConversationStarted?.(run.conversationId);
    }
    answers = run.modelIds.map((modelId) => answers.find((a) => a.modelId === modelId) ?? fresh(modelId));
    let done: Extract<ChatRunEvent, { type: 'done' }> | null = null;
    try {
      for await (const event of run.events) {
        if (event.type === 'done') done = event;
        else answers = applyEvent(answers, event, Date.now() - sentAt);
        if (this.state.conversationId === run.conversationId) this.set({ run: live(answers, true) });
      }
    } finally {
      if (this.abort === controller) this.abort = null;
    }
    answers = answers.map((a) => ({ ...a, streaming: false }));
    if (this.state.conversationId !== run.conversationId) return { conversationId: run.conversationId };

    // The run becomes stored messages: the question and every saved answer, with the server's ids.
    const now = new Date().toISOString();
    const questionMessage: ChatMessage = {
      id: run.userMessageId, conversationId: run.conversationId, role: 'user', content: question,
      modelId: run.modelIds.length === 1 ? (run.modelIds[0] as string) : null, modelIds: run.modelIds,
      ...(attachments.length > 0 ? { attachments } : {}),
      inputTokens: null, outputTokens: null, createdAt: now,
    };
    const saved = done?.answers ?? [];
    const answerMessages: ChatMessage[] = [];
    const metrics = { ...this.state.metrics };
    for (const answer of answers) {
      const messageId = saved.find((s) => s.modelId === answer.modelId)?.messageId;
      if (messageId) metrics[messageId] = answer.metrics;
      if (messageId && answer.content !== '') {
        answerMessages.push({
          id: messageId, conversationId: run.conversationId, role: 'assistant', content: answer.content, modelId: answer.modelId,
          ...(mergedFrom ? { mergedFrom } : {}), inputTokens: null, outputTokens: null, createdAt: now,
        });
      }
    }
    const base = questionStored ? kept : [...kept, questionMessage];
    if (done) {
      // An answer that failed stays on screen with its explanation; the saved ones are messages now.
      const failed = answers.filter((a) => a.error !== null);
      this.set({ messages: [...base, ...answerMessages], run: failed.length > 0 ? live(failed, false) : null, metrics });
    } else {
      // Stopped or cut off: the server saves what was shown in the background; show it as it ended meanwhile.
      this.set({ messages: base, run: live(answers.filter((a) => a.content !== '' || a.error !== null), false) });
      this.refresh(run.conversationId);
    }
    return { conversationId: run.conversationId };
  }

  /** Reads the stored conversation again; the answers on screen stay until the stored ones are there. */
  private refresh(conversationId: string, attempt = 0): void {
    void this.ports.openConversation({ conversationId }).then((opened) => {
      if (!opened.success || this.state.conversationId !== conversationId || this.streaming) return;
      const stored = opened.data.messages;
      const answered = stored.at(-1)?.role === 'assistant';
      const shown = this.state.run?.answers.some((a) => a.content !== '') === true;
      if (answered || !shown) this.set({ messages: stored, run: null });
      else if (attempt < 5) setTimeout(() => this.refresh(conversationId, attempt + 1), 200 * (attempt + 1));
    });
  }
}
