import { forwardRef, memo, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type HTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import type { ModelInfo } from '../../../../../core/chat/index.js';
import { EmptyState } from '../../../ui/empty-state.js';
import { ArrowDownIcon, ChatIcon, ColumnsIcon, MoreIcon } from '../../../ui/icons.js';
import { MenuButton, type MenuItem } from '../../../ui/menu-button.js';
import { Skeleton } from '../../../ui/spinner.js';
import { useTitle } from '../../../ui/use-title.js';
import { AnswerColumns } from './answer-columns.js';
import { LIVE_TURN_ID, storedQuestionIdOf, type TurnView } from './chat-types.js';
import type { ComposerFileView } from './attachment-views.js';
import { Composer, type ComposerCost } from './composer.js';
import { MessageItem } from './message-item.js';
import { ModelPicker } from './model-picker.js';
import { SelectionPopover, type SelectionSource } from './selection-popover.js';
import { MergeBar } from './merge-bar.js';
import { useBlindNames } from '../hooks/use-blind-compare.js';
import { ShortcutsDialog } from './shortcuts-dialog.js';
import { useStickToBottom } from './stick-to-bottom.js';
import './chat.css';

export interface ChatViewProps {
  /** undefined while the conversation loads. */
  turns: readonly TurnView[] | undefined;
  models: readonly ModelInfo[];
  /** The models the next message goes to, in order. */
  selected: readonly string[];
  /** Whether the models are still being read or could not be read (absent: they were read). */
  modelsStatus?: 'loading' | 'ready' | 'failed' | undefined;
  onSelectedChange: (modelIds: string[]) => void;
  /** Several models at once (side by side) or one. */
  compare: boolean;
  onCompareChange: (compare: boolean) => void;
  subscribed: boolean;
  streaming: boolean;
  draft: string;
  onDraftChange: (text: string) => void;
  onSend: (text: string) => void;
  onStop: () => void;
  onRegenerate: () => void;
  /** The last question edited in place (↑ in an empty composer opens it). */
  onEditLast: (text: string) => void;
  /** An earlier question edited: a new branch from there. Absent: only the last question can be edited. */
  onEdit?: ((messageId: string, text: string) => void) | undefined;
  /** ‹ 2/3 ›: shows another version of a question or an answer. */
  onShowVersion?: ((messageId: string, version: number) => void) | undefined;
  /** While a side-by-side turn is answered: stops one column, the others go on. */
  onStopColumn?: ((modelId: string) => void) | undefined;
  /** One column of the last side-by-side turn again, with its model or another (a swap). */
  onRegenerateColumn?: ((column: number, modelId?: string) => void) | undefined;
  /** `messageId`: the question of the turn it was chosen in. */
  onContinueWith: (modelId: string, messageId?: string) => void;
  /** Blind compare: side-by-side names hidden until a vote (absent: no toggle, names shown). */
  blind?: boolean | undefined;
  onBlindChange?: ((blind: boolean) => void) | undefined;
  /** The model voted best in each turn, by the turn's question id. */
  votes?: ReadonlyMap<string, string> | undefined;
  /** Votes for the best answer of a side-by-side turn. */
  onVote?: ((messageId: string, modelId: string) => void) | undefined;
  /**
   * Text selected in an answer, copied or quoted into the composer, with the model that wrote it;
   * `hiddenLabel`: what a blind column is called ("Model A") while its model's name is hidden.
   */
  onCopySelection: (modelId: string, text: string, hiddenLabel: string | null) => void;
  onAddSelectionToChat: (modelId: string, text: string, hiddenLabel: string | null) => void;
  /** Export of the conversation on screen; absent for a new chat. */
  onExport?: ((format: 'md' | 'json') => void) | undefined;
  /** Opens the share dialog of the conversation on screen; absent for a new chat. */
  onShare?: (() => void) | undefined;
  /** The conversation's system instruction ('' for none), shown in the header; undefined while it loads. */
  instruction?: string | undefined;
  /** Opens the instruction and model settings. */
  onOpenSettings?: (() => void) | undefined;
  /** The models that may merge the last side-by-side turn's answers (the usable ones). */
  mergeModels?: readonly ModelInfo[] | undefined;
  onMerge?: ((modelId: string) => void) | undefined;
  /** A message to bring into view and mark (a search hit); `at` changes for each jump. */
  focus?: { readonly messageId: string; readonly at: number } | null | undefined;
  /** The composer's files, and why the message cannot be sent as it is (see Composer). */
  files?: readonly ComposerFileView[] | undefined;
  onAddFiles?: ((files: File[]) => void) | undefined;
  onRemoveFile?: ((key: string) => void) | undefined;
  blockedReason?: string | null | undefined;
  /** What the next message holds of the balance (see Composer). */
  cost?: ComposerCost | null | undefined;
  /** Whether the turns shown end with the conversation's latest (absent: they do); only the latest turn offers its actions. */
  atLatest?: boolean | undefined;
  /** Reads the turns before those shown (the reader nears the top); absent when there are none. */
  onLoadOlder?: (() => void) | undefined;
  /** Reads the turns after those shown (opened around a search hit); absent when they end with the latest. */
  onLoadNewer?: (() => void) | undefined;
  /** Brings the latest turns when those shown do not reach them ("Jump to latest"). */
  onJumpToLatest?: (() => Promise<void> | void) | undefined;
  /** Which side is being read, if any. */
  paging?: 'older' | 'newer' | null | undefined;
  /** A note shown above the composer (a long conversation's offer to go on from a summary). */
  composerNotice?: ReactNode;
  /** The conversation's title, shown in the header (absent: a new chat). */
  title?: string | undefined;
}

const typingInto = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** Where Virtuoso numbers the first turn held: it goes down by as many turns as an older page puts before it. */
const FIRST_INDEX = 1_000_000;

/** Whether the turn holds the message. */
const holds = (turn: TurnView, messageId: string) => turn.question?.id === messageId || turn.answers.some((a) => a.id === messageId);

/**
 * Virtuoso's number of the first turn, kept so that turns put before those shown (an older page) do
 * not move what the reader sees; a list that does not meet the one before (another conversation, the
 * latest page far from an opened search hit) starts a new list (`generation`).
 */
function useTurnNumbering(turns: readonly TurnView[] | undefined): { firstItemIndex: number; generation: number } {
  const previous = useRef<{ turns: readonly TurnView[] | undefined; firstItemIndex: number; generation: number }>({ turns: undefined, firstItemIndex: FIRST_INDEX, generation: 0 });
  const numbering = useMemo(() => {
    const before = previous.current;
    if (!turns || turns.length === 0 || !before.turns || before.turns.length === 0) return { firstItemIndex: FIRST_INDEX, generation: before.generation + (turns && turns.length > 0 ? 1 : 0) };
    const oldFirst = (before.turns[0] as TurnView).id;
    const at = turns.findIndex((turn) => turn.id === oldFirst);
    if (at >= 0) return { firstItemIndex: before.firstItemIndex - at, generation: before.generation };
    // The first turn is no longer held: the list still meets the one before when its own first turn was held (a page placed after older ones).
    const newFirst = (turns[0] as TurnView).id;
    const was = before.turns.findIndex((turn) => turn.id === newFirst);
    if (was >= 0) return { firstItemIndex: before.firstItemIndex + was, generation: before.generation };
    // A new chat's first turn, answered: the turn shown while it ran becomes the stored one in place
    // (a new list would be drawn empty for a few frames).
    if (before.turns.length === 1 && oldFirst === LIVE_TURN_ID && turns.length === 1) return { firstItemIndex: before.firstItemIndex, generation: before.generation };
    return { firstItemIndex: FIRST_INDEX, generation: before.generation + 1 };
  }, [turns]);
  useEffect(() => {
    previous.current = { turns, ...numbering };
  }, [turns, numbering]);
  return numbering;
}

/** The latest of a value, for callbacks that must stay the same function across renders. */
function useLatest<T>(value: T) {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}

/** What a turn can do, as functions that stay the same while the props behind them change (see TurnItem's memo). */
interface TurnActions {
  editLast(text: string): void;
  edit(messageId: string, text: string): void;
  showVersion(messageId: string, version: number): void;
  stopColumn(modelId: string): void;
  regenerateColumn(column: number, modelId?: string): void;
  regenerate(): void;
  merge(modelId: string): void;
  continueWith(modelId: string, messageId?: string): void;
  vote(messageId: string, modelId: string): void;
}

/** Which of the optional actions the chat offers (each absent prop takes its controls away). */
interface TurnOffers {
  readonly edit: boolean;
  readonly showVersion: boolean;
  readonly stopColumn: boolean;
  readonly regenerateColumn: boolean;
  readonly merge: boolean;
  readonly vote: boolean;
}

interface TurnItemProps {
  readonly turn: TurnView;
  /** The conversation's latest turn (its actions: regenerate, columns, merge, continue). */
  readonly last: boolean;
  readonly streaming: boolean;
  readonly actions: TurnActions;
  readonly offers: TurnOffers;
  readonly labelOf: (id: string | null) => string | null;
  readonly blind: boolean;
  readonly votedModelId: string | null;
  /** The latest turn only: ↑ in an empty composer. */
  readonly editRequest: number | undefined;
  /** The latest turn only: the models a column may be given or a merge asked of. */
  readonly mergeModels: readonly ModelInfo[] | undefined;
}

/** One turn of the list: its question, then its answer or its columns (with the latest turn's actions). Drawn again only when its own props change. */
const TurnItem = memo(function TurnItem({ turn, last, streaming, actions, offers, labelOf, blind, votedModelId, editRequest, mergeModels }: TurnItemProps) {
  const { t } = useTranslation();
  const showVersionOf = (messageId: string) => (streaming || !offers.showVersion ? undefined : (version: number) => actions.showVersion(messageId, version));
  const questionId = turn.question?.id;
  const question = turn.question ? (
    <MessageItem key={turn.question.drawKey ?? turn.question.id} message={turn.question} modelLabel={null}
      onEdit={streaming ? undefined : last ? actions.editLast : offers.edit ? (text) => actions.edit(questionId as string, text) : undefined}
      onShowVersion={showVersionOf(turn.question.id)} editRequest={last ? editRequest : undefined} />
  ) : null;
  if (turn.columns) {
    return (
      <>
        {question}
        <AnswerColumns key={`${turn.id}-columns`} answers={turn.answers} labelOf={labelOf}
          onShowVersion={streaming || !offers.showVersion ? undefined : actions.showVersion}
          onStopColumn={last && streaming && offers.stopColumn && turn.answers.filter((a) => a.streaming).length > 1 ? actions.stopColumn : undefined}
          columnControl={last && !streaming && offers.regenerateColumn ? {
            onRegenerate: (column) => actions.regenerateColumn(column),
            onSwap: (column, modelId) => actions.regenerateColumn(column, modelId),
            models: (mergeModels ?? []).map((m) => ({ id: m.id, label: m.label })),
          } : undefined}
          onContinueWith={last && !streaming ? (modelId) => actions.continueWith(modelId, questionId) : undefined}
          voting={questionId ? {
            blind, seed: storedQuestionIdOf(turn), votedModelId,
            onVote: offers.vote && !(last && streaming) && turn.answers.filter((a) => !a.mergedFrom).length >= 2
              ? (modelId: string) => actions.vote(questionId, modelId) : undefined,
          } : undefined} />
        {last && !streaming && turn.answers.length > 0 ? (
          <li key={`${turn.id}-again`} className="turn-actions">
            {offers.merge && mergeModels && turn.answers.filter((a) => !a.mergedFrom && a.content !== '').length >= 2 ? (
              <MergeBar models={mergeModels} answeredBy={turn.answers.flatMap((a) => (a.modelId && !a.mergedFrom ? [a.modelId] : []))}
                mergedBy={turn.answers.find((a) => a.mergedFrom)?.modelId} onMerge={actions.merge} />
            ) : null}
            <button type="button" className="message__action" onClick={actions.regenerate}>{t('chat.regenerateAll')}</button>
          </li>
        ) : null}
      </>
    );
  }
  return (
    <>
      {question}
      {turn.answers.map((answer, i) => (
        <MessageItem key={answer.drawKey ?? answer.id} message={answer} modelLabel={labelOf(answer.modelId)} onShowVersion={showVersionOf(answer.id)}
          onRegenerate={last && i === turn.answers.length - 1 && !streaming ? actions.regenerate : undefined} />
      ))}
    </>
  );
});

/** The list's parts as Virtuoso draws them: an ordered list of turns, each turn a list item holding its messages. */
const TurnList = forwardRef<HTMLOListElement, HTMLAttributes<HTMLOListElement> & { context?: unknown }>(function TurnList({ className, context: _context, ...props }, ref) {
  const { t } = useTranslation();
  const classes = ['chat-view__messages', 'chat-view__messages--windowed', className].filter(Boolean).join(' ');
  return <ol {...props} ref={ref} className={classes} aria-label={t('chat.messages')} />;
});
const TurnRow = forwardRef<HTMLLIElement, HTMLAttributes<HTMLLIElement> & { item?: unknown; context?: unknown }>(function TurnRow({ children, item: _item, context: _context, ...props }, ref) {
  return (
    <li {...props} ref={ref} className="chat-turn">
      <ol className="chat-turn__messages">{children}</ol>
    </li>
  );
});
const ListScroller = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(function ListScroller(props, ref) {
  // The list takes the keyboard's focus, so the arrow keys and Page Up/Down scroll it.
  return <div {...props} ref={ref} tabIndex={0} />;
});
function ListHeader({ context }: { context?: { paging: 'older' | 'newer' | null | undefined } }) {
  const { t } = useTranslation();
  return <div className="chat-view__list-edge">{context?.paging === 'older' ? <span className="chat-view__paging" role="status">{t('chat.loadingOlder')}</span> : null}</div>;
}
function ListFooter({ context }: { context?: { paging: 'older' | 'newer' | null | undefined } }) {
  const { t } = useTranslation();
  return <div className="chat-view__list-edge chat-view__list-edge--end">{context?.paging === 'newer' ? <span className="chat-view__paging" role="status">{t('chat.loadingNewer')}</span> : null}</div>;
}
const LIST_COMPONENTS = { List: TurnList, Item: TurnRow, Scroller: ListScroller, Header: ListHeader, Footer: ListFooter };

/**
 * The chat: the turns of the conversation held so far (side-by-side turns as columns), drawn only
 * near the viewport, the answer streaming into the last one, and the composer. It opens at the end of
 * the latest answer and follows it while the reader stays at the bottom; older turns are read as the
 * reader nears the top, without moving what they see. Text selected in any answer can be copied or
 * quoted into the composer, tied to the model that wrote it.
 */
export function ChatView(props: ChatViewProps) {
  const { t } = useTranslation();
  const { turns, models, streaming, compare, selected } = props;
  const atLatest = props.atLatest !== false;
  // The conversation's title once it has one; a new chat is named by what it is.
  const heading = props.title === undefined ? (compare ? t('sidebar.allModels') : t('sidebar.newChat')) : props.title.trim() || t('sidebar.untitled');
  useTitle(props.title === undefined ? (compare ? t('sidebar.allModels') : t('chat.heading')) : heading);
  const area = useRef<HTMLDivElement>(null);
  const list = useRef<VirtuosoHandle>(null);
  const { firstItemIndex, generation } = useTurnNumbering(turns);
  const [atBottom, setAtBottom] = useState(true);
  const lastTurn = turns?.at(-1);

  // A jump to a message (a search hit): its turn is scrolled to, then the message is marked.
  const focusId = props.focus?.messageId ?? null;
  const focusAt = props.focus?.at;
  const found = useRef<string | null>(null);
  const focusIndex = focusId === null || !turns ? -1 : turns.findIndex((turn) => holds(turn, focusId));
  // The list keeps to its end as the latest turns grow (an answer written, its figures shown) until the
  // reader scrolls up; a list opened at a search hit does not.
  const follower = useStickToBottom(atLatest, focusIndex < 0);
  const { stick, isStuck } = follower;
  // Each new list (another conversation) starts at its end, or at the message it opened at.
  const opensAtFocus = useRef(focusIndex >= 0);
  opensAtFocus.current = focusIndex >= 0;
  useEffect(() => {
    if (generation > 0) stick(!opensAtFocus.current);
  }, [generation, stick]);
  useEffect(() => {
    if (focusId === null || focusIndex < 0 || found.current === `${focusId}@${focusAt}`) return;
    found.current = `${focusId}@${focusAt}`;
    stick(false);
    list.current?.scrollToIndex({ index: focusIndex, align: 'start' });
    let frames = 0;
    let frame = 0;
    const mark = () => {
      const target = document.getElementById(`message-${focusId}`);
      // Drawn once scrolled to (and measured for a few frames): then it is brought to the centre and marked.
      if (!target || frames < 10) {
        if (frames++ < 120) frame = requestAnimationFrame(mark);
        return;
      }
      // A message taller than the list shows from its start, a shorter one in the middle.
      const room = area.current?.querySelector('.chat-view__scroll')?.clientHeight ?? window.innerHeight;
      target.scrollIntoView?.({ block: target.offsetHeight > room * 0.8 ? 'start' : 'center' });
      target.classList.add('message--found');
      target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
      window.setTimeout(() => target.classList.remove('message--found'), 2500);
    };
    frame = requestAnimationFrame(mark);
    return () => cancelAnimationFrame(frame);
  }, [focusId, focusAt, focusIndex, stick]);

  // A message sent (or an answer asked again) shows its turn: the list goes to the end. Turns far away
  // are measured only as they are drawn, so the end is sought again until the list stands there.
  const atBottomNow = useRef(true);
  const toEnd = useCallback(() => {
    const atEnd = atBottomNow.current && isStuck();
    stick(true);
    // A list at its end already follows the new turn itself (followOutput). Else it is brought there in
    // the next frame, whose layout the scroll reads: not in the click's own task (a layout of its own).
    if (!atEnd) requestAnimationFrame(() => list.current?.scrollToIndex({ index: 'LAST', align: 'end' }));
    for (const delay of [120, 360, 800]) {
      window.setTimeout(() => {
        // Not once the reader has scrolled away themselves in the meantime.
        if (!atBottomNow.current && isStuck()) list.current?.scrollToIndex({ index: 'LAST', align: 'end' });
      }, delay);
    }
  }, [stick, isStuck]);
  const onAtBottom = useCallback((bottom: boolean) => {
    atBottomNow.current = bottom;
    setAtBottom(bottom);
  }, []);

  // Older turns put above keep the first message in view where it stood: Virtuoso keeps the list's
  // offset by the turns' estimated heights; once they are drawn, what is left of the difference is scrolled away.
  const anchor = useRef<{ id: string; top: number } | null>(null);
  const loadOlder = () => {
    const top = area.current?.querySelector('.chat-view__scroll')?.getBoundingClientRect().top ?? 0;
    const first = [...(area.current?.querySelectorAll<HTMLElement>('[id^="message-"]') ?? [])].find((el) => el.getBoundingClientRect().top >= top);
    anchor.current = first ? { id: first.id, top: first.getBoundingClientRect().top } : null;
    props.onLoadOlder?.();
  };
  useEffect(() => {
    const held = anchor.current;
    if (!held) return;
    let frames = 0;
    let still = 0;
    let frame = 0;
    // Until the message has stood still for a few frames (turns above are measured as they are drawn,
    // later on a busy machine), within about a second and a half.
    const settle = () => {
      const el = document.getElementById(held.id);
      const moved = el ? el.getBoundingClientRect().top - held.top : 0;
      if (Math.abs(moved) >= 1) {
        list.current?.scrollBy({ top: moved });
        still = 0;
      } else still += 1;
      if (frames++ < 90 && (frames < 8 || still < 6)) frame = requestAnimationFrame(settle);
      else stop();
    };
    // The reader scrolling on their own ends it: what they see is theirs to move.
    const scroller = area.current?.querySelector('.chat-view__scroll');
    const detach = () => {
      cancelAnimationFrame(frame);
      for (const type of ['wheel', 'touchmove', 'keydown'] as const) scroller?.removeEventListener(type, stop);
    };
    const stop = () => {
      detach();
      if (anchor.current === held) anchor.current = null;
    };
    for (const type of ['wheel', 'touchmove', 'keydown'] as const) scroller?.addEventListener(type, stop, { passive: true });
    frame = requestAnimationFrame(settle);
    return detach;
  }, [firstItemIndex]);
  // An answer starting (a message sent, an answer asked again) brings the list to its end, and it follows
  // the answer from there (useStickToBottom) while the reader does not scroll up.
  useEffect(() => {
    if (streaming) toEnd();
  }, [streaming, toEnd]);
  // The latest page read for "Jump to latest" is scrolled to once it is there.
  const endWanted = useRef(false);
  useEffect(() => {
    if (endWanted.current && atLatest && turns && turns.length > 0) {
      endWanted.current = false;
      toEnd();
    }
  }, [turns, atLatest, toEnd]);
  const jumpToLatest = () => {
    if (atLatest) return toEnd();
    endWanted.current = true;
    void props.onJumpToLatest?.();
  };

  const [helpOpen, setHelpOpen] = useState(false);
  const [editRequest, setEditRequest] = useState(0);
  const stop = useRef(props.onStop);
  stop.current = props.onStop;
  // Esc stops an answer, ? lists the shortcuts (Ctrl/⌘+K, search, is the chat layout's).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && streaming && !document.querySelector('[role="dialog"]')) stop.current();
      else if (event.key === '?' && !typingInto(event.target)) setHelpOpen(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [streaming]);

  // The turns are drawn again only when they change: every callback they get stays the same function.
  const latest = useLatest(props);
  const actions = useMemo<TurnActions>(() => ({
    editLast: (text) => latest.current.onEditLast(text),
    edit: (messageId, text) => latest.current.onEdit?.(messageId, text),
    showVersion: (messageId, version) => latest.current.onShowVersion?.(messageId, version),
    stopColumn: (modelId) => latest.current.onStopColumn?.(modelId),
    regenerateColumn: (column, modelId) => latest.current.onRegenerateColumn?.(column, modelId),
    regenerate: () => latest.current.onRegenerate(),
    merge: (modelId) => latest.current.onMerge?.(modelId),
    continueWith: (modelId, messageId) => latest.current.onContinueWith(modelId, messageId),
    vote: (messageId, modelId) => latest.current.onVote?.(messageId, modelId),
  }), [latest]);
  const offerEdit = Boolean(props.onEdit);
  const offerVersions = Boolean(props.onShowVersion);
  const offerStop = Boolean(props.onStopColumn);
  const offerColumns = Boolean(props.onRegenerateColumn);
  const offerMerge = Boolean(props.onMerge);
  const offerVote = Boolean(props.onVote);
  const offers = useMemo<TurnOffers>(
    () => ({ edit: offerEdit, showVersion: offerVersions, stopColumn: offerStop, regenerateColumn: offerColumns, merge: offerMerge, vote: offerVote }),
    [offerEdit, offerVersions, offerStop, offerColumns, offerMerge, offerVote],
  );
  const labelOf = useCallback((id: string | null) => models.find((m) => m.id === id)?.label ?? id, [models]);
  const mergeKey = (props.mergeModels ?? []).map((m) => `${m.id}:${m.label}`).join('|');
  // The same models in a new array are the same offer: the latest turn is not drawn again for it.
  const mergeModelsRef = useRef<{ key: string; models: readonly ModelInfo[] | undefined }>({ key: mergeKey, models: props.mergeModels });
  if (mergeModelsRef.current.key !== mergeKey) mergeModelsRef.current = { key: mergeKey, models: props.mergeModels };
  const mergeModels = mergeModelsRef.current.models;
  // The composer is drawn again only when what it shows changes: its callbacks and tools stay the same meanwhile.
  const composerActions = useMemo(() => ({
    change: (text: string) => latest.current.onDraftChange(text),
    send: (text: string) => latest.current.onSend(text),
    stop: () => latest.current.onStop(),
    editLastRequest: () => setEditRequest((n) => n + 1),
    addFiles: (files: File[]) => latest.current.onAddFiles?.(files),
    removeFile: (key: string) => latest.current.onRemoveFile?.(key),
    selectedChange: (ids: string[]) => latest.current.onSelectedChange(ids),
    compareChange: (next: boolean) => latest.current.onCompareChange(next),
    blindChange: (next: boolean) => latest.current.onBlindChange?.(next),
  }), [latest]);
  const selectedKey = selected.join('\n');
  const offerBlind = Boolean(props.onBlindChange);
  const blind = props.blind === true;
  const subscribed = props.subscribed;
  const composerTools = useMemo(() => {
    const chosen = selectedKey === '' ? [] : selectedKey.split('\n');
    return (
      <>
        <ModelPicker multiple={compare} models={models} selected={chosen} onChange={composerActions.selectedChange} subscribed={subscribed} />
        <button type="button" className={compare ? 'btn btn--sm btn--ghost compare-toggle compare-toggle--on' : 'btn btn--sm btn--ghost compare-toggle'}
          aria-pressed={compare} onClick={() => composerActions.compareChange(!compare)}>
          <ColumnsIcon size={14} /> {t('chat.sideBySide')}
        </button>
        {compare && offerBlind ? (
          <button type="button" className={blind ? 'btn btn--sm btn--ghost blind-toggle blind-toggle--on' : 'btn btn--sm btn--ghost blind-toggle'}
            aria-pressed={blind} title={t('compare.blindHint')} onClick={() => composerActions.blindChange(!blind)}>
            {t('compare.blind')}
          </button>
        ) : null}
      </>
    );
  }, [compare, models, selectedKey, subscribed, offerBlind, blind, composerActions, t]);
  const placeholder = compare
    ? selected.length === 0 ? t('allModels.pickFirst') : t('allModels.placeholder', { count: selected.length })
    : undefined;
  // Why Send waits with no model to send to: the models are being read, could not be read, or none is chosen.
  const noModelReason = props.modelsStatus === 'loading' ? t('chat.modelsLoading')
    : props.modelsStatus === 'failed' ? t('chat.modelsFailed') : compare ? t('allModels.pickFirst') : t('chat.chooseModel');

  // An answer starting or ending changes what the latest turn offers at once; the earlier turns (their
  // edit and version controls) follow in a render of their own, which yields to the browser's frames,
  // so the click on Send draws the new turn and the composer alone.
  const earlierStreaming = useDeferredValue(streaming);
  const renderTurn = (_index: number, turn: TurnView) => {
    const last = atLatest && turn === lastTurn;
    return (
      <TurnItem turn={turn} last={last} streaming={last ? streaming : earlierStreaming} actions={actions} offers={offers} labelOf={labelOf} blind={props.blind === true}
        votedModelId={turn.question ? (props.votes?.get(turn.question.id) ?? null) : null}
        editRequest={last ? editRequest : undefined} mergeModels={last ? mergeModels : undefined} />
    );
  };
  const listContext = useMemo(() => ({ paging: props.paging }), [props.paging]);
  // A selection in a blind column names no model on the page: its answer tells which one wrote it.
  const fromSelection = (source: SelectionSource, text: string, act: (modelId: string, text: string, hiddenLabel: string | null) => void) => {
    const modelId = source.modelId ?? turns?.flatMap((turn) => turn.answers).find((a) => a.id === source.answerId)?.modelId;
    if (modelId) act(modelId, text, source.hiddenLabel);
  };
  const { hidden: namesHidden } = useBlindNames();
  const awayFromEnd = turns !== undefined && turns.length > 0 && (!atLatest || (!atBottom && !follower.stuck));
  const hasTurns = turns !== undefined && turns.length > 0;
  // An export or a share names every answer's model: neither is offered while a blind turn waits for its vote.
  const shareable = hasTurns && !namesHidden;
  const tools: MenuItem[] = [
    ...(props.onExport && shareable ? [
      { label: t('chat.exportMarkdown'), onSelect: () => props.onExport?.('md') },
      { label: t('chat.exportJson'), onSelect: () => props.onExport?.('json') },
    ] : []),
    ...(props.onShare && shareable ? [{ label: t('share.button'), onSelect: props.onShare }] : []),
    ...(props.onOpenSettings ? [{ label: t('settings.open'), onSelect: props.onOpenSettings, disabled: props.instruction === undefined }] : []),
    { label: t('shortcuts.open'), onSelect: () => setHelpOpen(true), keyShortcuts: '?' },
  ];

  return (
    <div className={compare ? 'chat-view chat-view--compare' : 'chat-view'}>
      <header className="chat-view__header">
        <h1 className="chat-view__title" title={heading}>{heading}</h1>
        {/* Wide screens show the chat's tools as buttons; a phone gathers them in one menu. */}
        <div className="chat-view__toolbar">
          {tools.map((tool) => (
            <button key={tool.label} type="button" className="message__action" onClick={tool.onSelect} disabled={tool.disabled} aria-keyshortcuts={tool.keyShortcuts}>{tool.label}</button>
          ))}
        </div>
        <MenuButton className="chat-view__more" label={t('chat.more')} icon={<MoreIcon size={18} />} items={tools} />
      </header>
      {props.instruction ? (
        <p className="chat-view__instruction" title={props.instruction}>
          <span className="badge">{t('settings.instructionBadge')}</span> <span className="chat-view__instruction-text">{props.instruction}</span>
        </p>
      ) : null}
      <ShortcutsDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
      <div className="chat-view__area" ref={area}>
        {turns === undefined ? (
          <div className="chat-view__scroll">
            <div className="chat-view__messages stack" aria-busy="true">
              <Skeleton width="45%" height={40} style={{ alignSelf: 'flex-end' }} /><Skeleton height={90} /><Skeleton width="35%" height={40} style={{ alignSelf: 'flex-end' }} />
            </div>
          </div>
        ) : turns.length === 0 ? (
          <div className="chat-view__scroll">
            {compare ? (
              <EmptyState icon={<ColumnsIcon size={32} />} title={t('allModels.emptyTitle')}>{t('allModels.emptyBody')}</EmptyState>
            ) : (
              <EmptyState icon={<ChatIcon size={32} />} title={t('chat.emptyTitle')}>{t('chat.emptyBody')}</EmptyState>
            )}
          </div>
        ) : (
          <Virtuoso key={generation} ref={list} className="chat-view__scroll" data={turns} firstItemIndex={firstItemIndex}
            computeItemKey={(_index, turn) => turn.drawKey ?? turn.id} itemContent={renderTurn} components={LIST_COMPONENTS} context={listContext}
            initialTopMostItemIndex={focusIndex >= 0 ? { index: focusIndex, align: 'start' } : { index: 'LAST', align: 'end' }}
            scrollerRef={follower.scrollerRef}
            followOutput={(bottom) => (bottom && follower.stuck ? 'auto' : false)} atBottomStateChange={onAtBottom} atBottomThreshold={48}
            increaseViewportBy={{ top: 600, bottom: 600 }}
            startReached={loadOlder} endReached={() => props.onLoadNewer?.()} />
        )}
        {awayFromEnd ? (
          <button type="button" className="btn btn--sm chat-view__latest" onClick={jumpToLatest}>
            <ArrowDownIcon size={14} /> {t('chat.jumpToLatest')}
          </button>
        ) : null}
        <SelectionPopover container={area} onCopy={(source, text) => fromSelection(source, text, props.onCopySelection)}
          onAddToChat={(source, text) => fromSelection(source, text, props.onAddSelectionToChat)} />
      </div>
      <div className="chat-view__composer">
        {props.composerNotice}
        <Composer value={props.draft} onValueChange={composerActions.change} onSend={composerActions.send} onStop={composerActions.stop} streaming={streaming}
          disabled={selected.length === 0} disabledReason={selected.length === 0 ? noModelReason : null} placeholder={placeholder}
          onEditLastRequest={composerActions.editLastRequest}
          {...(props.files ? { files: props.files } : {})}
          {...(props.onAddFiles ? { onAddFiles: composerActions.addFiles } : {})}
          {...(props.onRemoveFile ? { onRemoveFile: composerActions.removeFile } : {})}
          blockedReason={props.blockedReason ?? null} cost={props.cost ?? null}
          tools={composerTools} />
      </div>
    </div>
  );
}
