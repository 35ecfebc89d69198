import { useCallback, useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage, CompareVote } from '../../../../../core/chat/index.js';
import { useUseCases } from '../../../use-cases/use-cases-provider.js';
import { useChatSessionView } from '../state/chat-context.js';
import type { LiveRun } from '../state/chat-session-types.js';

const BLIND_KEY = 'ensemble.blindCompare';

/** The conversations with blind compare on, kept in this browser ('new' stands for a chat not yet saved). */
function readBlind(): Set<string> {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(BLIND_KEY) ?? '[]');
    return new Set(Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : []);
  } catch {
    return new Set();
  }
}
function writeBlind(ids: Set<string>): void {
  try {
    // The newest 200 conversations are enough to remember.
    window.localStorage.setItem(BLIND_KEY, JSON.stringify([...ids].slice(-200)));
  } catch {
    // Storage full or refused: the toggle still works for this page.
  }
}

const choicesByTurn = (votes: readonly CompareVote[]): Map<string, TurnChoices> => {
  const byTurn = new Map<string, TurnChoices>();
  for (const v of votes) byTurn.set(v.messageId, { ...byTurn.get(v.messageId), [v.kind === 'vote' ? 'vote' : 'continued']: v });
  return byTurn;
};

/** The choices made on each turn of the conversation: its best answer and the model continued with, by the turn's question id. */
export interface TurnChoices {
  readonly vote?: CompareVote;
  readonly continued?: CompareVote;
}

/**
 * Blind compare for the chat on screen: whether names are hidden (per conversation, in this
 * browser; a new chat's choice goes with it once saved), the votes already cast (`opened`: those the
 * conversation opened with; read apart only once it has opened without them), and casting one (the
 * best answer of a turn, or the model continued with).
 */
export function useBlindCompare(chatId: string | null, opened?: { readonly loaded: boolean; readonly votes: readonly CompareVote[] | undefined }) {
  const { listCompareVotes, recordCompareVote, trackEvent, toastCenter } = useUseCases();
  const { t } = useTranslation();
  const [blindIds, setBlindIds] = useState<Set<string>>(() => readBlind());
  const [choices, setChoices] = useState<ReadonlyMap<string, TurnChoices>>(new Map());
  const key = chatId ?? 'new';

  // A new chat saved while blind stays blind.
  useEffect(() => {
    if (chatId === null) return;
    setBlindIds((ids) => {
      if (!ids.has('new')) return ids;
      const next = new Set(ids);
      next.delete('new');
      next.add(chatId);
      writeBlind(next);
      return next;
    });
  }, [chatId]);

  const openedVotes = opened?.votes;
  const waiting = opened !== undefined && !opened.loaded;
  useEffect(() => {
    setChoices(new Map());
    if (chatId === null) return;
    if (openedVotes !== undefined) {
      setChoices(choicesByTurn(openedVotes));
      return;
    }
    // The conversation is still opening: its votes may come with it.
    if (waiting) return;
    let current = true;
    void listCompareVotes({ conversationId: chatId }).then((listed) => {
      if (current && listed.success) setChoices(choicesByTurn(listed.data));
    });
    return () => {
      current = false;
    };
  }, [chatId, listCompareVotes, openedVotes, waiting]);

  const setBlind = useCallback((on: boolean) => {
    setBlindIds((ids) => {
      const next = new Set(ids);
      if (on) next.add(key);
      else next.delete(key);
      writeBlind(next);
      return next;
    });
  }, [key]);

  const choose = useCallback(async (messageId: string, modelId: string, kind: 'vote' | 'continue', blind: boolean) => {
    if (chatId === null) return;
    const recorded = await recordCompareVote({ conversationId: chatId, messageId, modelId, kind, blind });
    if (!recorded.success) {
      // Said in the reader's language (the server's sentence is English): the turn is gone, or try again.
      if (kind === 'vote') toastCenter.error(t(recorded.error.code === 'not_found' ? 'compare.voteGone' : 'toast.actionFailed'));
      return;
    }
    setChoices((map) => new Map(map).set(messageId, { ...map.get(messageId), [kind === 'vote' ? 'vote' : 'continued']: recorded.data }));
    if (kind === 'vote') void trackEvent({ event: 'compare_vote', model_id: modelId, blind });
  }, [chatId, recordCompareVote, trackEvent, toastCenter, t]);

  const blind = blindIds.has(key);
  // What the chat on screen hides, told to the parts around its turns (the model picker, the merge).
  const { state } = useChatSessionView();
  const own = state.conversationId === chatId;
  const { hidden, latestHidden } = blindNamesOf(blind, own ? state.messages : undefined, own ? state.run : null, choices);
  // Before the paint: the names never show for a frame.
  useLayoutEffect(() => {
    publishBlindNames({ hidden, latestHidden });
  }, [hidden, latestHidden]);
  useLayoutEffect(() => () => publishBlindNames(NAMES_SHOWN), []);

  return { blind, setBlind, choices, choose, latestHidden };
}

/**
 * Whether the chat on screen hides model names: blind compare is on and a side-by-side turn held (or
 * being answered) has no vote yet. `latestHidden`: its latest turn is such a turn, so what is offered
 * under it (the merge) must name no model either.
 */
export interface BlindNames {
  readonly hidden: boolean;
  readonly latestHidden: boolean;
}
const NAMES_SHOWN: BlindNames = { hidden: false, latestHidden: false };

/** The blind names of a chat: its side-by-side questions (asked of several models) without a vote, and a new side-by-side run. */
export function blindNamesOf(blind: boolean, messages: readonly ChatMessage[] | undefined, run: LiveRun | null, choices: ReadonlyMap<string, TurnChoices>): BlindNames {
  if (!blind) return NAMES_SHOWN;
  const questions = (messages ?? []).filter((m) => m.role === 'user');
  const unvoted = (m: ChatMessage) => (m.modelIds?.length ?? 0) > 1 && choices.get(m.id)?.vote === undefined;
  const running = run !== null && run.streaming && !run.questionStored && run.modelIds.length > 1;
  const latest = questions.at(-1);
  return { hidden: running || questions.some(unvoted), latestHidden: running || (latest !== undefined && unvoted(latest)) };
}

let blindNames: BlindNames = NAMES_SHOWN;
const blindNamesListeners = new Set<() => void>();
function publishBlindNames(next: BlindNames): void {
  if (next.hidden === blindNames.hidden && next.latestHidden === blindNames.latestHidden) return;
  blindNames = next;
  for (const listener of blindNamesListeners) listener();
}
const subscribeBlindNames = (listener: () => void) => {
  blindNamesListeners.add(listener);
  return () => {
    blindNamesListeners.delete(listener);
  };
};

/** What the chat on screen hides of the model names (see BlindNames); nothing outside a chat. */
export function useBlindNames(): BlindNames {
  return useSyncExternalStore(subscribeBlindNames, () => blindNames, () => NAMES_SHOWN);
}

/** A number in [0, 1) drawn from `key` alone (FNV-1a, then a mulberry32 step). */
function draw(key: string): number {
  let h = 2166136261;
  for (let i = 0; i < key.length; i += 1) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
  h = (h + 0x6d2b79f5) | 0;
  let t = Math.imul(h ^ (h >>> 15), 1 | h);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/**
 * A blind turn's columns in a shuffled order that depends only on the turn (`seed`, its question's
 * stored id) and each column's model: the same while the answers stream, once they are stored, after
 * a reload, and when a column leaves or a merge joins. A merged answer stays after the columns.
 */
export function blindOrder<T extends { readonly modelId: string | null; readonly mergedFrom?: readonly string[] | undefined }>(seed: string, answers: readonly T[]): T[] {
  const rank = new Map(answers.map((answer, i) => [answer, answer.mergedFrom ? 1 + i : draw(`${seed}\u0000${answer.modelId ?? i}`) - 1] as const));
  return [...answers].sort((a, b) => (rank.get(a) as number) - (rank.get(b) as number));
}
