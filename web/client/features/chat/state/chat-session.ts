import type { AttachmentRef, ChatMessage, ChatRunHandle, LiveRun as ServerLiveRun, MessageWeight } from '../../../../../core/chat/index.js';
import { NO_SETTINGS, weightOf, type ConversationSettings } from '../../../../../core/chat/index.js';
import type { Result } from '../../../../../core/shared/index.js';
import { freshAnswer, readRun } from './chat-run-reading.js';
import type { ChatSessionPorts, ChatSessionState, ContextTooLong, LiveAnswer, LiveRun, RunOutcome } from './chat-session-types.js';
import { answeredBy, columnModels, dropLast, hasSettings, lastQuestion, messagesOfRun, withoutColumn, withoutLastMerge } from './chat-session-rules.js';
import { spendingCapRefusalOf } from './spending-cap-refusal.js';
import { sendRefusalOf } from './send-refusal.js';
import { pageOfAnswer, placePage, withNewer, withOlder, type HistoryWindow, type PageAnswer } from './history-window.js';

export type { AnswerMetrics, ChatSessionPorts, ChatSessionState, LiveAnswer, LiveRun, RunOutcome } from './chat-session-types.js';

const draftKey = (conversationId: string | null) => conversationId ?? '';
const NO_PAGE = { older: null, newer: null } as const;

/** Runs `task` at the next frame (a timer where there are no frames); answers how to cancel it. */
const nextFrame = (task: () => void): (() => void) => {
  if (typeof requestAnimationFrame === 'function') {
    const id = requestAnimationFrame(task);
    return () => cancelAnimationFrame(id);
  }
  const id = setTimeout(task, 16);
  return () => clearTimeout(id);
};

/**
 * The chat on screen, kept above the routes so that nothing is lost when /chat becomes
 * /chat/{id} after a first answer: the conversation, its messages, the run streaming into it and
 * every composer draft. It is fed by the server's run (ChatClient through the use cases); it does
 * not re-enact what the server does. When a run is done, its question and answers become stored
 * messages with the ids the server gave them, so nothing is shown twice and no reload is needed.
 */
export class ChatSession {
  private state: ChatSessionState = {
    conversationId: null, messages: [], page: NO_PAGE, paging: null, weights: [], run: null, drafts: {}, metrics: {}, settings: NO_SETTINGS, votes: [],
  };
  private readonly listeners = new Set<() => void>();
  /** Stops reading the run on screen (it goes on on the server). */
  private reading: AbortController | null = null;
  /** The run on screen: its id once the server named it, and whether Stop was pressed. */
  private current: { runId: string | null; stopAsked: boolean } | null = null;
  private loading = 0;
  /**
   * Counts what changed the turns on screen since the conversation was read (a run begun, a version
   * shown): a read asked before the latest such change answers an older path and is not shown.
   */
  private turnsChanged = 0;
  /** A run the server is still answering, found while the messages held do not reach the latest turn: read once they do. */
  private waiting: { conversationId: string; run: ServerLiveRun } | null = null;
  /** The streaming run's latest state, shown at the next frame (many tokens, one render). */
  private nextRun: LiveRun | null = null;
  private cancelFrame: (() => void) | null = null;

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
    if ('run' in next) {
      // The run set outright wins over a streamed state still waiting for its frame.
      this.cancelFrame?.();
      this.cancelFrame = null;
      this.nextRun = null;
    }
    this.state = { ...this.state, ...next };
    for (const listener of this.listeners) listener();
  }

  /** The streaming run's new state, shown once per frame however many tokens arrive meanwhile. */
  private setRunSoon(run: LiveRun): void {
    this.nextRun = run;
    if (this.cancelFrame) return;
    this.cancelFrame = nextFrame(() => {
      this.cancelFrame = null;
      const next = this.nextRun;
      this.nextRun = null;
      if (next) this.set({ run: next });
    });
  }

  /** The messages held and the cursors beside them. */
  private window(): HistoryWindow {
    return { messages: this.state.messages ?? [], older: this.state.page.older, newer: this.state.page.newer };
  }

  private setWindow(window: HistoryWindow, weights: readonly MessageWeight[] | undefined, extra: Partial<ChatSessionState> = {}): void {
    this.set({ messages: window.messages, page: { older: window.older, newer: window.newer }, ...(weights ? { weights } : {}), ...extra });
    // A run found when the conversation opened elsewhere than its end is read once the latest turn is held.
    const waiting = this.waiting;
    if (waiting && window.newer === null && waiting.conversationId === this.state.conversationId && !this.streaming) {
      this.waiting = null;
      void this.attach(waiting.conversationId, waiting.run);
    }
  }

  /**
   * Shows a conversation (null: a new chat): its latest page of turns, or with `around` the page
   * around that message (a search hit; one not on the visible path opens the latest page, and reveal
   * shows its branch). The one already shown, or just started by a run, stays as it is. A run still
   * being answered (after a reload, or one left by going elsewhere) is read again from the server and
   * shown as it goes on.
   */
  open(conversationId: string | null, around: string | null = null): void {
    if (conversationId === this.state.conversationId) return;
    this.detach();
    this.loading += 1;
    this.waiting = null;
    const ticket = this.loading;
    this.set({
      conversationId, messages: conversationId === null ? [] : undefined, page: NO_PAGE, paging: null, weights: conversationId === null ? [] : undefined,
      run: null, settings: conversationId === null ? NO_SETTINGS : undefined, votes: conversationId === null ? [] : undefined,
    });
    if (conversationId === null) return;
    const shown = () => ticket === this.loading && this.state.conversationId === conversationId;
    const read = async () => {
      if (around !== null) {
        const near = await this.ports.openConversation({ conversationId, around });
        if (near.success || near.error.code !== 'not_found') return near;
      }
      return this.ports.openConversation({ conversationId });
    };
    // One request answers all the chat view draws (the page, the settings, the running run, the votes).
    // An answer without them (an older server) has them read beside it as before.
    const bundled = (o: Result<PageAnswer>) => (o.success && !Array.isArray(o.data) ? (o.data as Exclude<PageAnswer, readonly ChatMessage[]>) : null);
    void read().then(async (first) => {
      if (!shown()) return;
      if (!first.success) return void this.hooks.onLoadFailed?.();
      const whole = bundled(first);
      if (whole?.settings === undefined) this.readSettings(conversationId, shown);
      else this.set({ settings: whole.settings });
      let opened: Result<PageAnswer> = first;
      let live: Result<ServerLiveRun | null>;
      if (whole?.liveRun !== undefined) live = { success: true, data: whole.liveRun };
      else {
        live = await this.ports.findLiveChatRun({ conversationId });
        if (!shown()) return;
        // Read one after the other, so the messages may predate the end of a run the server no longer
        // calls live: a question left without its answer is read again (it may also have failed).
        const page = pageOfAnswer(first.data);
        if (page.newer === null && live.success && live.data === null && page.messages.at(-1)?.role === 'user') {
          opened = await read();
          if (!shown()) return;
        }
      }
      if (!opened.success) return void this.hooks.onLoadFailed?.();
      const latest = pageOfAnswer(opened.data);
      if (live.success && live.data && !this.streaming) this.waiting = { conversationId, run: live.data };
      this.setWindow(latest, latest.weights, whole?.votes === undefined ? {} : { votes: whole.votes });
    });
  }

  /** The settings of the conversation, read apart (from a server whose page does not carry them). */
  private readSettings(conversationId: string, shown: () => boolean): void {
    void this.ports.getConversationSettings({ conversationId }).then((read) => {
      if (!shown()) return;
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

  /** The turns before those held (the reader nears the top); nothing while they load or when there are none. */
  loadOlder(): void {
    this.loadBeside('older');
  }

  /** The turns after those held (opened around a message, the reader nears the bottom). */
  loadNewer(): void {
    this.loadBeside('newer');
  }

  /**
   * The latest page ("Jump to latest", a message sent from elsewhere than the end): held next to what
   * is held when they meet, else instead of it.
   */
  async openLatest(): Promise<void> {
    const conversationId = this.state.conversationId;
    if (!conversationId || this.streaming) return;
    const ticket = this.loading;
    const read = await this.ports.openConversation({ conversationId });
    if (!read.success || ticket !== this.loading || this.state.conversationId !== conversationId || this.streaming) return;
    const page = pageOfAnswer(read.data);
    this.setWindow(placePage(this.window(), page), page.weights, { paging: null });
  }

  private loadBeside(side: 'older' | 'newer'): void {
    const { conversationId, page, paging, messages } = this.state;
    const cursor = page[side];
    if (!conversationId || cursor === null || paging !== null || messages === undefined || (side === 'newer' && this.streaming)) return;
    const ticket = this.loading;
    this.set({ paging: side });
    void this.ports.openConversation({ conversationId, ...(side === 'older' ? { before: cursor } : { after: cursor }) }).then((read) => {
      if (ticket !== this.loading || this.state.conversationId !== conversationId) return;
      if (!read.success) {
        this.set({ paging: null });
        // The cursor is no longer on the visible path (another version was shown meanwhile): the latest page opens.
        if (read.error.code === 'not_found') void this.openLatest();
        return;
      }
      // What is held changed meanwhile (a version shown, a turn answered): the page belongs to nothing held.
      if (this.state.page[side] !== cursor) return void this.set({ paging: null });
      const next = pageOfAnswer(read.data);
      this.setWindow(side === 'older' ? withOlder(this.window(), next) : withNewer(this.window(), next), next.weights, { paging: null });
    });
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

  async send(message: string, modelIds: readonly string[], attachments: readonly AttachmentRef[] = []): Promise<RunOutcome> {
    // Sent while an earlier part of the conversation is on screen: the new turn follows the latest one.
    if (this.state.page.newer !== null && !this.streaming) await this.openLatest();
    const conversationId = this.state.conversationId;
    // A new chat's settings travel with its first message and are stored with the conversation.
    const pending = conversationId === null && this.state.settings && hasSettings(this.state.settings) ? { settings: this.state.settings } : {};
    const files = attachments.length > 0 ? { attachmentIds: attachments.map((a) => a.id) } : {};
    return this.start(
      message, modelIds, 'none',
      (signal) => this.ports.sendChatMessage({ message, modelIds, signal, ...(conversationId ? { conversationId } : {}), ...pending, ...files }),
      undefined, attachments,
    );
  }

  /** Asks `modelId` to merge the answers of the last side-by-side turn: a new column of that turn. */
  merge(modelId: string): Promise<RunOutcome> {
    const conversationId = this.state.conversationId;
    const last = lastQuestion(this.state.messages ?? []);
    if (!conversationId || !last) return Promise.resolve({ error: { code: 'validation', message: 'There are no answers to merge' } });
    const mergedFrom = answeredBy(this.state.messages ?? [], last);
    return this.start(last.content, [modelId], 'merge', (signal) => this.ports.mergeChatAnswers({ conversationId, modelId, signal }), mergedFrom);
  }

  /**
   * A new conversation from `modelId`'s summary of the one on screen: it opens as a new chat does
   * (`message` shown as its question, the summary streaming as its first answer) and its address
   * follows when the server names it. Refused: the conversation on screen comes back as it was.
   */
  async summarize(modelId: string, message: string): Promise<RunOutcome> {
    const from = this.state.conversationId;
    if (!from) return { error: { code: 'validation', message: 'There is no conversation to summarise' } };
    if (this.streaming) return { error: { code: 'conversation_busy', message: 'An answer is still being written' } };
    this.open(null);
    const outcome = await this.start(message, [modelId], 'none', (signal) => this.ports.summarizeChatConversation({ conversationId: from, modelId, message, signal }), undefined, [], { summary: true });
    if ('error' in outcome && this.state.conversationId === null) {
      if (this.draft(null) === message) this.setDraft('', null);
      this.open(from);
    }
    return outcome;
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

  /**
   * One column of the last turn again, with its model or `modelId` (a swap); the column after the
   * last adds a model to the turn. The other columns stay as they are; the answer becomes a new version.
   */
  regenerateColumn(column: number, modelId?: string): Promise<RunOutcome> {
    const conversationId = this.state.conversationId;
    const messages = this.state.messages ?? [];
    const last = lastQuestion(messages);
    if (!conversationId || !last) return Promise.resolve({ error: { code: 'validation', message: 'There is no message to answer again' } });
    const current = columnModels(messages, last).get(column);
    const model = modelId ?? current;
    if (!model) return Promise.resolve({ error: { code: 'validation', message: 'Choose the model of the column' } });
    return this.start(last.content, [model], { column }, (signal) =>
      this.ports.regenerateChatAnswers({ conversationId, column, signal, ...(modelId ? { modelId } : {}) }),
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

  /**
   * Edits any question shown: a new branch from there (the earlier one stays a version away). What
   * followed it leaves the screen while the edited question is answered.
   */
  edit(messageId: string, message: string): Promise<RunOutcome> {
    const conversationId = this.state.conversationId;
    const messages = this.state.messages ?? [];
    const at = messages.findIndex((m) => m.id === messageId && m.role === 'user');
    const question = messages[at];
    if (!conversationId || !question) return Promise.resolve({ error: { code: 'validation', message: 'There is no such message to edit' } });
    if (question === lastQuestion(messages)) return this.editLast(message);
    const asked = [...new Set(columnModels(messages, question).values())];
    return this.start(message, asked, { keep: at }, (signal) => this.ports.editChatMessage({ conversationId, messageId, message, signal }));
  }

  /** ‹ › on a message: shows its version of that number (from 1), as stored with the conversation. */
  async showVersion(messageId: string, version: number): Promise<RunOutcome> {
    const conversationId = this.state.conversationId;
    if (!conversationId) return { error: { code: 'validation', message: 'There is no conversation' } };
    if (this.streaming) return { error: { code: 'conversation_busy', message: 'An answer is still being written' } };
    const shown = await this.ports.showMessage({ conversationId, messageId, version });
    if (!shown.success) return { error: { code: shown.error.code, message: shown.error.message } };
    if (this.state.conversationId === conversationId && !this.streaming) {
      // What follows the message is the version's now; what the window held before it stays.
      const page = pageOfAnswer(shown.data);
      this.turnsChanged += 1;
      this.setWindow(placePage(this.window(), page), page.weights, { run: null });
    }
    return { conversationId };
  }

  /**
   * Opens a message wherever it is in the tree (a search hit): the page around it when it is on the
   * visible path but not held, its branch when it is in another.
   */
  async reveal(conversationId: string, messageId: string): Promise<void> {
    if (this.state.conversationId !== conversationId || this.streaming) return;
    if ((this.state.messages ?? []).some((m) => m.id === messageId)) return;
    const here = () => this.state.conversationId === conversationId && !this.streaming;
    const near = await this.ports.openConversation({ conversationId, around: messageId });
    if (!here()) return;
    if (near.success) {
      const page = pageOfAnswer(near.data);
      return this.setWindow(placePage(this.window(), page), page.weights, { paging: null });
    }
    if (near.error.code !== 'not_found') return;
    const shown = await this.ports.showMessage({ conversationId, messageId });
    if (!shown.success || !here()) return;
    const page = pageOfAnswer(shown.data);
    this.setWindow(placePage(this.window(), page), page.weights, { paging: null });
  }

  /**
   * Stops the answers, wherever the server runs them (each is saved and charged for what it
   * produced; the end arrives as the run's last events). Pressed before the server named the run,
   * the stop is sent as soon as it does.
   */
  stop(): void {
    const current = this.current;
    if (!current || current.stopAsked) return;
    current.stopAsked = true;
    if (current.runId !== null) this.askStop(current.runId);
  }

  /**
   * Stops one column's answer of the run on screen (the others go on); it is saved and charged for
   * what it wrote. Before the server named the run there is nothing to name: answers false then.
   */
  stopColumn(modelId: string): boolean {
    const current = this.current;
    if (!current || current.stopAsked || current.runId === null) return false;
    void this.ports.stopChatRun({ runId: current.runId, modelId });
    return true;
  }

  /** Stops reading the run on screen; the run itself goes on (leaving the chat, another conversation). */
  detach(): void {
    this.reading?.abort();
  }

  private askStop(runId: string): void {
    void this.ports.stopChatRun({ runId }).then((stopped) => {
      // The server cannot be asked: stop reading at least; what it saves shows with the next load.
      if (!stopped.success) this.detach();
    });
  }

  private async start(
    question: string,
    modelIds: readonly string[],
    cut: 'none' | 'answers' | 'exchange' | 'merge' | { readonly column: number } | { readonly keep: number },
    begin: (signal: AbortSignal) => Promise<Result<ChatRunHandle>>,
    mergedFrom?: readonly string[],
    attachments: readonly AttachmentRef[] = [],
    options: { readonly summary?: boolean } = {},
  ): Promise<RunOutcome> {
    if (this.streaming) return { error: { code: 'conversation_busy', message: 'An answer is still being written' } };
    const reading = new AbortController();
    const current = { runId: null as string | null, stopAsked: false };
    this.reading = reading;
    this.current = current;
    const before = this.state.messages ?? [];
    const pageBefore = this.state.page;
    const kept =
      cut === 'none' ? before
      : cut === 'merge' ? withoutLastMerge(before)
      : typeof cut === 'string' ? dropLast(before, cut)
      : 'keep' in cut ? before.slice(0, cut.keep)
      : withoutColumn(before, cut.column);
    // Older pages read while the answer streams go before what was kept.
    const readMeanwhile = () => {
      const now = this.state.messages ?? [];
      return now.length > kept.length ? now.slice(0, now.length - kept.length) : [];
    };
    const shownFrom = this.state.conversationId;
    const questionStored = cut === 'answers' || cut === 'merge' || (typeof cut === 'object' && 'column' in cut);
    const columns = typeof cut === 'object' && 'column' in cut ? { [modelIds[0] as string]: cut.column } : undefined;
    // The question's stored id, named by the run's first event (a blind turn's columns are shuffled by it).
    let questionId: string | null = null;
    // A refusal as too long names what was too long where it is not the conversation: the first question alone, the conversation to summarise, the answers to merge.
    const firstQuestion = pageBefore.older === null && (questionStored ? kept.filter((m) => m.role === 'user').length === 1 : kept.length === 0);
    const tooLong: ContextTooLong | undefined = options.summary ? 'summary' : mergedFrom ? 'merge' : firstQuestion ? 'message' : undefined;
    const untold = (a: LiveAnswer) => a.error?.code === 'context_too_long' && a.error.context === undefined;
    const sayingWhat = (answers: readonly LiveAnswer[]) =>
      tooLong === undefined || !answers.some(untold) ? answers : answers.map((a) => (untold(a) && a.error ? { ...a, error: { ...a.error, context: tooLong } } : a));
    const live = (answers: readonly LiveAnswer[], streaming: boolean): LiveRun => ({
      question, questionStored, modelIds, answers: sayingWhat(answers), streaming, ...(columns ? { columns } : {}),
      ...(mergedFrom ? { mergedFrom } : {}), ...(attachments.length > 0 ? { attachments } : {}), ...(questionId === null ? {} : { questionId }),
    });
    const sentAt = Date.now();
    this.turnsChanged += 1;
    // An earlier question edited: the new branch ends the path, nothing after it remains to read.
    this.set({ messages: kept, page: { older: pageBefore.older, newer: null }, run: live(modelIds.map(freshAnswer), true) });
    const release = () => {
      if (this.reading === reading) this.reading = null;
      if (this.current === current) this.current = null;
    };

    const started = await begin(reading.signal);
    if (!started.success) {
      // A 402 says how many credits running answers hold: the screen tells the user to wait for them.
      const held = started.error.details?.['held'];
      // A 402 of the monthly spending cap names its numbers: the screen shows them.
      const spendingCap = spendingCapRefusalOf(started.error.details);
      // A refusal its details explain (images a model cannot read, a model that needs a plan) is said in the reader's language.
      const refusal = sendRefusalOf(started.error.code, started.error.details);
      const error = {
        code: started.error.code, message: started.error.message, ...(typeof held === 'number' && held > 0 ? { held } : {}), ...(spendingCap ? { spendingCap } : {}),
        ...(refusal ? { refusal } : {}),
      };
      if (this.state.conversationId === shownFrom) {
        // Nothing was stored: the question goes back to the composer, the view to what it was.
        this.set({
          messages: [...readMeanwhile(), ...before], page: { older: this.state.page.older, newer: pageBefore.newer },
          run: live(modelIds.map((modelId) => ({ ...freshAnswer(modelId), streaming: false, error })), false),
        });
        if (!questionStored && this.draft().trim() === '') this.setDraft(question);
      }
      release();
      return { error };
    }
    const run = started.data;
    current.runId = run.runId;
    questionId = run.userMessageId;
    if (current.stopAsked) this.askStop(run.runId);
    // The run on screen knows its question's id before any word of an answer is shown.
    const named = this.state.run ? { run: live(this.state.run.answers, true) } : {};
    if (shownFrom === null && this.state.conversationId === null) {
      // The server named the new chat: the draft and the run move with it, nothing is reloaded.
      const drafts = { ...this.state.drafts, [run.conversationId]: this.draft(null) };
      delete drafts[''];
      this.set({ conversationId: run.conversationId, drafts, ...named });
      this.hooks.onConversationStarted?.(run.conversationId);
    } else if (this.state.conversationId === run.conversationId && 'run' in named) this.set(named);
    const onScreen = () => this.state.conversationId === run.conversationId;
    let read: Awaited<ReturnType<typeof readRun>>;
    try {
      read = await readRun(run, this.state.run?.answers ?? [], sentAt, (answers) => onScreen() && this.setRunSoon(live(answers, true)));
    } finally {
      release();
    }
    const { answers, done } = read;
    if (!onScreen()) return { conversationId: run.conversationId };

    const { questionMessage, answerMessages, metrics } = messagesOfRun(run, question, answers, done, this.state.metrics, mergedFrom, attachments);
    const base = [...readMeanwhile(), ...(questionStored ? kept : [...kept, questionMessage])];
    if (done) {
      // An answer that failed stays on screen with its explanation; the saved ones are messages now.
      const failed = answers.filter((a) => a.error !== null);
      const added = cut === 'none' && this.state.weights ? { weights: [...this.state.weights, ...[questionMessage, ...answerMessages].map(weightOf)] } : {};
      this.set({ messages: [...base, ...answerMessages], run: failed.length > 0 ? live(failed, false) : null, metrics, ...added });
      // The stored path says which versions there are now, and what every message weighs.
      if (failed.length === 0) this.refresh(run.conversationId);
    } else {
      // Cut off: the server saves the answers as they end; show them as they were meanwhile.
      this.set({ messages: base, run: live(answers.filter((a) => a.content !== '' || a.error !== null), false) });
      this.refresh(run.conversationId);
    }
    return { conversationId: run.conversationId };
  }

  /**
   * Shows a run the server is still answering (found when the conversation opened) and reads it
   * from its first event: after a reload the page has none of it. At its end the conversation is
   * read again, so the answers show as stored.
   */
  private async attach(conversationId: string, found: ServerLiveRun): Promise<void> {
    const reading = new AbortController();
    const current = { runId: found.runId as string | null, stopAsked: false };
    this.reading = reading;
    this.current = current;
    const messages = this.state.messages ?? [];
    const asked = messages.findIndex((m) => m.id === found.userMessageId);
    const question = messages[asked]?.content ?? '';
    const live = (answers: readonly LiveAnswer[], streaming: boolean): LiveRun => ({
      question, questionStored: true, questionId: found.userMessageId, modelIds: found.modelIds, answers, streaming,
    });
    // Answers of the run already stored (it may have ended since it was found) are read again from
    // its first event with the rest: shown once, as the run, until the stored conversation is read.
    this.turnsChanged += 1;
    this.set({ messages: asked < 0 ? messages : messages.slice(0, asked + 1), run: live(found.modelIds.map(freshAnswer), true) });
    const onScreen = () => this.state.conversationId === conversationId;
    try {
      const resumed = await this.ports.resumeChatRun({ runId: found.runId, signal: reading.signal });
      if (!resumed.success) {
        if (onScreen()) {
          this.set({ run: null });
          this.refresh(conversationId);
        }
        return;
      }
      const { answers } = await readRun(resumed.data, [], Date.now(), (answers) => onScreen() && this.setRunSoon(live(answers, true)));
      if (onScreen()) {
        this.set({ run: live(answers.filter((a) => a.content !== '' || a.error !== null), false) });
        this.refresh(conversationId);
      }
    } finally {
      if (this.reading === reading) this.reading = null;
      if (this.current === current) this.current = null;
    }
  }

  /**
   * Reads the latest page again, held after the older pages already read; the answers on screen stay
   * until the stored ones are there.
   */
  private refresh(conversationId: string, attempt = 0, asked = this.turnsChanged): void {
    // Shown at the next frame: reading the answer (a page and the weights of a long path) and drawing
    // it are two tasks, so the end of an answer holds up no frame for long.
    void this.ports.openConversation({ conversationId }).then((opened) => new Promise<typeof opened>((resolve) => nextFrame(() => resolve(opened)))).then((opened) => {
      // Another run began (or a version was shown) since it was asked: what it read is older than the
      // screen, and that change reads the conversation again itself when it ends.
      if (!opened.success || this.state.conversationId !== conversationId || this.streaming || this.turnsChanged !== asked) return;
      const page = pageOfAnswer(opened.data);
      const answered = page.messages.at(-1)?.role === 'assistant';
      const shown = this.state.run?.answers.some((a) => a.content !== '') === true;
      if (answered || !shown) this.setWindow(placePage(this.window(), page), page.weights, { run: null });
      else if (attempt < 5) setTimeout(() => this.refresh(conversationId, attempt + 1, asked), 200 * (attempt + 1));
    });
  }
}
