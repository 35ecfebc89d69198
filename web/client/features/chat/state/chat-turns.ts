import type { ChatMessage } from '../../../../../core/chat/index.js';
import { LIVE_TURN_ID, type MessageView, type TurnView } from '../components/chat-types.js';
import type { AnswerMetrics, LiveRun } from './chat-session.js';

/** A message as the turns need it: a stored one, or one of a shared conversation. */
type TurnMessage = Pick<ChatMessage, 'role' | 'content' | 'modelId' | 'modelIds' | 'mergedFrom' | 'attachments' | 'firstTokenMs' | 'durationMs' | 'creditsCharged' | 'stopped' | 'column' | 'version'> & {
  readonly id: string;
  readonly createdAt?: string;
  readonly inputTokens?: number | null;
  readonly outputTokens?: number | null;
};

/** The figures the server stored with an answer (time to first words, duration, tokens, credits); null when it stored none. */
function storedMetrics(m: TurnMessage): AnswerMetrics | null {
  const tokens = (m.inputTokens ?? null) !== null || (m.outputTokens ?? null) !== null ? (m.inputTokens ?? 0) + (m.outputTokens ?? 0) : null;
  const figures = { firstTokenMs: m.firstTokenMs ?? null, durationMs: m.durationMs ?? null, tokens, credits: m.creditsCharged ?? null };
  if (Object.values(figures).every((v) => v === null)) return null;
  return tokens === null ? figures : { ...figures, inputTokens: m.inputTokens ?? null, outputTokens: m.outputTokens ?? null };
}

/** An answer stopped before its end says so beside its figures (alone when it has none). */
const withStopped = (figures: AnswerMetrics | null, stopped: boolean): AnswerMetrics | null =>
  stopped ? { ...(figures ?? { firstTokenMs: null, durationMs: null, tokens: null, credits: null }), stopped: true } : figures;

/** A turn being put together: its question, its answers in the order read, and the models it asked (its columns). */
interface TurnParts {
  readonly id: string;
  readonly question: MessageView | null;
  readonly answers: readonly MessageView[];
  readonly asked: readonly string[];
}

/** The stored messages' turns, put together once per list of messages (a streamed token changes only the run). */
interface StoredTurns {
  readonly metrics: Readonly<Record<string, AnswerMetrics>>;
  readonly parts: readonly TurnParts[];
  readonly turns: readonly TurnView[];
}
const storedTurnsOf = new WeakMap<readonly TurnMessage[], StoredTurns>();
const NO_FIGURES: Readonly<Record<string, AnswerMetrics>> = {};

/**
 * Stored messages and the run on screen, as turns: each question with its answers, columns when
 * several models were asked. The stored messages' turns are put together once per list of messages
 * and the same turns are answered while only the run changes: a streamed token rebuilds the last turn.
 */
export function toTurns(
  messages: readonly TurnMessage[] | undefined,
  run: LiveRun | null,
  metrics: Readonly<Record<string, AnswerMetrics>> = NO_FIGURES,
): TurnView[] | undefined {
  if (messages === undefined) return undefined;
  let stored = storedTurnsOf.get(messages);
  if (!stored || stored.metrics !== metrics) {
    const parts = storedParts(messages, metrics);
    stored = { metrics, parts, turns: parts.map(finishTurn) };
    storedTurnsOf.set(messages, stored);
  }
  if (!run) return [...stored.turns];
  const live: MessageView[] = run.answers
    .map((a, index) => ({ a, id: liveAnswerId(run, index) }))
    .filter(({ a }) => a.streaming || a.content !== '' || a.error !== null)
    .map(({ a, id }) => ({
      id, role: 'assistant', content: a.content, modelId: a.modelId,
      streaming: a.streaming, error: a.error, metrics: a.metrics, ...(run.mergedFrom ? { mergedFrom: run.mergedFrom } : {}),
      ...(run.columns?.[a.modelId] === undefined ? {} : { column: run.columns[a.modelId] as number, drawKey: `${id}@${run.columns[a.modelId]}` }),
    }));
  const last = stored.parts.at(-1);
  // A regenerate keeps its stored question; a new or edited question is shown at once; a merge
  // is one more column of the stored turn.
  if (run.questionStored && last) {
    const asked = !run.mergedFrom && !run.columns ? run.modelIds : last.asked;
    // Columns answered again: a merge shown beside them was made from the answers they replace.
    const answers = run.mergedFrom || live.length === 0 ? last.answers : last.answers.map((a) => (a.mergedFrom && !a.outdated ? { ...a, outdated: true } : a));
    return [...stored.turns.slice(0, -1), finishTurn({ ...last, answers: [...answers, ...live], asked })];
  }
  const question: MessageView = { id: 'live-question', role: 'user', content: run.question, modelId: null, ...(run.attachments ? { attachments: run.attachments } : {}) };
  // Drawn under a key of its own place (after the last stored turn), which the stored turn taking its place keeps.
  return [...stored.turns, {
    ...finishTurn({ id: LIVE_TURN_ID, question, answers: live, asked: run.modelIds }), drawKey: `${LIVE_TURN_ID}@${last?.id ?? ''}`,
    ...(run.questionId === undefined ? {} : { storedQuestionId: run.questionId }),
  }];
}

/**
 * The id an answer of the run on screen is drawn with until it is stored: by its place among the run's
 * answers, never by its model, since the id reaches the page (`message-<id>`) and a blind turn names
 * no model before the vote.
 */
const liveAnswerId = (run: Pick<LiveRun, 'mergedFrom'>, index: number): string => (run.mergedFrom ? `live-merge-${index}` : `live-${index}`);

/** The latest text of the run's answer drawn as `answerId` (what a streaming answer's text reads); undefined without it. */
export function liveContentOf(run: LiveRun | null, answerId: string): string | undefined {
  return run?.answers.find((_a, index) => liveAnswerId(run, index) === answerId)?.content;
}

/** The stored messages grouped by turn. */
function storedParts(messages: readonly TurnMessage[], metrics: Readonly<Record<string, AnswerMetrics>>): TurnParts[] {
  const turns: { id: string; question: MessageView | null; answers: MessageView[]; asked: readonly string[]; written: Map<string, string | undefined> }[] = [];
  for (const m of messages) {
    if (m.role === 'system') continue;
    if (m.role === 'user' || turns.length === 0) {
      const question: MessageView | null =
        m.role === 'user'
          ? { id: m.id, role: 'user', content: m.content, modelId: m.modelId, ...(m.attachments ? { attachments: m.attachments } : {}), ...(m.version ? { version: m.version } : {}) }
          : null;
      turns.push({ id: m.id, question, answers: [], asked: m.modelIds ?? (m.modelId ? [m.modelId] : []), written: new Map() });
      if (m.role === 'user') continue;
    }
    // This session's figures for the answer, else the ones the server stored with it (after a reload).
    const known = withStopped(metrics[m.id] ?? storedMetrics(m), m.stopped === true);
    turns.at(-1)?.answers.push({
      id: m.id, role: 'assistant', content: m.content, modelId: m.modelId, metrics: known, ...(m.mergedFrom ? { mergedFrom: m.mergedFrom } : {}),
      ...(m.column === undefined ? {} : { column: m.column }), ...(m.version ? { version: m.version } : {}),
    });
    turns.at(-1)?.written.set(m.id, m.createdAt);
  }
  return turns.map(({ written, ...turn }) => ({ ...turn, answers: markOutdatedMerges(turn.answers, (a) => written.get(a.id)) }));
}

/**
 * A merge shown beside a column answered after it (a regenerated or swapped column, or "Regenerate
 * all") summarises answers no longer shown: it is marked, and says so. Showing again the versions it
 * was made from, or merging again, unmarks it. Stored times are compared (ISO strings of one clock,
 * the database's); an answer without one is not taken as newer.
 */
function markOutdatedMerges(answers: readonly MessageView[], writtenAt: (answer: MessageView) => string | undefined): MessageView[] {
  const latest = answers.reduce<string | undefined>((newest, a) => {
    const at = a.mergedFrom ? undefined : writtenAt(a);
    return at !== undefined && (newest === undefined || Date.parse(at) > Date.parse(newest)) ? at : newest;
  }, undefined);
  if (latest === undefined) return [...answers];
  return answers.map((a) => {
    const at = a.mergedFrom ? writtenAt(a) : undefined;
    return at !== undefined && Date.parse(at) < Date.parse(latest) ? { ...a, outdated: true } : a;
  });
}

/** A turn as drawn: its answers in their columns' order, and whether it shows columns. */
function finishTurn(turn: TurnParts): TurnView {
  const order = turn.asked;
  // Stored answers know their column; the others go by the order asked.
  const byColumn = turn.answers.every((a) => a.column !== undefined || a.mergedFrom);
  const answers = byColumn
    ? [...turn.answers].sort((a, b) => columnRank(a) - columnRank(b))
    : order.length > 1 ? [...turn.answers].sort((a, b) => rank(order, a) - rank(order, b)) : turn.answers;
  const columns = order.length > 1 || new Set(turn.answers.map((a) => a.modelId)).size > 1 || turn.answers.some((a) => a.mergedFrom || (a.column ?? 0) > 0);
  return { id: turn.id, question: turn.question, answers, columns };
}

/** An answer placed by its stored column; a merge after every column. */
const columnRank = (answer: MessageView) => (answer.mergedFrom || (answer.column ?? 0) < 0 ? 1000 : (answer.column ?? 0));

/** The column of an answer: the order asked; a merged answer after every column. */
const rank = (order: readonly string[], answer: MessageView) => {
  if (answer.mergedFrom) return order.length + 1;
  const i = answer.modelId === null ? -1 : order.indexOf(answer.modelId);
  return i < 0 ? order.length : i;
};


const sameJson = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

const sameMessage = (a: MessageView, b: MessageView): boolean =>
  a.id === b.id && a.content === b.content && a.streaming === b.streaming && a.error === b.error && a.modelId === b.modelId && a.column === b.column
  && sameJson(a.attachments, b.attachments) && sameJson(a.mergedFrom, b.mergedFrom) && a.outdated === b.outdated && a.metrics?.durationMs === b.metrics?.durationMs
  && a.metrics?.firstTokenMs === b.metrics?.firstTokenMs && a.metrics?.tokens === b.metrics?.tokens && a.metrics?.credits === b.metrics?.credits
  && a.version?.index === b.version?.index && a.version?.count === b.version?.count;

/**
 * The turns as they were wherever nothing in them changed: a streamed token, a page read or a turn
 * answered makes new turns of every message, and only the turns that differ should be drawn again.
 * A stored turn or answer that takes the place of the one streamed on screen keeps what that one was
 * drawn under (`drawKey`), so the end of an answer redraws only what changed in it.
 */
export function reuseTurns(previous: readonly TurnView[] | undefined, next: TurnView[] | undefined): TurnView[] | undefined {
  if (!previous || !next) return next;
  const byId = new Map(previous.map((turn) => [turn.id, turn]));
  const streamed = previous.at(-1)?.id === LIVE_TURN_ID ? previous.at(-1) : undefined;
  return next.map((turn, i) => {
    let before = byId.get(turn.id);
    // The turn streamed as a new question, now stored: the last turn in place of the live one.
    if (before === undefined && streamed && i === next.length - 1 && !byId.has(turn.id)) before = streamed;
    // The same turn, or one already found equal to it (toTurns answers the same stored turns while only the run changes).
    if (before === turn) return turn;
    if (before !== undefined && sameAs.get(turn) === before) return before;
    const reused = reuseTurn(before, turn);
    if (reused !== turn) sameAs.set(turn, reused);
    return reused;
  });
}

/** Turns found equal to a drawn one: the drawn one, kept. */
const sameAs = new WeakMap<TurnView, TurnView>();

const isLive = (message: MessageView) => message.id.startsWith('live-');
const drawnAs = (message: MessageView) => message.drawKey ?? message.id;

/** The message as drawn before when nothing in it changed, else the new one under the key it was drawn with. */
function reuseMessage(before: MessageView | undefined, message: MessageView): MessageView {
  if (!before) return message;
  if (sameMessage(before, message)) return before;
  const key = drawnAs(before);
  return key === message.id ? message : { ...message, drawKey: key };
}

function reuseTurn(before: TurnView | undefined, turn: TurnView): TurnView {
  if (!before || before.columns !== turn.columns) return turn;
  // Each answer is matched by its id; a stored answer with none, by the model of a streamed one not yet matched.
  const taken = new Set<MessageView>();
  const match = (answer: MessageView): MessageView | undefined => {
    const found = before.answers.find((b) => !taken.has(b) && b.id === answer.id)
      ?? (isLive(answer) ? undefined : before.answers.find((b) => !taken.has(b) && isLive(b) && b.modelId === answer.modelId && Boolean(b.mergedFrom) === Boolean(answer.mergedFrom)));
    if (found) taken.add(found);
    return found;
  };
  const sameQuestion = before.question && turn.question && (before.question.id === turn.question.id || isLive(before.question)) ? before.question : undefined;
  const question = turn.question ? reuseMessage(sameQuestion, turn.question) : turn.question;
  const answers = turn.answers.map((a) => reuseMessage(match(a), a));
  const unchanged = before.id === turn.id && before.storedQuestionId === turn.storedQuestionId && question === before.question && answers.length === before.answers.length && answers.every((a, i) => a === before.answers[i]);
  if (unchanged) return before;
  const key = before.drawKey ?? before.id;
  return { ...turn, question, answers, ...(key === turn.id ? {} : { drawKey: key }) };
}
