import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import type { ChatMessage, ModelInfo } from '../../../../../core/chat/index.js';
import { exchangeOf } from '../../../../../core/chat/index.js';
import { useUseCases } from '../../../use-cases/use-cases-provider.js';
import { AttachmentImageSource } from '../components/attachment-views.js';
import { ChatView } from '../components/chat-view.js';
import { focusMessageBox } from '../components/message-box-focus.js';
import { LiveAnswerSource, type LiveAnswers } from '../components/live-answer.js';
import { ContextBanner, heavyHistory } from '../components/context-banner.js';
import { SettingsDialog } from '../components/settings-dialog.js';
import { ShareDialog } from '../components/share-dialog.js';
import { isSelectable } from '../components/model-picker.js';
import { useChatArea, useChatSessionView } from '../state/chat-context.js';
import type { LiveRun } from '../state/chat-session-types.js';
import { conversationAsJson, conversationAsMarkdown, exportFileName } from '../state/chat-export.js';
import { saveFile } from '../../../ui/save-file.js';
import { liveContentOf, reuseTurns, toTurns } from '../state/chat-turns.js';
import { useComposerFiles } from '../hooks/use-composer-files.js';
import { useSettingsDialog } from '../hooks/use-settings-dialog.js';
import { useSendEstimate, useSummaryPrice } from '../hooks/use-send-estimate.js';
import { useBlindCompare } from '../hooks/use-blind-compare.js';
import { columnEvent, selectionEvent } from '../state/blind-analytics.js';
import { AnswerStatus } from '../components/answer-status.js';


/** Quotes a selection for the composer, with the label of the model that wrote it. */
export const quoteSelection = (modelLabel: string, text: string): string =>
  `${text.trim().split('\n').map((line) => `> ${line}`).join('\n')}\n> — ${modelLabel}\n\n`;

/**
 * /chat, /chat/all and /chat/{chatId}: one view for single and side-by-side chats. It is never
 * remounted by a route change (ChatPage keeps it), so the composer, its draft and a running answer
 * survive /chat becoming /chat/{id} after the first answer.
 */
export default function ChatRoute({ chatId, compareRoute }: { chatId: string | null; compareRoute: boolean }) {
  const { t } = useTranslation();
  const {
    trackEvent, toastCenter, getConversationShare, shareConversation, revokeConversationShare, loadAttachment, rememberModelChoice, lastModelChoice, listMessages,
  } = useUseCases();
  const area = useChatArea();
  // Every change of the chat but a streamed token: the streaming answer's text reads those itself (liveAnswers).
  const { session, state } = useChatSessionView();
  const liveAnswers = useMemo<LiveAnswers>(() => ({ subscribe: session.subscribe, contentOf: (answerId) => liveContentOf(session.snapshot().run, answerId) }), [session]);
  const usable = area.models.filter((m) => isSelectable(m, area.subscribed));
  const [choice, setChoice] = useState<{ compare: boolean; modelIds: string[] } | null>(null);
  // The votes come with the conversation when it opens (one request for all the chat view draws).
  const opened = state.conversationId === chatId;
  const blindCompare = useBlindCompare(chatId, { loaded: opened && state.messages !== undefined, votes: opened ? state.votes : undefined });
  // "Compare my best" opens /chat/all?models=a,b,c with those columns chosen.
  const search = useSearch();
  const presetModels = useMemo(() => modelsFromSearch(search), [search]);

  // A search hit opens the conversation around it, else at its latest turns.
  const focusOnOpen = area.focus && area.focus.conversationId === chatId ? area.focus.messageId : null;
  const openAround = useRef(focusOnOpen);
  openAround.current = focusOnOpen;
  useEffect(() => {
    session.open(chatId, openAround.current);
  }, [session, chatId]);
  // A new route starts from what it implies; an opened conversation from how it was last asked.
  useEffect(() => setChoice(null), [chatId, compareRoute]);
  // A chat opened or started is ready to type into.
  useEffect(() => focusMessageBox(), [chatId, compareRoute]);
  const lastAsked = useMemo(() => lastAskedModels(state.messages, state.run), [state.messages, state.run]);
  const compare = choice?.compare ?? (compareRoute || (lastAsked?.length ?? 0) > 1);
  const preset = compareRoute && presetModels.length > 1 ? presetModels : null;
  const chosenNow = (choice?.modelIds ?? preset ?? defaultSelection(compare, lastAsked, usable, lastModelChoice())).filter((id) => usable.some((m) => m.id === id));
  // The same models stay the same array, so what is worked out from them (the settings dialog's rows,
  // the composer's files) is not worked out again on every change of the chat (a message sent, an answer stored).
  const selectedKey = chosenNow.join('\n');
  const selected = useMemo(() => (selectedKey === '' ? [] : selectedKey.split('\n')), [selectedKey]);

  const files = useComposerFiles(area.models, selected);
  const draft = session.draft();
  // What the message will hold, by the server's rule, from the balance the sidebar shows.
  // Worked out in a render of its own after the one that shows a change (a message sent, an answer
  // stored, a page read, a key typed): weighing a long history never holds up what the change shows.
  const history = useDeferredValue(useMemo(() => ({ messages: state.messages, weights: state.weights }), [state.messages, state.weights]));
  const typed = useDeferredValue(draft);
  const cost = useSendEstimate({
    settings: state.settings, messages: history.messages, weights: history.weights, draft: typed, files: files.ready, models: area.models, selected, credits: area.credits,
    capRemaining: area.capRemaining ?? null,
  });
  // A long conversation: past HEAVY_HISTORY_TOKENS (or half a window) the chat offers to go on from a summary.
  const summaryPrice = useSummaryPrice(state.settings, history.messages, history.weights, usable);
  const [summaryOffer, setSummaryOffer] = useState<{ dismissed: string | null; busy: boolean }>({ dismissed: null, busy: false });
  // Offered from the history on screen only (not from the one before it while the new one is weighed).
  const heavy = chatId && state.run?.streaming !== true && summaryOffer.dismissed !== chatId && history.messages === state.messages && cost ? heavyHistory(cost.perModel) : null;
  const summarize = (modelId: string) => {
    const title = area.conversations?.find((c) => c.id === chatId)?.title ?? t('chat.heading');
    setSummaryOffer((o) => ({ ...o, busy: true }));
    void session.summarize(modelId, t('chat.longConversation.message', { title })).then((outcome) => {
      setSummaryOffer((o) => ({ ...o, busy: false }));
      void area.refreshAccount();
      if ('error' in outcome) toastCenter.error(summaryRefusal(outcome.error.code, t));
    });
  };
  const imageUrls = useRef(new Map<string, Promise<string | null>>());
  // Sent images are read once per page through the app server, as their owner.
  const imageSource = useCallback((attachmentId: string) => {
    let url = imageUrls.current.get(attachmentId);
    if (!url) {
      url = loadAttachment({ attachmentId }).then((read) =>
        read.success ? URL.createObjectURL(new Blob([read.data.bytes as Uint8Array<ArrayBuffer>], { type: read.data.mediaType })) : null);
      imageUrls.current.set(attachmentId, url);
    }
    return url;
  }, [loadAttachment]);

  const choose = (modelIds: string[], nextCompare = compare) => {
    setChoice({ compare: nextCompare, modelIds });
    if (!nextCompare && modelIds[0]) rememberModelChoice(modelIds[0]);
  };

  const after = (outcome: Awaited<ReturnType<typeof session.send>>) => {
    void area.refreshAccount();
    if ('error' in outcome && outcome.error.code === 'conversation_busy') toastCenter.error(t('chat.errors.conversation_busy'));
  };

  // The share dialog: the link of the conversation on screen (undefined while it loads).
  const [sharing, setSharing] = useState<{ url: string | null | undefined; busy: boolean } | null>(null);
  const linkOf = (token: string) => `${window.location.origin}/s/${token}`;
  const openShare = async () => {
    if (!chatId) return;
    setSharing({ url: undefined, busy: false });
    const found = await getConversationShare({ conversationId: chatId });
    // A dialog closed while the link loaded stays closed: the late answer fills an open dialog only.
    if (!found.success) {
      setSharing(null);
      return void toastCenter.error(t('toast.loadFailed'));
    }
    setSharing((s) => s && { url: found.data ? linkOf(found.data.token) : null, busy: false });
  };
  const changeShare = async (share: boolean) => {
    if (!chatId) return;
    setSharing((s) => s && { ...s, busy: true });
    const changed = share ? await shareConversation({ conversationId: chatId }) : await revokeConversationShare({ conversationId: chatId });
    if (!changed.success) {
      setSharing((s) => s && { ...s, busy: false });
      return void toastCenter.error(t('toast.actionFailed'));
    }
    setSharing((s) => s && { url: changed.data ? linkOf(changed.data.token) : null, busy: false });
  };

  // Turns that did not change stay the same objects, so a streamed token redraws the streaming turn alone.
  const shownTurns = useRef<ReturnType<typeof toTurns>>(undefined);
  const turns = useMemo(() => reuseTurns(shownTurns.current, toTurns(state.messages, state.run, state.metrics)), [state.messages, state.run, state.metrics]);
  useEffect(() => {
    shownTurns.current = turns;
  }, [turns]);
  const labelOf = (id: string) => area.models.find((m) => m.id === id)?.label ?? id;
  const settings = useSettingsDialog(state.settings, area.models, selected, state.messages);
  const focus = area.focus && area.focus.conversationId === chatId ? area.focus : null;
  // A search hit in another branch of the conversation: that branch is shown, then the hit.
  const focusedId = focus?.messageId ?? null;
  const loaded = state.messages !== undefined;
  useEffect(() => {
    if (chatId && focusedId && loaded) void session.reveal(chatId, focusedId);
  }, [session, chatId, focusedId, loaded]);

  return (
    <AttachmentImageSource.Provider value={imageSource}>
    <LiveAnswerSource.Provider value={liveAnswers}>
    <AnswerStatus run={state.run} lastAnswersStopped={lastAnswersStopped(state.messages)} />
    <ChatView turns={turns} models={area.models} selected={selected} modelsStatus={area.modelsStatus} subscribed={area.subscribed} streaming={state.run?.streaming === true}
      compare={compare}
      onCompareChange={(next) => choose(next ? defaultSelection(true, selected.length > 1 ? selected : null, usable, null) : selected.slice(0, 1), next)}
      onSelectedChange={(ids) => choose(ids)}
      draft={draft} onDraftChange={(text) => session.setDraft(text)}
      onSend={(text) => {
        session.setDraft('');
        const attachments = files.take();
        void session.send(text, selected, attachments).then((outcome) => {
          // Refused before anything was stored: the files go back to the composer with the text.
          if ('error' in outcome) files.restore(attachments);
          after(outcome);
        });
      }}
      files={files.files} onAddFiles={files.add} onRemoveFile={files.remove} blockedReason={files.blockedReason} cost={cost}
      composerNotice={heavy ? (
        <ContextBanner key={chatId} load={heavy} models={usable} preferredModelId={selected[0] ?? null} priceOf={summaryPrice} busy={summaryOffer.busy}
          onStart={summarize} onDismiss={() => setSummaryOffer((o) => ({ ...o, dismissed: chatId }))} />
      ) : null}
      onStop={() => session.stop()}
      onStopColumn={(modelId) => {
        if (session.stopColumn(modelId)) void trackEvent(columnEvent('stop', Math.max(0, selected.indexOf(modelId)), modelId, blindCompare.latestHidden));
      }}
      onRegenerate={() => void session.regenerate().then(after)}
      onEditLast={(text) => void session.editLast(text).then(after)}
      onEdit={(messageId, text) => {
        void trackEvent({ event: 'branch_created', depth: (state.messages ?? []).filter((m) => m.role === 'user').findIndex((m) => m.id === messageId) + 1 });
        void session.edit(messageId, text).then(after);
      }}
      onShowVersion={(messageId, version) => {
        void trackEvent({ event: 'version_switched', role: state.messages?.find((m) => m.id === messageId)?.role === 'user' ? 'question' : 'answer', version });
        void session.showVersion(messageId, version).then((outcome) => {
          if ('error' in outcome) toastCenter.error(t('toast.actionFailed'));
        });
      }}
      onRegenerateColumn={(column, modelId) => {
        void trackEvent(columnEvent(modelId ? 'swap' : 'regenerate', column, modelId, blindCompare.latestHidden));
        // A swapped column keeps its new model for the next messages.
        if (modelId) {
          const next = [...columnsOfLastTurn(state.messages)];
          next[column] = modelId;
          choose([...new Set(next.filter((id): id is string => typeof id === 'string'))]);
        }
        void session.regenerateColumn(column, modelId).then(after);
      }}
      onContinueWith={(modelId, messageId) => {
        choose([modelId], false);
        // Kept beside the votes: which model the user went on with after a side-by-side turn.
        if (messageId) void blindCompare.choose(messageId, modelId, 'continue', blindCompare.blind);
      }}
      blind={blindCompare.blind} onBlindChange={blindCompare.setBlind}
      votes={votesByTurn(blindCompare.choices)}
      onVote={(messageId, modelId) => void blindCompare.choose(messageId, modelId, 'vote', blindCompare.blind)}
      onExport={chatId && state.messages ? async (format) => {
        const title = area.conversations?.find((c) => c.id === chatId)?.title ?? t('chat.heading');
        // The whole conversation, not only the pages on screen.
        const whole = await listMessages({ conversationId: chatId });
        if (!whole.success) return void toastCenter.error(t('toast.loadFailed'));
        const messages = whole.data;
        if (format === 'md') saveFile(exportFileName(title, 'md'), conversationAsMarkdown(title, messages, labelOf, state.settings?.instruction), 'text/markdown');
        else saveFile(exportFileName(title, 'json'), conversationAsJson(area.conversations?.find((c) => c.id === chatId) ?? { id: chatId, title }, messages, state.settings), 'application/json');
      } : undefined}
      onShare={chatId ? () => void openShare() : undefined}
      title={chatId ? (area.conversations?.find((c) => c.id === chatId)?.title ?? undefined) : undefined}
      instruction={state.settings?.instruction}
      onOpenSettings={settings.open}
      mergeModels={usable}
      onMerge={(modelId) => void session.merge(modelId).then(after)}
      focus={focus}
      atLatest={state.page.newer === null}
      paging={state.paging}
      onLoadOlder={state.page.older !== null ? () => session.loadOlder() : undefined}
      onLoadNewer={state.page.newer !== null ? () => session.loadNewer() : undefined}
      onJumpToLatest={() => session.openLatest()}
      onCopySelection={(modelId, _text, hiddenLabel) => void trackEvent(selectionEvent('copy_selection', modelId, hiddenLabel))}
      onAddSelectionToChat={(modelId, text, hiddenLabel) => {
        // Before the vote a hidden column is told by its label, in the data layer as on the page.
        void trackEvent(selectionEvent('add_selection_to_chat', modelId, hiddenLabel));
        // A blind column is quoted by what it is called until the vote ("Model A"), never by its model's name.
        session.appendToDraft(quoteSelection(hiddenLabel ?? labelOf(modelId), text));
        document.getElementById('composer-input')?.focus();
      }} />
    {/* Drawn only while open: closed, it would be drawn again with every change of the chat behind it. */}
    {settings.dialog.open ? <SettingsDialog {...settings.dialog} /> : null}
    <ShareDialog open={sharing !== null} onClose={() => setSharing(null)} url={sharing?.url} busy={sharing?.busy ?? false}
      onShare={() => void changeShare(true)} onRevoke={() => void changeShare(false)} />
    </LiveAnswerSource.Provider>
    </AttachmentImageSource.Provider>
  );
}

/** Why a summary could not be started, in the words the chat uses for a refused send. */
const summaryRefusal = (code: string, t: (key: string) => string): string =>
  code === 'insufficient_credits' ? t('chat.errors.noCreditsTitle')
  : ['model_unavailable', 'rate_limited', 'network', 'conversation_busy'].includes(code) ? t(`chat.errors.${code}`)
  : code === 'spending_cap_reached' ? t('spendingCap.refusalTitle') : t('toast.actionFailed');

/** Whether an answer of the latest turn held was stopped before its end. */
const lastAnswersStopped = (messages: readonly ChatMessage[] | undefined): boolean => {
  const held = messages ?? [];
  const question = held.findLastIndex((m) => m.role === 'user');
  return held.slice(question + 1).some((m) => m.stopped === true);
};

/** The model voted best in each turn, by its question id. */
const votesByTurn = (choices: ReturnType<typeof useBlindCompare>['choices']): ReadonlyMap<string, string> =>
  new Map([...choices].flatMap(([messageId, c]) => (c.vote ? [[messageId, c.vote.modelId] as const] : [])));

/** `models=a,b,c` of the address: the columns a new side-by-side chat starts with. */
function modelsFromSearch(search: string): string[] {
  const listed = new URLSearchParams(search).get('models');
  return listed ? [...new Set(listed.split(',').map((id) => id.trim()).filter((id) => id !== '' && id.length <= 100))].slice(0, 6) : [];
}

/** The models of the last turn's columns as shown (a column keeps the model it was given), else as asked. */
const columnsOfLastTurn = (messages: readonly ChatMessage[] | undefined): readonly string[] => [...(exchangeOf(messages ?? [])?.columns.values() ?? [])];

/** The models the last question's columns answer with now, when it recorded them. */
/**
 * The models the conversation was last asked: a new question's run while it is written (its answers are
 * not stored yet: a side-by-side chat started at /chat/all stays side by side once the server names it),
 * else the columns of the last stored turn.
 */
function lastAskedModels(messages: readonly ChatMessage[] | undefined, run: LiveRun | null): readonly string[] | null {
  if (run && !run.questionStored && run.mergedFrom === undefined && run.modelIds.length > 0) return [...new Set(run.modelIds)];
  const columns = [...new Set(columnsOfLastTurn(messages))];
  return columns.length > 0 ? columns : null;
}

function defaultSelection(compare: boolean, lastAsked: readonly string[] | null, usable: readonly ModelInfo[], remembered: string | null): string[] {
  if (lastAsked && lastAsked.length > 0 && (compare ? lastAsked.length > 1 : true)) return compare ? [...lastAsked] : [lastAsked[0] as string];
  if (compare) return usable.slice(0, 2).map((m) => m.id);
  return [usable.find((m) => m.id === remembered)?.id ?? usable[0]?.id].filter((id): id is string => id !== undefined);
}

