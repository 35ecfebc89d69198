import { loadPromptAttachments } from './chat-attachments.js';
import { z } from 'zod';
import { conversationIdSchema, modelIdsSchema } from '../domain/chat-rules.js';
import { MAX_COLUMN } from '../domain/conversation-tree.js';
import { type AbortSignalLike, domainError, fail, parseInput, ok, type Result } from '../../shared/index.js';
import { streamAnswers } from './chat-answers.js';
import type { ChatRun } from './chat-answers.js';
import { chatPreflight } from './chat-preflight.js';
import { releaseHolds } from '../../credits/index.js';
import { releasingWhenSettled } from './conversation-turn.js';
import { claimLastExchange } from './last-exchange-turn.js';
import { requireUser } from '../../auth/index.js';
import type { ChatDeps } from './run-chat.js';
import { sendPromptOfHistory } from './model-context.js';

const modelIdSchema = z.string({ error: 'The model must be a model id' }).trim().min(1, 'Choose a model').max(100, 'Model id is too long');

const inputSchema = z.object({
  conversationId: conversationIdSchema,
  modelIds: modelIdsSchema.optional(),
  column: z.number({ error: 'The column must be a number' }).int('The column must be a whole number').min(0, 'Columns are numbered from 0').max(MAX_COLUMN, `There are at most ${MAX_COLUMN + 1} columns`).optional(),
  modelId: modelIdSchema.optional(),
});

/** Which models answer again, in which columns of the last turn. */
function columnsToAsk(
  columns: ReadonlyMap<number, string>,
  input: { modelIds?: readonly string[] | undefined; column?: number | undefined; modelId?: string | undefined },
): Result<ReadonlyMap<string, number>> {
  if (input.column !== undefined) {
    // One column: its model again, or the model it is swapped to; the next free column adds one.
    const next = columns.size === 0 ? 0 : Math.max(...columns.keys()) + 1;
    if (!columns.has(input.column) && input.column !== next) {
      return fail(domainError('validation', `The last turn has no column ${input.column} (columns 0 to ${next - 1}; ${next} adds one)`, { column: input.column }));
    }
    const modelId = input.modelId ?? columns.get(input.column);
    if (modelId === undefined) return fail(domainError('validation', 'Choose the model of the new column'));
    const elsewhere = [...columns].find(([column, id]) => id === modelId && column !== input.column);
    if (elsewhere) return fail(domainError('validation', `That model already answers in column ${elsewhere[0]}`, { modelId, column: elsewhere[0] }));
    return ok(new Map([[modelId, input.column]]));
  }
  if (input.modelId !== undefined) return fail(domainError('validation', 'Name the column whose model changes'));
  if (input.modelIds) return ok(new Map(input.modelIds.map((id, i) => [id, i])));
  return ok(new Map([...columns].map(([column, id]) => [id, column])));
}

/**
 * Asks again for the answers to the last user message: every column (by default with the model each
 * shows now; with `modelIds`, column i answered by modelIds[i]), or one `column` alone, with its
 * model or with `modelId` (a swap; the next free column adds a model to the turn). Each new answer is
 * a new version of its column: the earlier ones are kept, and switching back shows them. The same
 * refusals as a new chat apply, checked before anything is written.
 */
export const makeRegenerateAnswer =
  (deps: ChatDeps) =>
  async (input: { conversationId: string; modelIds?: readonly string[]; column?: number; modelId?: string; signal?: AbortSignalLike }): Promise<Result<ChatRun>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const valid = parseInput(inputSchema, input);
    if (!valid.success) return valid;
    const { conversationId } = valid.data;
    const userId = user.data.id;

    // One turn at a time: a second regenerate while this one runs is refused, nothing charged.
    const claimed = await claimLastExchange(deps, userId, conversationId, valid.data.modelIds, 'There is no message to answer again');
    if (!claimed.success) return claimed;
    const { turn, give, messages, settings, last } = claimed.data;
    const asking = columnsToAsk(last.columns, valid.data);
    if (!asking.success) return give(asking);
    const modelIds = [...asking.data.keys()];

    const history = messages.slice(0, last.index + 1);
    const files = last.userMessage.attachments ?? [];
    const prompt = sendPromptOfHistory(messages.slice(0, last.index), { instruction: settings.instruction, message: last.userMessage.content, files, settings });
    const admitted = await chatPreflight(deps, { userId, modelIds, prompt, settings, attachments: files });
    if (!admitted.success) return give(admitted);
    const { models, holds } = admitted.data;

    const loaded = await loadPromptAttachments(deps, userId, history);
    if (!loaded.success) {
      await Promise.all([releaseHolds(deps, userId, holds), turn.end()]);
      return loaded;
    }
    const streaming = streamAnswers(deps, {
      userId,
      conversationId,
      models,
      holds,
      parentId: last.userMessage.id,
      columns: asking.data,
      settings: admitted.data.settings,
      conversation: settings,
      instruction: settings.instruction,
      history,
      ...(loaded.data ? { attachments: loaded.data } : {}),
      ...(input.signal ? { signal: input.signal } : {}),
    });
    return ok(releasingWhenSettled({ conversationId, userMessage: last.userMessage, ...streaming }, turn));
  };
