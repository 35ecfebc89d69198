import { z } from 'zod';
import type { ChatMessage } from './chat.js';

/**
 * Blind compare and the personal leaderboard: a user's choice of the best answer of a side-by-side
 * turn ('vote'), or of the model to go on with ('continue'). One of each kind per turn and user; a
 * second replaces the first. The figures of the turn's answers (credits, time to first word) are
 * kept with the choice, read from the stored answers when it is made, never from the caller.
 */
export const VOTE_KINDS = ['vote', 'continue'] as const;
export type VoteKind = (typeof VOTE_KINDS)[number];

/** The leaderboard's periods, and the days each looks back (null: all time). */
export const LEADERBOARD_PERIODS = ['7d', '30d', '90d', 'all'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];
export const DEFAULT_LEADERBOARD_PERIOD: LeaderboardPeriod = '30d';
export const PERIOD_DAYS: Readonly<Record<LeaderboardPeriod, number | null>> = { '7d': 7, '30d': 30, '90d': 90, all: null };

/** One answer of a voted turn, as it stood when the choice was made. */
export interface VotedAnswer {
  readonly modelId: string;
  readonly creditsCharged: number | null;
  readonly firstTokenMs: number | null;
}

export interface CompareVote {
  readonly conversationId: string;
  /** The turn: its user message. */
  readonly messageId: string;
  readonly kind: VoteKind;
  /** The model chosen. */
  readonly modelId: string;
  /** Whether the names were hidden when it was chosen. */
  readonly blind: boolean;
  /** The models that answered in the turn, in the order asked. */
  readonly models: readonly string[];
  readonly createdAt: string;
}

export interface NewCompareVote {
  readonly conversationId: string;
  readonly messageId: string;
  readonly modelId: string;
  readonly kind: VoteKind;
  readonly blind: boolean;
}

/** One model's line of a user's leaderboard (votes only; 'continue' choices are kept, not ranked). */
export interface LeaderboardRow {
  readonly modelId: string;
  /** Voted turns it answered in. */
  readonly comparisons: number;
  readonly wins: number;
  /** wins ÷ comparisons. */
  readonly winRate: number;
  /** The credits its answers in those turns were charged ÷ wins; null without a win. */
  readonly creditsPerWin: number | null;
  /** The median of its answers' milliseconds to first word in those turns; null where none was measured. */
  readonly medianFirstTokenMs: number | null;
}

/** What the storage adds up per model; the rest of a row follows from it (leaderboardRowOf). */
export interface LeaderboardTotals {
  readonly modelId: string;
  readonly comparisons: number;
  readonly wins: number;
  readonly credits: number;
  readonly medianFirstTokenMs: number | null;
}

const idText = (what: string) => z.string({ error: `${what} must be text` }).trim().min(1, `${what} must not be empty`).max(100, `${what} is too long`);

export const newCompareVoteSchema = z.strictObject({
  conversationId: idText('Conversation id'),
  messageId: idText('Message id'),
  modelId: idText('Model id'),
  kind: z.enum(VOTE_KINDS, { error: `Kind must be one of ${VOTE_KINDS.join(', ')}` }).default('vote'),
  blind: z.boolean({ error: 'Blind must be true or false' }).default(false),
});

export const leaderboardPeriodSchema = z.enum(LEADERBOARD_PERIODS, { error: `Period must be one of ${LEADERBOARD_PERIODS.join(', ')}` });

export type TurnAnswers =
  | { readonly found: false }
  | { readonly found: true; readonly answers: readonly VotedAnswer[] };

/**
 * The answers of the turn opened by user message `messageId`: the assistant messages after it up to
 * the next user message, merges left out, one per model (the first), in the order the question
 * asked them. Not found when `messageId` is not a user message of `messages`.
 */
export function turnAnswersOf(messages: readonly ChatMessage[], messageId: string): TurnAnswers {
  const at = messages.findIndex((m) => m.id === messageId && m.role === 'user');
  if (at < 0) return { found: false };
  const answers: VotedAnswer[] = [];
  const columns = new Map<string, number>();
  for (const m of messages.slice(at + 1)) {
    if (m.role === 'user') break;
    if (m.role !== 'assistant' || m.mergedFrom || !m.modelId || answers.some((a) => a.modelId === m.modelId)) continue;
    answers.push({ modelId: m.modelId, creditsCharged: m.creditsCharged ?? null, firstTokenMs: m.firstTokenMs ?? null });
    if (m.column !== undefined) columns.set(m.modelId, m.column);
  }
  // Answers are stored as they finish: in the order of their columns (a column may have been given
  // another model), else in the order the models were asked.
  const asked = messages[at]?.modelIds ?? [];
  const place = (id: string) => columns.get(id) ?? (asked.includes(id) ? asked.indexOf(id) : asked.length);
  return { found: true, answers: [...answers].sort((a, b) => place(a.modelId) - place(b.modelId)) };
}

/** Why a choice cannot be recorded on a found turn (null: it can). */
export function voteRefusal(answers: readonly VotedAnswer[], modelId: string): string | null {
  if (answers.length < 2) return 'Only a turn answered by two or more models can be voted on';
  if (!answers.some((a) => a.modelId === modelId)) return `The model ${modelId} did not answer in this turn`;
  return null;
}

export const leaderboardRowOf = (t: LeaderboardTotals): LeaderboardRow => ({
  modelId: t.modelId,
  comparisons: t.comparisons,
  wins: t.wins,
  winRate: t.comparisons === 0 ? 0 : t.wins / t.comparisons,
  creditsPerWin: t.wins === 0 ? null : t.credits / t.wins,
  medianFirstTokenMs: t.medianFirstTokenMs,
});

/** Most wins first, then the better rate, then by id: the same order everywhere. */
export const byRank = (a: LeaderboardRow, b: LeaderboardRow): number =>
  b.wins - a.wins || b.winRate - a.winRate || (a.modelId < b.modelId ? -1 : a.modelId > b.modelId ? 1 : 0);

/** The median the database computes (percentile_cont(0.5)): the middle value, or the mean of the two middle ones. */
export function medianOf(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** The leaderboard over stored votes with their answers (the in-memory storage's way; SQL does the same). */
export function leaderboardOf(votes: readonly { readonly modelId: string; readonly answers: readonly VotedAnswer[] }[]): LeaderboardRow[] {
  const totals = new Map<string, { comparisons: number; wins: number; credits: number; firstTokens: number[] }>();
  for (const vote of votes) {
    for (const answer of vote.answers) {
      const t = totals.get(answer.modelId) ?? { comparisons: 0, wins: 0, credits: 0, firstTokens: [] };
      t.comparisons += 1;
      if (answer.modelId === vote.modelId) t.wins += 1;
      t.credits += answer.creditsCharged ?? 0;
      if (answer.firstTokenMs !== null) t.firstTokens.push(answer.firstTokenMs);
      totals.set(answer.modelId, t);
    }
  }
  return [...totals].map(([modelId, t]) => leaderboardRowOf({ modelId, comparisons: t.comparisons, wins: t.wins, credits: t.credits, medianFirstTokenMs: medianOf(t.firstTokens) })).sort(byRank);
}

const csvCell = (value: string | number | null): string => {
  if (value === null) return '';
  const text = String(value);
  // A leading =, +, - or @ would be a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(text) && typeof value === 'string' ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export const LEADERBOARD_CSV_HEADER = ['model_id', 'model', 'wins', 'comparisons', 'win_rate', 'credits_per_win', 'median_first_token_ms'] as const;

/** The leaderboard as CSV (a header row, then one row per model; rates to 4 places, credits to 2). */
export function leaderboardCsv(rows: readonly LeaderboardRow[], labelOf: (modelId: string) => string = (id) => id): string {
  const lines = rows.map((r) =>
    [r.modelId, labelOf(r.modelId), r.wins, r.comparisons, r.winRate.toFixed(4), r.creditsPerWin === null ? null : r.creditsPerWin.toFixed(2), r.medianFirstTokenMs === null ? null : Math.round(r.medianFirstTokenMs)]
      .map(csvCell).join(','));
  return [LEADERBOARD_CSV_HEADER.join(','), ...lines].join('\r\n') + '\r\n';
}
