import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModelInfo } from '../../../../../core/chat/index.js';
import { EmptyState } from '../../../ui/empty-state.js';
import { ColumnsIcon, SparkIcon } from '../../../ui/icons.js';
import { Skeleton } from '../../../ui/spinner.js';
import { useTitle } from '../../../ui/use-title.js';
import { AnswerColumns } from './answer-columns.js';
import type { TurnView } from './chat-types.js';
import type { ComposerFileView } from './attachment-views.js';
import { Composer, type ComposerCost } from './composer.js';
import { MessageItem } from './message-item.js';
import { ModelPicker } from './model-picker.js';
import { SelectionPopover, type SelectionActions } from './selection-popover.js';
import { MergeBar } from './merge-bar.js';
import { ShortcutsDialog } from './shortcuts-dialog.js';
import './chat.css';

export interface ChatViewProps {
  /** undefined while the conversation loads. */
  turns: readonly TurnView[] | undefined;
  models: readonly ModelInfo[];
  /** The models the next message goes to, in order. */
  selected: readonly string[];
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
  onCopySelection: SelectionActions['onCopy'];
  onAddSelectionToChat: SelectionActions['onAddToChat'];
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
  /** A note shown above the composer (a long conversation's offer to go on from a summary). */
  composerNotice?: ReactNode;
}

const typingInto = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The chat: every turn of the conversation (side-by-side turns as columns), the answer streaming
 * into the last one, and the composer. Text selected in any answer can be copied or quoted into the
 * composer, tied to the model that wrote it.
 */
export function ChatView(props: ChatViewProps) {
  const { t } = useTranslation();
  const { turns, models, streaming, compare, selected } = props;
  useTitle(compare ? t('sidebar.allModels') : t('chat.heading'));
  const end = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const lastTurn = turns?.at(-1);
  const lastLength = lastTurn?.answers.reduce((n, a) => n + a.content.length, 0) ?? 0;
  const focusId = props.focus?.messageId ?? null;
  const found = useRef<string | null>(null);
  useEffect(() => {
    // A jump to a message (a search hit) wins over following the newest answer.
    if (focusId !== null && found.current !== `${focusId}@${props.focus?.at}`) {
      const target = document.getElementById(`message-${focusId}`);
      if (!target) return;
      found.current = `${focusId}@${props.focus?.at}`;
      target.scrollIntoView?.({ block: 'center' });
      target.classList.add('message--found');
      target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
      window.setTimeout(() => target.classList.remove('message--found'), 2500);
      return;
    }
    if (focusId === null || found.current !== null) end.current?.scrollIntoView?.({ block: 'end' });
  }, [turns?.length, lastLength, focusId, props.focus?.at]);

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

  const labelOf = (id: string | null) => models.find((m) => m.id === id)?.label ?? id;
  const showVersionOf = (messageId: string) => (streaming || !props.onShowVersion ? undefined : (version: number) => props.onShowVersion?.(messageId, version));
  const placeholder = compare
    ? selected.length === 0 ? t('allModels.pickFirst') : t('allModels.placeholder', { count: selected.length })
    : undefined;

  return (
    <div className={compare ? 'chat-view chat-view--compare' : 'chat-view'}>
      <h1 className="visually-hidden">{compare ? t('sidebar.allModels') : t('chat.heading')}</h1>
      <div className="chat-view__toolbar">
        {props.onExport && turns && turns.length > 0 ? (
          <>
            <button type="button" className="message__action" onClick={() => props.onExport?.('md')}>{t('chat.exportMarkdown')}</button>
            <button type="button" className="message__action" onClick={() => props.onExport?.('json')}>{t('chat.exportJson')}</button>
          </>
        ) : null}
        {props.onShare && turns && turns.length > 0 ? (
          <button type="button" className="message__action" onClick={props.onShare}>{t('share.button')}</button>
        ) : null}
        {props.onOpenSettings ? (
          <button type="button" className="message__action" onClick={props.onOpenSettings} disabled={props.instruction === undefined}>{t('settings.open')}</button>
        ) : null}
        <button type="button" className="message__action" aria-keyshortcuts="?" onClick={() => setHelpOpen(true)}>{t('shortcuts.open')}</button>
      </div>
      {props.instruction ? (
        <p className="chat-view__instruction" title={props.instruction}>
          <span className="badge">{t('settings.instructionBadge')}</span> <span className="chat-view__instruction-text">{props.instruction}</span>
        </p>
      ) : null}
      <ShortcutsDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
      <div className="chat-view__scroll" ref={scroller}>
        {turns === undefined ? (
          <div className="chat-view__messages stack" aria-busy="true">
            <Skeleton width="45%" height={40} style={{ alignSelf: 'flex-end' }} /><Skeleton height={90} /><Skeleton width="35%" height={40} style={{ alignSelf: 'flex-end' }} />
          </div>
        ) : turns.length === 0 ? (
          compare ? (
            <EmptyState icon={<ColumnsIcon size={32} />} title={t('allModels.emptyTitle')}>{t('allModels.emptyBody')}</EmptyState>
          ) : (
            <EmptyState icon={<SparkIcon size={32} />} title={t('chat.emptyTitle')}>{t('chat.emptyBody')}</EmptyState>
          )
        ) : (
          <ol className="chat-view__messages" aria-label={t('chat.messages')} aria-live="polite">
            {turns.map((turn) => {
              const last = turn === lastTurn;
              const question = turn.question ? (
                <MessageItem key={turn.question.id} message={turn.question} modelLabel={null}
                  onEdit={streaming ? undefined : last ? props.onEditLast : props.onEdit ? (text) => props.onEdit?.(turn.question?.id as string, text) : undefined}
                  onShowVersion={showVersionOf(turn.question.id)} editRequest={last ? editRequest : undefined} />
              ) : null;
              if (turn.columns) {
                return [
                  question,
                  <AnswerColumns key={`${turn.id}-columns`} answers={turn.answers} labelOf={labelOf}
                    onShowVersion={streaming ? undefined : props.onShowVersion}
                    onStopColumn={last && streaming && turn.answers.filter((a) => a.streaming).length > 1 ? props.onStopColumn : undefined}
                    columnControl={last && !streaming && props.onRegenerateColumn ? {
                      onRegenerate: (column) => props.onRegenerateColumn?.(column),
                      onSwap: (column, modelId) => props.onRegenerateColumn?.(column, modelId),
                      models: (props.mergeModels ?? []).map((m) => ({ id: m.id, label: m.label })),
                    } : undefined}
                    onContinueWith={last && !streaming ? (modelId) => props.onContinueWith(modelId, turn.question?.id) : undefined}
                    voting={turn.question ? {
                      blind: props.blind === true, seed: turn.question.id, votedModelId: props.votes?.get(turn.question.id) ?? null,
                      onVote: props.onVote && !(last && streaming) && turn.answers.filter((a) => !a.mergedFrom).length >= 2
                        ? (modelId: string) => props.onVote?.(turn.question?.id as string, modelId) : undefined,
                    } : undefined} />,
                  last && !streaming && turn.answers.length > 0 ? (
                    <li key={`${turn.id}-again`} className="turn-actions">
                      {props.onMerge && props.mergeModels && turn.answers.filter((a) => !a.mergedFrom && a.content !== '').length >= 2 ? (
                        <MergeBar models={props.mergeModels} answeredBy={turn.answers.flatMap((a) => (a.modelId && !a.mergedFrom ? [a.modelId] : []))} onMerge={props.onMerge} />
                      ) : null}
                      <button type="button" className="message__action" onClick={props.onRegenerate}>{t('chat.regenerateAll')}</button>
                    </li>
                  ) : null,
                ];
              }
              return [
                question,
                ...turn.answers.map((answer, i) => (
                  <MessageItem key={answer.id} message={answer} modelLabel={labelOf(answer.modelId)} onShowVersion={showVersionOf(answer.id)}
                    onRegenerate={last && i === turn.answers.length - 1 && !streaming ? props.onRegenerate : undefined} />
                )),
              ];
            })}
          </ol>
        )}
        <SelectionPopover container={scroller} onCopy={props.onCopySelection} onAddToChat={props.onAddSelectionToChat} />
        <div ref={end} />
      </div>
      <div className="chat-view__composer">
        {props.composerNotice}
        <Composer value={props.draft} onValueChange={props.onDraftChange} onSend={props.onSend} onStop={props.onStop} streaming={streaming}
          disabled={selected.length === 0} placeholder={placeholder}
          onEditLastRequest={() => setEditRequest((n) => n + 1)}
          {...(props.files ? { files: props.files } : {})}
          {...(props.onAddFiles ? { onAddFiles: props.onAddFiles } : {})}
          {...(props.onRemoveFile ? { onRemoveFile: props.onRemoveFile } : {})}
          blockedReason={props.blockedReason ?? null} cost={props.cost ?? null}
          tools={
            <>
              <ModelPicker multiple={compare} models={models} selected={selected} onChange={props.onSelectedChange} subscribed={props.subscribed} />
              <button type="button" className={compare ? 'btn btn--sm btn--ghost compare-toggle compare-toggle--on' : 'btn btn--sm btn--ghost compare-toggle'}
                aria-pressed={compare} onClick={() => props.onCompareChange(!compare)}>
                <ColumnsIcon size={14} /> {t('chat.sideBySide')}
              </button>
              {compare && props.onBlindChange ? (
                <button type="button" className={props.blind ? 'btn btn--sm btn--ghost blind-toggle blind-toggle--on' : 'btn btn--sm btn--ghost blind-toggle'}
                  aria-pressed={props.blind === true} title={t('compare.blindHint')} onClick={() => props.onBlindChange?.(!props.blind)}>
                  {t('compare.blind')}
                </button>
              ) : null}
            </>
          } />
      </div>
    </div>
  );
}
